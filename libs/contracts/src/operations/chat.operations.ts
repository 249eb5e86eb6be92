import { defineOperation, errorBodySchema } from '../operation';
import { chatListQuerySchema, chatRequestSchema } from '../chat';
import { chatDetailSchema, chatListResponseSchema, chatTurnAnswerSchema } from '../resources';

/** The chat service's public operations (spec › Chat with an agent). */
export const chatOperations = {
  send: defineOperation({
    operationId: 'chat_send',
    method: 'POST',
    path: '/v1/chat',
    subject: 'chat.turns.send',
    tag: 'chat',
    summary: "Start or continue a chat thread: the agent's answer (200), or a scheduled turn (202)",
    scope: 'write',
    workspace: 'one',
    body: chatRequestSchema,
    idempotent: true,
    // A chat turn waits for the agent's reply: model calls and their retries (the chat service answers 504 first).
    timeoutMs: 120_000,
    responses: {
      200: chatTurnAnswerSchema,
      202: chatTurnAnswerSchema,
      /** The workspace reached its credit limit (docs/usage.md › Credit limit). */
      402: errorBodySchema,
      404: errorBodySchema,
      409: errorBodySchema,
      422: errorBodySchema,
      502: errorBodySchema,
    },
  }),
  list: defineOperation({
    operationId: 'chat_list',
    method: 'GET',
    path: '/v1/chat',
    subject: 'chat.chats.list',
    tag: 'chat',
    summary: 'List chat threads (source api_chat)',
    scope: 'read',
    workspace: 'all',
    query: chatListQuerySchema,
    responses: { 200: chatListResponseSchema },
  }),
  get: defineOperation({
    operationId: 'chat_get',
    method: 'GET',
    path: '/v1/chat/{id}',
    subject: 'chat.chats.get',
    tag: 'chat',
    summary: 'Get a chat thread with its messages',
    scope: 'read',
    workspace: 'all',
    responses: { 200: chatDetailSchema, 404: errorBodySchema },
  }),
};
