import { z } from 'zod';
import { WORKSPACE_ROLES } from './api-keys';

/** A person of the workspace (docs/team.md): who they are and what they may do there. */
export const teamMemberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: z.enum(WORKSPACE_ROLES),
  joinedAt: z.string(),
});
export type TeamMember = z.output<typeof teamMemberSchema>;

/** An invitation not accepted yet: its link was shown once, to whoever invited. */
export const teamInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(WORKSPACE_ROLES),
  invitedBy: z.string().nullable().describe('The email of the person (or the key owner) who invited'),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type TeamInvitation = z.output<typeof teamInvitationSchema>;

export const teamListResponseSchema = z.object({
  members: z.array(teamMemberSchema),
  invitations: z.array(teamInvitationSchema).describe('Pending invitations (neither accepted, cancelled nor expired)'),
});

/** `POST /v1/team/invitations`: the colleague's email and the role they get when they accept. */
export const inviteMemberRequestSchema = z.strictObject({
  email: z.email('an email address').max(254, 'at most 254 characters'),
  role: z.enum(WORKSPACE_ROLES),
});

export const invitationCreatedResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: teamInvitationSchema.extend({
    invitationUrl: z.string().describe('Where the colleague sets a password and joins: shown once, valid until expiresAt, usable once'),
  }),
});

/** `PATCH /v1/team/members/{userId}`. */
export const changeRoleRequestSchema = z.strictObject({ role: z.enum(WORKSPACE_ROLES) });

export const teamMemberWriteResponseSchema = z.object({ status: z.literal('success'), message: z.string(), data: teamMemberSchema });

export const memberRemovedResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({
    userId: z.string(),
    revokedAccessTokens: z.number().int().describe('OAuth tokens (console sessions included) ended at once'),
    revokedApiKeys: z.number().int().describe('API keys the person created in the workspace (and keys minted by them), revoked at once'),
  }),
});

export const invitationCancelledResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: teamInvitationSchema,
});

/** What someone signed in is doing on a conversation (docs/events.md › Presence); `left` ends it at once. */
export const PRESENCE_ACTIVITIES = ['viewing', 'typing', 'left'] as const;
export type PresenceActivity = (typeof PRESENCE_ACTIVITIES)[number];

/** `POST /v1/conversations/{conversationId}/presence`: a heartbeat, repeated while it holds. */
export const presenceRequestSchema = z.strictObject({ activity: z.enum(PRESENCE_ACTIVITIES) });

/** The data of a `presence.updated` frame on the event stream (never stored, never replayed). */
export const presenceSchema = z.object({
  conversationId: z.string(),
  userId: z.string(),
  name: z.string().describe("The person's name, else their email"),
  activity: z.enum(PRESENCE_ACTIVITIES),
  /** It holds this long unless repeated: a client forgets it after, so a closed tab's presence goes by itself. */
  ttlSeconds: z.number().int(),
  at: z.string(),
});
export type Presence = z.output<typeof presenceSchema>;

export const presenceResponseSchema = z.object({ status: z.literal('success'), message: z.string(), data: presenceSchema });
