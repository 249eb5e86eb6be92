import { z } from 'zod';
import { eventsStreamQuerySchema } from '../events';
import { defineOperation } from '../operation';

/**
 * `GET /v1/events`: the workspace's events as server-sent events, served by the gateway itself
 * from the events stream (docs/events.md). Not a request/reply: no service answers `subject`,
 * and it has no /mcp tool.
 */
export const eventStreamOperation = defineOperation({
  operationId: 'events_stream',
  method: 'GET',
  path: '/v1/events',
  subject: 'gateway.events.stream',
  tag: 'events',
  summary: "A live stream of the workspace's events (text/event-stream), resumable with Last-Event-ID",
  description:
    'Each event is sent as `id:` (its position in the stream), `event:` (its type) and `data:` (the envelope webhooks carry). Reconnect with `Last-Event-ID` (or `?lastEventId=`) to resume after that event.',
  scope: 'read',
  workspace: 'one',
  query: eventsStreamQuerySchema,
  streaming: 'text/event-stream',
  responses: {
    200: z.string().describe('text/event-stream: `id:`, `event:` and `data:` (the event envelope) per event; `:` comments as heartbeats'),
  },
});
