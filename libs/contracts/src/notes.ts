import { z } from 'zod';

/**
 * Private notes on a conversation and the workspace's canned replies (additions to the spec,
 * docs/sending-messages.md › Notes and canned replies). A note never reaches the customer; the
 * model reads a conversation's notes only when its agent's `readNotes` is on.
 */
const instant = z.string().describe('ISO 8601');
const person = z.object({ id: z.string(), email: z.string().optional() });

export const NOTE_MAX_CHARS = 5000;

export const createNoteRequestSchema = z.strictObject({
  text: z.string().trim().min(1).max(NOTE_MAX_CHARS).describe('the note; an @email of a workspace person mentions them'),
  mentions: z
    .array(z.string().min(1).max(200))
    .max(20)
    .optional()
    .describe('workspace people mentioned, by user id or email (beside the @emails in text)'),
});

export const conversationNoteSchema = z
  .object({
    id: z.string(),
    conversationId: z.string().describe("the conversation's canonical id"),
    text: z.string(),
    author: z
      .object({ type: z.enum(['user', 'api']), id: z.string(), email: z.string().optional() })
      .describe('a signed-in person (their user id) or an API key (key:<id>)'),
    mentions: z.array(person).describe('the workspace people the note mentions'),
    createdAt: instant,
  })
  .meta({ id: 'ConversationNote' });
export type ConversationNote = z.output<typeof conversationNoteSchema>;

export const notesListResponseSchema = z.object({ notes: z.array(conversationNoteSchema).describe('oldest first') });

/** A shortcut as typed after `/` in the console's composer. */
const shortcut = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .regex(/^[\p{L}\p{N}_-]+$/u, 'letters, digits, - and _ only');

export const CANNED_REPLY_MAX_CHARS = 4096;

export const createCannedReplyRequestSchema = z.strictObject({
  shortcut,
  text: z
    .string()
    .trim()
    .min(1)
    .max(CANNED_REPLY_MAX_CHARS)
    .describe(
      'variables: {{contact.firstname}}, {{contact.lastname}}, {{contact.name}}, {{contact.email}}, {{contact.phone}}, {{agent.name}}',
    ),
});

export const updateCannedReplyRequestSchema = createCannedReplyRequestSchema
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'send shortcut, text, or both');

export const cannedReplySchema = z
  .object({ id: z.string(), shortcut: z.string(), text: z.string(), createdAt: instant, updatedAt: instant })
  .meta({ id: 'CannedReply' });
export type CannedReply = z.output<typeof cannedReplySchema>;

export const cannedRepliesQuerySchema = z.looseObject({
  q: z.string().max(50).optional().describe('shortcuts that start with it, then texts that contain it (case-insensitive)'),
  workspace: z.string().optional(),
});

export const cannedRepliesListResponseSchema = z.object({ cannedReplies: z.array(cannedReplySchema).describe('by shortcut') });
