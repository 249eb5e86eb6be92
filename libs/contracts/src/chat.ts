import { z } from 'zod';
import { clientUpsertSchema } from './messaging';
import { DELAY_MAX_MS, DELAY_MIN_MS } from './scheduled';

/** Chat with an agent (spec › Endpoints › Chat with an agent; Limits). */

export const CHAT_ATTACHMENTS_MAX = 10;
export const CHAT_LIST_LIMIT_MAX = 200;
export const CHAT_LIST_OFFSET_MAX = 100_000;

export const chatAttachmentSchema = z.strictObject({
  url: z.url({ protocol: /^https?$/, error: 'a public or signed http(s) URL' }).max(4000),
  mimeType: z.string().regex(/^[\w.+-]+\/[\w.+-]+$/, 'a MIME type such as image/png'),
  filename: z.string().min(1).max(240).optional(),
});
export type ChatAttachment = z.output<typeof chatAttachmentSchema>;

/** The person speaking with the agent: looked up by `id`, `email` or `phoneNumber` (rule 2). */
export const chatClientSchema = z.strictObject({
  id: z.string().min(1).max(100).optional(),
  name: clientUpsertSchema.shape.name,
  firstname: clientUpsertSchema.shape.firstname,
  lastname: clientUpsertSchema.shape.lastname,
  email: clientUpsertSchema.shape.email,
  phoneNumber: z
    .string()
    .regex(/^\+?\d{8,15}$/, 'a phone number in international format')
    .optional(),
  customFields: clientUpsertSchema.shape.customFields,
});
export type ChatClient = z.output<typeof chatClientSchema>;

/** `POST /v1/chat`. Which fields a start needs (no `conversationId`) is checked here too. */
export const chatRequestSchema = z
  .strictObject({
    message: z.string().min(1).max(16_000).optional(),
    attachments: z.array(chatAttachmentSchema).max(CHAT_ATTACHMENTS_MAX, `at most ${CHAT_ATTACHMENTS_MAX} attachments`).optional(),
    agentId: z.string().min(1).max(100).optional(),
    conversationId: z.string().min(1).max(200).optional(),
    additionalInstructions: z.string().min(1).max(16_000).optional(),
    client: chatClientSchema.optional(),
    delay: z.number().int().min(DELAY_MIN_MS).max(DELAY_MAX_MS).optional(),
    scheduleAt: z.iso.datetime({ offset: true, error: 'an ISO 8601 date and time with its zone, e.g. 2026-05-01T15:00:00Z' }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.delay !== undefined && body.scheduleAt !== undefined) {
      for (const field of ['delay', 'scheduleAt']) {
        ctx.addIssue({ code: 'custom', path: [field], message: 'delay and scheduleAt cannot be combined: send one of them' });
      }
    }
    if (body.message === undefined && !body.attachments?.length) {
      ctx.addIssue({ code: 'custom', path: ['message'], message: 'send a message, attachments, or both' });
    }
    if (body.conversationId === undefined) {
      if (body.agentId === undefined) ctx.addIssue({ code: 'custom', path: ['agentId'], message: 'required when starting a chat' });
      if (body.client && body.client.id === undefined && body.client.email === undefined && body.client.phoneNumber === undefined) {
        ctx.addIssue({ code: 'custom', path: ['client'], message: 'when starting a chat, client needs its id, email or phoneNumber' });
      }
    }
  });
export type ChatRequest = z.output<typeof chatRequestSchema>;

/** `GET /v1/chat`. */
export const chatListQuerySchema = z.strictObject({
  clientId: z.string().min(1).max(100).optional(),
  agentId: z.string().min(1).max(100).optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_LIST_LIMIT_MAX).default(50),
  offset: z.coerce.number().int().min(0).max(CHAT_LIST_OFFSET_MAX).default(0),
});
export type ChatListQuery = z.output<typeof chatListQuerySchema>;

/** A message of a chat's immediate answer. */
export interface ChatReplyMessage {
  id: string;
  role: 'assistant';
  content: string;
  contentType: string;
}

/** The answer of an immediate turn (200) or of a scheduled one (202). */
export interface ChatTurnAnswer {
  id: string;
  conversationId: string;
  clientId: string;
  agentId: string;
  status: 'completed' | 'scheduled';
  requestMessageId: string;
  messages: ChatReplyMessage[];
  reactivated?: boolean;
  agentChanged?: boolean;
  schedule?: { taskId: string; scheduleAt: string; delayMs?: number };
  timestamp: string;
}
