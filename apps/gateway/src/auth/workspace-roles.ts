import type { PublicOperation } from '@platica/contracts';
import { DomainError, ErrorCode } from '@platica/errors';
import type { Credential } from '../credentials/credential';

/**
 * The areas (operation tags) a workspace user with the `agent` role reaches: the inbox
 * (conversations, the messages sent in them, clients, the live event stream) and the list of
 * their workspaces. Everything else needs `admin` (docs/authentication.md › Roles).
 */
export const AGENT_AREAS: ReadonlySet<string> = new Set(['workspaces', 'conversations', 'messages', 'clients', 'events']);

/**
 * Throws 403 when an OAuth user lacks the `admin` role in a workspace the request reaches (its
 * one workspace, else every workspace of the token). API keys carry no role: they have full
 * access to their workspace (spec › Authentication 2 and 9).
 */
export function requireRole(operation: PublicOperation, credential: Credential, workspaceId: string | null): void {
  const { roles } = credential;
  if (!roles || AGENT_AREAS.has(operation.tag)) return;
  const reached = workspaceId ? [workspaceId] : credential.auth.workspaceIds;
  const notAdmin = reached.filter((id) => roles[id] !== 'admin');
  if (notAdmin.length === 0) return;
  throw new DomainError(
    ErrorCode.Forbidden,
    `${operation.method} ${operation.path} needs the admin role: a workspace agent reaches conversations, messages and clients only`,
    { requiredRole: 'admin', role: 'agent', workspaces: notAdmin },
  );
}
