import { z } from 'zod';
import { CONVERSATION_STATUSES } from './messaging';

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

// The records events carry are the API's own (conversation summary, client record, message):
// their known fields are checked, and fields added later pass through untouched (loose), so a
// consumer older than its producer forwards them. Fields are listed in the order the API
// writes them: a parsed event serializes to the same JSON it was published as.
const conversationSummarySchema = z.looseObject({
  id: z.string(),
  conversationId: z.string(),
  clientId: z.string(),
  agentId: z.string().nullable(),
  source: z.string().nullable(),
  canSendDirectMessage: z.boolean(),
  workspaceId: z.string(),
  channelId: z.string(),
  contactName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  topic: z.string().nullable(),
  platform: z.string(),
  status: z.enum(CONVERSATION_STATUSES),
  operation: z.enum(['automatic', 'assistance']),
  messageCount: z.number(),
  owners: z.array(z.string()),
  tags: z.array(z.string()),
  creationDate: z.string(),
  lastUpdate: z.string(),
});

const profileField = z.string().nullable();
const clientRecordSchema = z.looseObject({
  id: z.string(),
  phoneNumber: z.string().nullable(),
  name: profileField,
  firstname: profileField,
  lastname: profileField,
  email: profileField,
  birthdate: profileField,
  gender: profileField,
  company: profileField,
  country: profileField,
  state: profileField,
  city: profileField,
  address: profileField,
  postalCode: profileField,
  status: z.enum(['active', 'blocked']),
  moderation: z.record(z.string(), z.unknown()),
  tags: z.array(z.string()),
  owners: z.array(z.string()),
  customFields: z.record(z.string(), z.unknown()),
  creationDate: z.string(),
  lastUpdate: z.string(),
});

const messageRecordSchema = z.looseObject({
  id: z.string(),
  role: z.string(),
  content: z.string(),
  contentType: z.string(),
  direction: z.enum(['incoming', 'outgoing']),
  status: z.string(),
  creationDate: z.string(),
});

const jsonObject = z.record(z.string(), z.unknown());

/**
 * The `data` of each event type. Producers build events with `domainEvent` (the type names its
 * schema; TypeScript checks the data and the schema parses it), consumers read them with
 * `parseDomainEvent` and refuse what does not parse.
 */
export const eventDataSchemas = {
  'conversation.created': z.object({ conversationId: z.string(), conversation: conversationSummarySchema }),
  'conversation.status.updated': z.object({
    conversationId: z.string(),
    status: z.enum(CONVERSATION_STATUSES),
    previousStatus: z.enum(CONVERSATION_STATUSES),
    conversation: conversationSummarySchema,
  }),
  'message.created': z.object({
    messageId: z.string(),
    conversationId: z.string(),
    clientId: z.string(),
    channelId: z.string(),
    /** Sent messages carry their campaign (the default one when none was named); customers' messages none. */
    campaignId: z.string().nullable().optional(),
    message: messageRecordSchema,
  }),
  'client.created': z.object({ clientId: z.string(), client: clientRecordSchema }),
  'client.customFields.updated': z.object({
    clientId: z.string(),
    /** The keys whose values changed. */
    changed: z.array(z.string()),
    /** Every active custom field after the change. */
    customFields: jsonObject,
  }),
  'message.status.updated': z.object({
    messageId: z.string(),
    conversationId: z.string(),
    channelId: z.string(),
    status: z.string(),
    /** The provider's error when the status is `failed`. */
    error: jsonObject.nullable(),
  }),
  /** Not emitted yet: reserved for the human hand-over (`operation: assistance`). */
  'conversation.assistance.requested': z.object({ conversationId: z.string(), conversation: conversationSummarySchema }),
  'client.blocked': z.object({ clientId: z.string(), blockedReason: z.string(), blockedBy: z.string().nullable() }),
  'agent.turn.requested': z.object({
    conversationRef: z.string(),
    reason: z.enum(['customer_message', 'resume']),
    /** The messages that asked for it (customer messages, or the resume instruction). */
    messageIds: z.array(z.string()),
  }),
} satisfies Record<EventType, z.ZodType<Record<string, unknown>>>;

export type EventData<T extends EventType> = z.output<(typeof eventDataSchemas)[T]>;

declare const parsedByItsSchema: unique symbol;

/**
 * An event about to be recorded, its data parsed by its type's schema. Only `domainEvent`
 * makes one (the brand), so the outbox never records data no schema has checked.
 */
export type NewDomainEvent<T extends EventType = EventType> = {
  [Type in T]: { type: Type; workspaceId: string; data: EventData<Type>; readonly [parsedByItsSchema]: true };
}[T];

/** Builds an event of a type: `data` is checked by TypeScript and parsed by the type's schema (throws when it does not parse). */
export function domainEvent<T extends EventType>(
  type: T,
  workspaceId: string,
  data: z.input<(typeof eventDataSchemas)[T]>,
): NewDomainEvent<T> {
  const schema: z.ZodType = eventDataSchemas[type];
  return { type, workspaceId, data: schema.parse(data) } as NewDomainEvent<T>;
}

/** A published event of one type (or any type): the envelope with its data typed. */
export type TypedDomainEvent<T extends EventType = EventType> = {
  [Type in T]: DomainEvent<EventData<Type>> & { type: Type };
}[T];

const ALL_EVENT_TYPES: readonly string[] = [...EVENT_TYPES, ...INTERNAL_EVENT_TYPES];

const envelopeSchema = z.object({
  id: z.string().min(1),
  type: z.string().refine((type) => ALL_EVENT_TYPES.includes(type), 'an unknown event type'),
  workspaceId: z.string().min(1),
  occurredAt: z.string().refine((at) => !Number.isNaN(Date.parse(at)), 'a date'),
  data: jsonObject,
});

/**
 * A published event read back: `event`, its data parsed by its type's schema (fields a newer
 * producer added to the data itself are dropped), and `published`, the same event exactly as
 * published (what a forwarder such as the webhook dispatcher passes on); else why it is not an
 * event of a known type with valid data (a consumer refuses it).
 */
export function parseDomainEvent(value: unknown): { event: TypedDomainEvent; published: DomainEvent } | { problem: string } {
  const envelope = envelopeSchema.safeParse(value);
  if (!envelope.success) return { problem: `not an event envelope: ${describe(envelope.error)}` };
  const type = envelope.data.type as EventType;
  const schema: z.ZodType<Record<string, unknown>> = eventDataSchemas[type];
  const data = schema.safeParse(envelope.data.data);
  if (!data.success) return { problem: `${type} data does not parse: ${describe(data.error)}` };
  return { event: { ...envelope.data, type, data: data.data } as TypedDomainEvent, published: value as DomainEvent };
}

function describe(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
}
