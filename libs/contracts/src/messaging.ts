import { z } from 'zod';
import { countryCodeSchema } from './country';

/** A dynamic button parameter of a template send (spec › Campaigns › buttons[]; also `POST /v1/messages/template`). */
export const templateButtonSchema = z.strictObject({
  index: z.number().int().min(0).max(9),
  type: z.string().default('button').optional(),
  sub_type: z.enum(['url', 'phone_number', 'quick_reply', 'otp']).optional(),
  text: z.string().max(25).optional(),
  placeholder: z.string().max(200).optional(),
  parameters: z
    .array(
      z.strictObject({
        type: z.string().min(1),
        text: z.string().min(1).max(2000),
        url: z.string().max(2000).optional(),
        selectedFields: z.array(z.string()).optional(),
      }),
    )
    .min(1),
});

/**
 * Request schemas of the messaging service's public operations (spec › Send custom message,
 * Conversations, Clients; ARCHITECTURE.md › Decisions). They validate only: no transforms,
 * so the same schemas feed the OpenAPI document. The service normalizes after validating.
 */

const httpsUrl = z.url({ protocol: /^https$/, hostname: z.regexes.domain, error: 'a public https URL' }).max(2000);
const httpUrl = z.url({ protocol: /^https?$/, error: 'an http(s) URL' }).max(2000);
const email = z.email().max(320);
const caption = z.string().max(1024);

/** The customer data an integrator may send with a message (spec › Client object in a send request). */
export const clientUpsertSchema = z.strictObject({
  name: z.string().max(200).optional(),
  firstname: z.string().max(200).optional(),
  lastname: z.string().max(200).optional(),
  email: email.optional(),
  birthdate: z
    .string()
    .regex(/^(0[1-9]|[12]\d|3[01])\/(0[1-9]|1[0-2])\/\d{4}$/, 'a date written dd/mm/yyyy')
    .optional(),
  gender: z.enum(['male', 'female']).optional(),
  company: z.string().max(200).optional(),
  country: countryCodeSchema.optional(),
  state: z.string().max(200).optional(),
  city: z.string().max(200).optional(),
  address: z.string().max(500).optional(),
  postalCode: z.string().max(20).optional(),
  customFields: z.record(z.string(), z.union([z.string().max(2000), z.number(), z.boolean(), z.null()])).optional(),
  owners: z.array(email).max(50).optional(),
});
export type ClientUpsert = z.output<typeof clientUpsertSchema>;

