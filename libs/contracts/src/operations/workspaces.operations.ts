import { defineInternalOperation, defineOperation, trusted } from '../operation';
import type { WorkspaceProfile } from '../usage';
import { workspacesListResponseSchema } from '../workspaces';

/** The gateway's own data, served over NATS like any service's. */
export const workspaceOperations = {
  list: defineOperation({
    operationId: 'workspaces_list',
    method: 'GET',
    path: '/v1/workspaces',
    subject: 'gateway.workspaces.list',
    tag: 'workspaces',
    summary: 'The workspaces the credential can use',
    scope: 'read',
    workspace: 'all',
    responses: { 200: workspacesListResponseSchema },
  }),
  /** Emails of a workspace's users, for services that validate `owners`. */
  members: defineInternalOperation({
    subject: 'gateway.workspaces.members',
    responses: { 200: trusted<{ emails: string[] }>() },
  }),
  /** Timezone and users of the request's workspaces (its `workspaceId`, else all of its credential's), for usage figures. */
  profiles: defineInternalOperation({
    subject: 'gateway.workspaces.profiles',
    responses: { 200: trusted<{ workspaces: WorkspaceProfile[] }>() },
  }),
};
