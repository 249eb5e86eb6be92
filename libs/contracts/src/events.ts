/** Domain events, published through each service's outbox to the JetStream stream (ARCHITECTURE.md › Events). */
export const EVENT_TYPES = [
  'conversation.created',
  'conversation.status.updated',
  'message.created',
  'client.created',
  'client.customFields.updated',
  'message.status.updated',
  'conversation.assistance.requested',
  'client.blocked',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export interface DomainEvent<Data = Record<string, unknown>> {
  /** `evt_…`, unique; consumers are idempotent on it and webhooks carry it as `webhook-id`. */
  id: string;
  type: EventType;
  workspaceId: string;
  occurredAt: string;
  data: Data;
}
