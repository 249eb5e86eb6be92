import { workspaceOperations, type RpcRequest } from '@platica/contracts';
import { DomainError } from '@platica/errors';
import type { RpcClient } from '../nats/rpc-client';

/**
 * Spec: owners "must be users of the workspace when sent". The gateway owns users, so the
 * request's workspace members are asked of it; each owner that is not one is named (400).
 */
export async function requireWorkspaceUsers(
  rpc: RpcClient,
  request: RpcRequest,
  owners: string[],
  path: (string | number)[] = ['owners'],
): Promise<void> {
  if (!owners.length) return;
  const { emails } = await rpc.call(workspaceOperations.members, request);
  const members = new Set(emails);
  const issues = owners
    .map((email, index) => ({ email, index }))
    .filter(({ email }) => !members.has(email.toLowerCase()))
    .map(({ email, index }) => ({ path: [...path, index], message: `"${email}" is not a user of the workspace` }));
  if (issues.length > 0) throw DomainError.validation(issues);
}
