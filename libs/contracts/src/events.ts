/** Domain events webhooks can subscribe to, published through each service's outbox to the JetStream stream (ARCHITECTURE.md › Events). */
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

/** Events other services consume but webhooks cannot subscribe to. */
export const INTERNAL_EVENT_TYPES = [
  /** Messaging asks the agent runtime for a turn (a customer wrote, or a `resume` instruction). */
  'agent.turn.requested',
] as const;

export type PublicEventType = (typeof EVENT_TYPES)[number];
export type EventType = PublicEventType | (typeof INTERNAL_EVENT_TYPES)[number];

export interface DomainEvent<Data = Record<string, unknown>> {
  /** `evt_…`, unique; consumers are idempotent on it and webhooks carry it as `webhook-id`. */
  id: string;
  type: EventType;
  workspaceId: string;
  occurredAt: string;
  data: Data;
}
