import { workspaceOperations, type WorkspaceProfile } from '@platica/contracts';
import { serviceRequest, type RpcClient } from '@platica/platform';

export type Person = WorkspaceProfile['users'][number];

/** A workspace's users with their emails and roles, asked of the gateway (which knows them) on messaging's own behalf. */
export async function workspacePeople(rpc: RpcClient, workspaceId: string): Promise<Person[]> {
  const answer = await rpc.call(workspaceOperations.profiles, serviceRequest('messaging', workspaceId, {}));
  return answer.workspaces.find((w) => w.id === workspaceId)?.users ?? [];
}