export const MESSAGE_TYPES = ['text', 'image', 'video', 'file', 'audio', 'interactive', 'email', 'instruction'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

const interactiveHeader = z.strictObject({ type: z.literal('text'), text: z.string().min(1).max(60) });
const interactiveBody = z.strictObject({ text: z.string().min(1).max(1024) });
const interactiveFooter = z.strictObject({ text: z.string().min(1).max(60) });

const buttonMessage = z.strictObject({
  type: z.literal('button'),
  header: interactiveHeader.optional(),
  body: interactiveBody,
  footer: interactiveFooter.optional(),
  action: z.strictObject({
    buttons: z
      .array(z.strictObject({ id: z.string().min(1).max(256), title: z.string().min(1).max(20) }))
      .min(1)
      .max(3, 'at most 3 buttons')
      .refine((buttons) => new Set(buttons.map((b) => b.id)).size === buttons.length, 'button ids must be unique'),
  }),
});

const listMessage = z.strictObject({
  type: z.literal('list'),
  header: interactiveHeader.optional(),
  body: interactiveBody,
  footer: interactiveFooter.optional(),
  action: z.strictObject({
    button: z.string().min(1).max(20),
    sections: z
      .array(
        z.strictObject({
          title: z.string().max(24).optional(),
          rows: z
            .array(
              z.strictObject({
                id: z.string().min(1).max(200),
                title: z.string().min(1).max(24),
                description: z.string().max(72).optional(),
              }),
            )
            .min(1),
        }),
      )
      .min(1)
      .max(10)
      .refine((sections) => sections.reduce((n, s) => n + s.rows.length, 0) <= 10, 'at most 10 rows in total across sections'),
  }),
});

const flowMessage = z.strictObject({
  type: z.literal('flow'),
  header: interactiveHeader.optional(),
  body: interactiveBody,
  footer: interactiveFooter.optional(),
  action: z.strictObject({
    parameters: z
      .strictObject({
        flow_id: z.string().min(1).max(100).optional(),
        flow_name: z.string().min(1).max(200).optional(),
        flow_cta: z.string().min(1).max(30),
        flow_action: z.enum(['navigate', 'data_exchange']).optional(),
        flow_action_payload: z.record(z.string(), z.unknown()).optional(),
        mode: z.enum(['draft', 'published']).optional(),
      })
      .refine((p) => (p.flow_id === undefined) !== (p.flow_name === undefined), 'exactly one of flow_id or flow_name'),
  }),
});

/** The content of each message type (spec › Content shapes by type). */
export const messageContentSchemas = {
  text: z.union([z.string().min(1).max(4096), z.strictObject({ text: z.string().min(1).max(4096) })]),
  image: z.strictObject({ image: z.strictObject({ url: httpsUrl, caption: caption.optional() }) }),
  video: z.strictObject({ video: z.strictObject({ url: httpsUrl, caption: caption.optional() }) }),
  file: z.strictObject({
    file: z.strictObject({ url: httpsUrl, filename: z.string().min(1).max(240).optional(), caption: caption.optional() }),
  }),
  audio: z.strictObject({ audio: z.strictObject({ url: httpsUrl }) }),
  interactive: z.discriminatedUnion('type', [buttonMessage, listMessage, flowMessage]),
  instruction: z.strictObject({ text: z.string().min(1).max(4096), mode: z.enum(['wait', 'resume']) }),
  email: z.looseObject({ subject: z.string().max(998).optional(), text: z.string().optional(), html: z.string().optional() }),
} satisfies Record<MessageType, z.ZodType>;

export type InteractiveContent = z.output<typeof messageContentSchemas.interactive>;

/** `delay` (ms) and `scheduleTime` (ISO 8601): exactly one of them makes a send scheduled (issue 5). */
const scheduling = {
  delay: z.number().int().min(3_000).max(86_400_000).optional(),
  scheduleTime: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/, 'an ISO 8601 date and time')
    .optional(),
};

function refineScheduling(body: { delay?: number; scheduleTime?: string }, ctx: z.RefinementCtx): void {
  if (body.delay !== undefined && body.scheduleTime !== undefined) {
    for (const field of ['delay', 'scheduleTime']) {
      ctx.addIssue({ code: 'custom', path: [field], message: 'delay and scheduleTime cannot be combined: send one of them' });
    }
  }
}

/** `POST /v1/messages`. */
export const sendMessageRequestSchema = z
  .strictObject({
    channelId: z.string().min(1).max(100),
    conversationId: z.string().min(1).max(200),
    content: z.union([z.string(), z.record(z.string(), z.unknown())]),
    type: z.enum(MESSAGE_TYPES).optional(),
    client: clientUpsertSchema.optional(),
    campaignId: z.string().min(1).max(100).optional(),
    ...scheduling,
  })
  .superRefine((body, ctx) => {
    refineScheduling(body, ctx);
    const type = body.type ?? (typeof body.content === 'string' ? 'text' : undefined);
    if (type === undefined) {
      ctx.addIssue({ code: 'custom', path: ['type'], message: `required when content is an object: one of ${MESSAGE_TYPES.join(', ')}` });
      return;
    }
    const result = messageContentSchemas[type].safeParse(body.content);
    if (!result.success) {
      for (const issue of result.error.issues) {
        ctx.addIssue({
          code: 'custom',
          path: ['content', ...issue.path.map((s) => (typeof s === 'symbol' ? String(s) : s))],
          message: issue.message,
        });
      }
    }
  });
export type SendMessageRequest = z.output<typeof sendMessageRequestSchema>;

/** `POST /v1/messages/template` (ARCHITECTURE.md › Decisions). */
export const sendTemplateRequestSchema = z
  .strictObject({
    channelId: z.string().min(1).max(100),
    conversationId: z.string().min(1).max(200),
    template: z.strictObject({
      name: z.string().min(1).max(512),
      language: z.string().min(2).max(15).optional(),
      params: z.array(z.string().min(1).max(1024)).max(100).optional(),
      type: z.enum(['image', 'video', 'document']).optional(),
      file: httpUrl.optional(),
      buttons: z.array(templateButtonSchema).max(10).optional(),
    }),
    client: clientUpsertSchema.optional(),
    campaignId: z.string().min(1).max(100).optional(),
    ...scheduling,
  })
  .superRefine(refineScheduling);
