import { z } from 'zod';
import { conversationMessageSchema } from './resources';

/**
 * Reading conversations the way an inbox does (issue 49 items 1, 3 and 6; docs/sending-messages.md
 * › Reading a conversation): its messages a page at a time from the newest, a person's read
 * marker, and the counts a sidebar shows. Additions to the spec.
 */

export const conversationMessagesQuerySchema = z.looseObject({
  limit: z.coerce.number().int().min(1).max(200).optional().describe('messages per page, default 50'),
  pageToken: z.string().min(1).max(2000).optional().describe('the nextPageToken of the previous page: the messages before it'),
  workspace: z.string().optional(),
});

export const conversationMessagesResponseSchema = z.object({
  conversationId: z.string().describe("the conversation's canonical id"),
  messages: z.array(conversationMessageSchema).describe('the newest page first; chronological within a page'),
  nextPageToken: z.string().nullable().describe('the older messages; null at the first message'),
});

export const conversationReadResponseSchema = z.object({
  conversationId: z.string(),
  userId: z.string(),
  readAt: z.string().describe('ISO 8601'),
  unreadCount: z.number().int(),
});

const countsOfWorkspace = z.object({
  states: z
    .object({ ai: z.number().int(), waiting: z.number().int(), human: z.number().int(), closed: z.number().int() })
    .describe('conversations by state, as the list filters them with state='),
  views: z
    .object({ mine: z.number().int().nullable(), unassigned: z.number().int(), all: z.number().int() })
    .describe('open conversations (not closed): assigned to the signed-in person (null for an API key), to nobody, all'),
  unread: z
    .number()
    .int()
    .nullable()
    .describe('open conversations with customer messages the signed-in person has not read (null for an API key)'),
});

export const conversationCountsResponseSchema = z.object({
  workspaces: z.array(z.object({ id: z.string(), name: z.string(), counts: countsOfWorkspace })),
});
export type ConversationCounts = z.output<typeof countsOfWorkspace>;
