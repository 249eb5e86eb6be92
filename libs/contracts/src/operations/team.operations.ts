import { defineOperation, errorBodySchema } from '../operation';
import {
  changeRoleRequestSchema,
  invitationCancelledResponseSchema,
  invitationCreatedResponseSchema,
  inviteMemberRequestSchema,
  memberRemovedResponseSchema,
  presenceRequestSchema,
  presenceResponseSchema,
  teamListResponseSchema,
  teamMemberWriteResponseSchema,
} from '../team';

/**
 * The workspace's people and their roles (docs/team.md), the gateway's own data. The `team` area
 * is the `admin` role's: an `agent` is refused 403 (apps/gateway/src/auth/workspace-roles.ts).
 */
export const teamOperations = {
  list: defineOperation({
    operationId: 'team_list',
    method: 'GET',
    path: '/v1/team',
    subject: 'gateway.team.list',
    tag: 'team',
    summary: "The workspace's members (email, name, role) and its pending invitations",
    scope: 'read',
    workspace: 'one',
    responses: { 200: teamListResponseSchema },
  }),
  invite: defineOperation({
    operationId: 'team_invite',
    method: 'POST',
    path: '/v1/team/invitations',
    subject: 'gateway.team.invite',
    tag: 'team',
    summary: 'Invite a colleague with a role; the answer holds the one-time invitation link, shown once',
    description:
      'The colleague opens `invitationUrl`, sets a password (or, with an account already, gives theirs) and joins with the role. A person already in the workspace is 409. A second invitation to the same email replaces the first.',
    scope: 'write',
    workspace: 'one',
    body: inviteMemberRequestSchema,
    responses: { 201: invitationCreatedResponseSchema, 409: errorBodySchema },
  }),
  cancelInvitation: defineOperation({
    operationId: 'team_invitations_cancel',
    method: 'DELETE',
    path: '/v1/team/invitations/{invitationId}',
    subject: 'gateway.team.cancelInvitation',
    tag: 'team',
    summary: 'Cancel a pending invitation: its link stops working',
    scope: 'write',
    workspace: 'one',
    responses: { 200: invitationCancelledResponseSchema, 404: errorBodySchema },
  }),
  changeRole: defineOperation({
    operationId: 'team_members_update',
    method: 'PATCH',
    path: '/v1/team/members/{userId}',
    subject: 'gateway.team.changeRole',
    tag: 'team',
    summary: "Change a member's role; it applies from their next request. The last admin cannot be demoted (409)",
    scope: 'write',
    workspace: 'one',
    body: changeRoleRequestSchema,
    responses: { 200: teamMemberWriteResponseSchema, 404: errorBodySchema, 409: errorBodySchema },
  }),
  remove: defineOperation({
    operationId: 'team_members_remove',
    method: 'DELETE',
    path: '/v1/team/members/{userId}',
    subject: 'gateway.team.remove',
    tag: 'team',
    summary:
      'Remove a member: their console sessions, OAuth tokens and the API keys they created end at once, on every replica. The last admin cannot be removed (409)',
    scope: 'write',
    workspace: 'one',
    responses: { 200: memberRemovedResponseSchema, 404: errorBodySchema, 409: errorBodySchema },
  }),
};

/**
 * Presence (docs/events.md › Presence): the gateway relays it on the event stream of the
 * workspace to whoever looks; never stored or replayed. In the `conversations` area: an agent may.
 */
export const presenceOperation = defineOperation({
  operationId: 'conversations_presence',
  method: 'POST',
  path: '/v1/conversations/{conversationId}/presence',
  subject: 'gateway.presence.publish',
  tag: 'conversations',
  summary: 'Say you are viewing or typing in a conversation (repeat within ttlSeconds to keep it), or that you left',
  description:
    'Relayed at once as a `presence.updated` frame on `GET /v1/events` of the workspace (every gateway replica); never stored. A client forgets a presence after its `ttlSeconds` unless it is repeated.',
  scope: 'write',
  workspace: 'one',
  body: presenceRequestSchema,
  responses: { 200: presenceResponseSchema },
});
