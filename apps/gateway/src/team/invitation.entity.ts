import { defineEntity, p } from '@mikro-orm/core';
import type { WorkspaceRole } from '@platica/contracts';

/**
 * An invitation to join a workspace with a role (docs/team.md). Only the SHA-256 of its one-time
 * token is stored; the link is shown once to whoever invited. Read and written by TeamRepository.
 */
const InvitationSchema = defineEntity({
  name: 'Invitation',
  tableName: 'invitation',
  properties: {
    id: p.text().primary(),
    workspaceId: p.text().index(),
    /** Lower-cased. */
    email: p.text(),
    role: p.text().$type<WorkspaceRole>(),
    tokenHash: p.text().unique(),
    invitedBy: p.text().nullable(),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
    /** Accepted or cancelled (or replaced by a new invitation to the email): the link no longer works. */
    closedAt: p.datetime().nullable(),
  },
});
export class Invitation extends InvitationSchema.class {}
InvitationSchema.setClass(Invitation);
