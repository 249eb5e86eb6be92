import type { RpcRequest, WorkspaceRef } from '@platica/contracts';

/** The workspaces a request reads: the one it names (`?workspace=` or its only one), else all of the credential's. */
export function readScope(request: Pick<RpcRequest, 'auth' | 'workspaceId'>): WorkspaceRef[] {
  const { workspaces } = request.auth;
  return request.workspaceId ? workspaces.filter((w) => w.id === request.workspaceId) : workspaces;
}

/**
 * The one workspace a request targets: a write's or any operation's of workspace rule `one`
 * (the gateway resolves it, or refuses the request), and a service's call on its own behalf.
 * The only way a handler reads it.
 */
export function writeScope(request: Pick<RpcRequest, 'auth' | 'workspaceId'>): WorkspaceRef {
  const workspace = request.auth.workspaces.find((w) => w.id === request.workspaceId);
  if (!workspace) throw new Error('a write without a resolved workspace reached the service');
  return workspace;
}

/**
 * The spec's grouped read payload: `workspaces[]` of `{id, name, <list>[], <list>Count}`,
 * one group per workspace in scope, in the scope's order.
 */
export function groupByWorkspace<Item extends { workspaceId: string }>(
  scope: WorkspaceRef[],
  items: Item[],
  list: string,
  present: (item: Item) => unknown,
): { workspaces: Record<string, unknown>[] } {
  return {
    workspaces: scope.map((workspace) => {
      const own = items.filter((item) => item.workspaceId === workspace.id).map(present);
      return { id: workspace.id, name: workspace.name, [list]: own, [`${list}Count`]: own.length };
    }),
  };
}
