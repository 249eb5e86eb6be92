/**
 * What a webhook may hold (spec › Webhook; the server's `libs/contracts/src/webhooks.ts`, which
 * webhook-bounds.spec.ts checks this copy against): the forms validate with these.
 */
export const WEBHOOK_BOUNDS = {
  name: { max: 100 },
  url: { max: 500 },
  secret: { max: 255 },
  headers: { maxItems: 10, nameMax: 100, valueMax: 1000 },
} as const;

/** The events a webhook can subscribe to, in the API's order. */
export const WEBHOOK_EVENTS = [
  'conversation.created',
  'conversation.status.updated',
  'message.created',
  'client.created',
  'client.customFields.updated',
  'message.status.updated',
  'conversation.assistance.requested',
  'conversation.operation.updated',
  'conversation.assignee.updated',
  'conversation.read',
  'conversation.note.created',
  'conversation.note.deleted',
  'canned_reply.created',
  'canned_reply.updated',
  'canned_reply.deleted',
  'client.blocked',
  'workspace.credit_limit.reached',
] as const;
