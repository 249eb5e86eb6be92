import type { RpcRequest } from '@platica/contracts';

/**
 * The envelope auth of a request that reached a hook without a credential (Meta's webhooks,
 * an OAuth redirect): no workspace, no scope. The receiving service authenticates it by its
 * own means (Meta's signature, a one-time `state`); `principal` names the hook in its logs.
 */
export function hookAuth(principal: string): RpcRequest['auth'] {
  return { principal, credentialType: 'admin', workspaceIds: [], workspaces: [], scopes: [], userId: null, userEmail: null };
}