export type SendTemplateRequest = z.output<typeof sendTemplateRequestSchema>;

export const CONVERSATION_STATUSES = ['initiated', 'active', 'finished', 'spam', 'expired'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];
/** `assistance`: a person handles the conversation (taken over, or the agent asked for one); the agent stays silent. */
export const CONVERSATION_OPERATIONS = ['automatic', 'assistance'] as const;
/**
 * Who has the customer (an addition to the spec, docs/sending-messages.md › Who answers): `ai` the
 * agent answers; `waiting` the agent asked for a person and nobody took it yet; `human` a person
 * (or an API key) took it over; `closed` the conversation is `finished`, `expired` or `spam`.
 */
export const CONVERSATION_STATES = ['ai', 'waiting', 'human', 'closed'] as const;
export type ConversationState = (typeof CONVERSATION_STATES)[number];

/** `status` of `GET /v1/conversations`: one status, several comma-separated, or the parameter repeated (as `tags`). */
const conversationStatusFilter = z
  .union([z.string().max(200), z.array(z.string().max(50)).max(CONVERSATION_STATUSES.length)])
  .superRefine((value, ctx) => {
    const statuses = (typeof value === 'string' ? value.split(',') : value).map((status) => status.trim());
    for (const status of statuses) {
      if (!(CONVERSATION_STATUSES as readonly string[]).includes(status)) {
        ctx.addIssue({ code: 'custom', message: `"${status}" is not a status: one or several of ${CONVERSATION_STATUSES.join(', ')}` });
        return;
      }
    }
  });

/** Query of `GET /v1/conversations` (values arrive as strings). */
/**
 * `q` of `GET /v1/conversations` and `GET /v1/clients` (an addition to the spec,
 * docs/sending-messages.md › Searching): a name, an email, a phone number in any format, words.
 */
const searchQuery = z
  .string()
  .max(200, 'at most 200 characters')
  .optional()
  .describe(
    'Search: contact or client name (accents and case ignored, any part), email, phone number in any format (its digits, any part), or words of a message',
  );

export const listConversationsQuerySchema = z.looseObject({
  limit: z.coerce.number().int().min(1).max(200).optional(),
  offset: z.coerce.number().int().min(0).max(100_000, 'at most 100000; use pageToken to go further').optional(),
  pageToken: z.string().min(1).max(2000).optional(),
  channelId: z.string().min(1).max(100).optional(),
  clientId: z.string().min(1).max(100).optional(),
  agentId: z.string().min(1).max(100).optional(),
  sortBy: z
    .enum(['lastUpdate', 'creationDate', 'waitingSince'])
    .optional()
    .describe(
      'waitingSince (an addition): only with state=waiting, the longest wait first with sortDirection asc (the default of state=waiting)',
    ),
  sortDirection: z.enum(['asc', 'desc']).optional(),
  tags: z.union([z.string().max(2000), z.array(z.string().max(200)).max(50)]).optional(),
  dateFilter: z.string().max(500).optional(),
  // Additions to the spec (docs/sending-messages.md › Listing conversations).
  status: conversationStatusFilter
    .optional()
    .describe(`Conversations in any of these statuses (${CONVERSATION_STATUSES.join(', ')}): comma-separated or repeated`),
  operation: z
    .enum(CONVERSATION_OPERATIONS)
    .optional()
    .describe('assistance: a person handles the conversation (taken over, or the agent asked for one); automatic: the agent does'),
  state: z
    .enum(CONVERSATION_STATES)
    .optional()
    .describe(
      'ai: the agent answers; waiting: the agent asked for a person, nobody took it (longest wait first); human: a person took it over; closed: finished, expired or spam',
    ),
  assignee: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe('An addition: a user id, me (the signed-in user) or none (unassigned) (docs/sending-messages.md › Assignment)'),
  q: searchQuery,
  workspace: z.string().optional(),
});

/** `GET /v1/clients` (an addition to the spec): the workspaces' clients, newest first, keyset-paged. */
export const listClientsQuerySchema = z.looseObject({
  q: searchQuery,
  limit: z.coerce.number().int().min(1).max(200).optional(),
  pageToken: z.string().min(1).max(2000).optional(),
  workspace: z.string().optional(),
});

