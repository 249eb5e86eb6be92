import { z } from 'zod';
import { CONVERSATION_STATUSES } from './messaging';
import { cannedReplySchema, conversationNoteSchema } from './notes';
import { chatMessageSchema, clientRecordSchema, conversationSummarySchema, MESSAGE_STATUSES } from './resources';

/** Domain events webhooks can subscribe to, published through each service's outbox to the JetStream stream (ARCHITECTURE.md › Events). */
export const EVENT_TYPES = [
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

const jsonObject = z.record(z.string(), z.unknown());

// The records events carry are the API's own (conversation summary, client record, message as a
// chat shows it), checked by the same schemas as the API's answers.
const eventMessageSchema = chatMessageSchema.extend({
  /** Free-form: a delivery error carries the provider's own fields (Meta's numeric codes). */
  error: jsonObject.optional(),
});

/**
 * The `data` of each event type. Producers build events with `domainEvent` (the type names its
 * schema; TypeScript and the schema check the data), consumers read them with
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
    message: eventMessageSchema,
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
    status: z.enum(MESSAGE_STATUSES),
    /** The provider's error when the status is `failed`. */
    error: jsonObject.nullable(),
  }),
  /** The agent asked for a person (`request_human_assistance`, a guardrail's hand-over, the credit limit): the conversation waits for one. */
  'conversation.assistance.requested': z.object({ conversationId: z.string(), conversation: conversationSummarySchema }),
  /**
   * An addition: who has the customer changed: a person took the conversation over (by Take over or
   * by replying), took it from another person, or handed it back to the agent (docs/sending-messages.md › Who answers).
   */
  'conversation.operation.updated': z.object({
    conversationId: z.string(),
    operation: z.enum(['automatic', 'assistance']),
    previousOperation: z.enum(['automatic', 'assistance']),
    /** The person (or `key:<id>`) who has it now; null when handed back. */
    handledBy: z.string().nullable(),
    /** Who made the change (the same as handledBy on a takeover). */
    changedBy: z.string().nullable(),
    conversation: conversationSummarySchema,
  }),
  /** An addition: the conversation's assignee changed (docs/sending-messages.md › Assignment). */
  'conversation.assignee.updated': z.object({
    conversationId: z.string(),
    /** The user assigned now; null when unassigned. */
    assignee: z.string().nullable(),
    previousAssignee: z.string().nullable(),
    /** Who assigned (a user id or `key:<id>`); null for round-robin. */
    changedBy: z.string().nullable(),
    conversation: conversationSummarySchema,
  }),
  /** An addition: a person read the conversation (POST /v1/conversations/{id}/read): their other tabs clear its unread count. */
  'conversation.read': z.object({ conversationId: z.string(), userId: z.string(), readAt: z.string() }),
  /** Additions (docs/sending-messages.md › Notes): a private note written or deleted; `mentions` are the user ids it mentions. */
  'conversation.note.created': z.object({ conversationId: z.string(), note: conversationNoteSchema, mentions: z.array(z.string()) }),
  'conversation.note.deleted': z.object({ conversationId: z.string(), note: conversationNoteSchema, deletedBy: z.string() }),
  /** Additions (docs/sending-messages.md › Canned replies): the workspace's snippets changed. */
  'canned_reply.created': z.object({ cannedReply: cannedReplySchema, changedBy: z.string() }),
  'canned_reply.updated': z.object({ cannedReply: cannedReplySchema, changedBy: z.string() }),
  'canned_reply.deleted': z.object({ cannedReply: cannedReplySchema, changedBy: z.string() }),
  'client.blocked': z.object({ clientId: z.string(), blockedReason: z.string(), blockedBy: z.string().nullable() }),
  /**
   * The workspace's billable messages reached its credit limit: once per billing period (docs/usage.md
   * › Credit limit). From then on sends, chat turns and campaign sends answer 402 and agents stay silent.
   */
  'workspace.credit_limit.reached': z.object({
    creditLimit: z.number().int(),
    /** The billing period's billable messages when the limit was seen reached. */
    billableMessages: z.number().int(),
    billingPeriod: z.object({ startDate: z.string(), endDate: z.string() }),
  }),
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
 * An event about to be recorded, its data checked by its type's schema. Only `domainEvent`
 * makes one (the brand), so the outbox never records data no schema has checked.
 */
export type NewDomainEvent<T extends EventType = EventType> = {
  [Type in T]: { type: Type; workspaceId: string; data: EventData<Type>; readonly [parsedByItsSchema]: true };
}[T];

/**
 * Builds an event of a type: `data` is checked by TypeScript and by the type's schema (throws
 * when it does not parse), and goes out as given: what webhooks receive is what the producer wrote.
 */
export function domainEvent<T extends EventType>(type: T, workspaceId: string, data: EventData<T>): NewDomainEvent<T> {
  const schema: z.ZodType = eventDataSchemas[type];
  schema.parse(data);
  return { type, workspaceId, data } as NewDomainEvent<T>;
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
 * producer added are dropped), and `published`, the same event exactly as
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

/**
 * Frames only the event stream carries, when asked for by name in `types` (docs/events.md ›
 * Presence): ephemeral, relayed from core NATS, with no `id:` (never stored, never replayed).
 */
export const STREAM_ONLY_TYPES = ['presence.updated'] as const;
const STREAMABLE_TYPES: readonly string[] = [...EVENT_TYPES, ...STREAM_ONLY_TYPES];

/** `GET /v1/events`: which events, and where to resume (for clients that cannot send `Last-Event-ID`). */
export const eventsStreamQuerySchema = z.strictObject({
  types: z
    .string()
    .refine(
      (types) => types.split(',').every((type) => STREAMABLE_TYPES.includes(type.trim())),
      `a comma-separated list of event types among: ${STREAMABLE_TYPES.join(', ')}`,
    )
    .optional(),
  lastEventId: z
    .string()
    .regex(/^\d{1,15}$/, "an event's id from this stream")
    .optional(),
  workspace: z.string().optional(),
});
