import { z } from 'zod';
import { messageMediaQuerySchema } from '../media';
import { defineOperation, errorBodySchema } from '../operation';

/**
 * `GET /v1/conversations/{id}/messages/{messageId}/media`: a customer's photo, voice note,
 * video, document or sticker, as bytes. Served by the gateway (its bytes do not fit one NATS
 * reply), which asks messaging (`internalOperations.messaging.messageMedia`); no /mcp tool.
 */
export const messageMediaOperation = defineOperation({
  operationId: 'conversations_message_media',
  method: 'GET',
  path: '/v1/conversations/{id}/messages/{messageId}/media',
  subject: 'gateway.media.get',
  tag: 'conversations',
  summary: "A message's media (image, audio, video, document, sticker) as its bytes, fetched from Meta with the channel's token",
  description:
    'The bytes with their `Content-Type` and `Content-Length`, `Cache-Control: private`; documents and any type a browser could run (HTML, SVG, …) come as `Content-Disposition: attachment` with their file name. The channel token and Meta’s URLs never appear. 404: no such conversation or message in the workspace, or the message has no media (at `index`); 410: Meta no longer has the media (WhatsApp keeps it 30 days); 422: larger than the installation serves; 502: Meta could not be asked or refused.',
  scope: 'read',
  workspace: 'one',
  query: messageMediaQuerySchema,
  streaming: '*/*',
  responses: {
    200: z.string().describe('The media’s bytes'),
    404: errorBodySchema,
    410: errorBodySchema,
    422: errorBodySchema,
    502: errorBodySchema,
  },
});
