import { z } from 'zod';

/**
 * What a conversation list row shows beside the spec's summary fields (issue 49 items 1 and 5;
 * docs/sending-messages.md › Listing conversations): the latest message and a failure flag. Both
 * are kept on the conversation as messages are written, so the list reads no messages.
 */
export const conversationLastMessageSchema = z
  .object({
    messageId: z.string(),
    preview: z.string().nullable().describe("a text message's first 120 characters; null for media and other kinds (see contentType)"),
    contentType: z.string().describe('text, image, audio, video, document, sticker, location, template, interactive…'),
    by: z.string().describe('who wrote it: customer, agent (the AI), person (a signed-in user or the business app), api, campaign'),
    at: z.string().describe('ISO 8601'),
  })
  .meta({ id: 'ConversationLastMessage' });

export const conversationFailureSchema = z
  .object({
    kind: z
      .enum(['send', 'turn'])
      .describe("send: the latest send was not delivered; turn: the agent's latest turn failed without a reply"),
    reason: z
      .string()
      .nullable()
      .describe("messaging's reason (unreachable, refused, window_closed, unsendable) or the error's code (Meta's, the runtime's)"),
    message: z.string().nullable().describe("the error's own words"),
    messageId: z.string(),
    at: z.string().describe('ISO 8601'),
  })
  .meta({ id: 'ConversationFailure' });

export type ConversationLastMessage = z.output<typeof conversationLastMessageSchema>;
export type ConversationFailure = z.output<typeof conversationFailureSchema>;