/** `dateFilter`, once parsed from its JSON text. */
export const dateFilterSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('specific'), date: z.iso.date().or(z.iso.datetime({ offset: true })) }),
  z.strictObject({
    type: z.literal('range'),
    startDate: z.iso.date().or(z.iso.datetime({ offset: true })),
    endDate: z.iso.date().or(z.iso.datetime({ offset: true })),
  }),
]);

/** `PATCH /v1/conversations/{id}` (ARCHITECTURE.md › Decisions). */
export const updateConversationRequestSchema = z
  .strictObject({
    status: z.enum(CONVERSATION_STATUSES).optional(),
    operation: z.enum(CONVERSATION_OPERATIONS).optional(),
    tags: z.array(z.string().trim().min(1).max(100)).max(50).optional(),
    owners: z.array(email).max(50).optional(),
    topic: z.string().max(500).nullable().optional(),
    /**
     * An addition: with `operation: assistance`, the id of the person who has the conversation
     * now (its `handledBy.id`), to take it from them; without it, a conversation another person
     * has is refused with 409 `conversation_taken` naming them.
     */
    takeFrom: z.string().min(1).max(200).optional(),
    /** An addition: the workspace user (their id) the conversation is assigned to; null unassigns it. */
    assignee: z.string().min(1).max(200).nullable().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'send at least one of status, operation, tags, owners, topic, assignee')
  .refine((body) => body.takeFrom === undefined || body.operation === 'assistance', {
    message: 'takeFrom goes with operation: assistance',
    path: ['takeFrom'],
  });

/**
 * How a conversation whose agent asks for a person is assigned (an addition, docs/sending-messages.md
 * › Assignment): `round_robin` to the next of the people marked available, `none` left unassigned.
 */
export const ASSIGNMENT_MODES = ['none', 'round_robin'] as const;
export type AssignmentMode = (typeof ASSIGNMENT_MODES)[number];

/** `PATCH /v1/assignment`: the workspace's mode, and the signed-in person's own availability. */
export const updateAssignmentRequestSchema = z
  .strictObject({
    mode: z.enum(ASSIGNMENT_MODES).optional(),
    available: z.boolean().optional().describe('the signed-in user: whether round-robin assigns conversations to them'),
  })
  .refine((body) => Object.keys(body).length > 0, 'send mode, available, or both');

export const assignmentSettingsSchema = z
  .object({
    mode: z.enum(ASSIGNMENT_MODES),
    available: z.array(z.object({ id: z.string(), email: z.string().optional() })).describe('the people round-robin assigns to'),
    people: z
      .array(z.object({ id: z.string(), email: z.string() }))
      .describe("the workspace's users: whom a conversation can be assigned to"),
    /** The user round-robin assigned last (the next one follows them in `available`). */
    lastAssignee: z.string().nullable(),
  })
  .meta({ id: 'AssignmentSettings' });

/** `PATCH /v1/clients/{id}`: block or unblock (ARCHITECTURE.md › Decisions). */
export const updateClientRequestSchema = z.discriminatedUnion('status', [
  z.strictObject({ status: z.literal('blocked'), reason: z.string().trim().min(1).max(500).optional() }),
  z.strictObject({ status: z.literal('active') }),
]);

/** `POST /v1/conversations/{id}/messages/{messageId}/flag` (an addition: docs/agents.md › Flagging a customer's message). */
export const flagMessageRequestSchema = z.strictObject({
  severity: z.enum(['low', 'medium', 'high']),
  /** Why, for the team (kept on the message's flag; never sent to the customer). */
  note: z.string().trim().max(1000).optional(),
});
export type FlagMessageRequest = z.output<typeof flagMessageRequestSchema>;

/**
 * `messaging.inbound.meta` (`POST /hooks/meta`): the request is the exact body as the NATS
 * message's bytes (the HMAC covers them) with Meta's signature in this NATS header; the
 * reply is `RpcReply` JSON.
 */
export const META_SIGNATURE_HEADER = 'X-Hub-Signature-256';

/** `GET /hooks/meta` subscription verification. */
export interface MetaVerification {
  mode: string | null;
  verifyToken: string | null;
  challenge: string | null;
}
