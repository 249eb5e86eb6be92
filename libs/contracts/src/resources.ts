import { z } from 'zod';
import { SCHEDULED_STATUSES } from './scheduled';
import { conversationFailureSchema, conversationLastMessageSchema } from './conversation-rows';

/**
 * The resources the API answers with (spec › Resources and their fields), as zod schemas:
 * the OpenAPI document declares them and test stacks check every answer against them.
 */
const instant = z.string().describe('ISO 8601');
const workspaceGroup = { id: z.string(), name: z.string() };

/** The grouped read payload: `workspaces[]` of `{id, name, <items>[], <items>Count}`. */
export function groupedByWorkspace<Item extends z.ZodType, Key extends string>(key: Key, item: Item) {
  return z.object({
    workspaces: z.array(
      z.object({ ...workspaceGroup, [key]: z.array(item), [`${key}Count`]: z.number().int() } as {
        id: z.ZodString;
        name: z.ZodString;
      } & Record<Key, z.ZodArray<Item>> &
        Record<`${Key}Count`, z.ZodNumber>),
    ),
  });
}

export const scheduledMessageSchema = z
  .object({
    messageId: z.string(),
    kind: z.enum(['service', 'template']),
    status: z.enum(SCHEDULED_STATUSES),
    channelId: z.string(),
    conversationId: z.string().nullable(),
    campaignId: z.string().nullable(),
    messageType: z.string().nullable(),
    templateName: z.string().nullable(),
    preview: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    name: z.string().nullable(),
    executeAt: instant,
    createdAt: instant,
    updatedAt: instant,
    cancelledAt: instant.nullable(),
    sentAt: instant.nullable(),
    failedAt: instant.nullable(),
    error: z.string().nullable(),
    reschedulable: z.boolean(),
  })
  .meta({ id: 'ScheduledMessage' });

export const scheduledListResponseSchema = z.object({
  messages: z.array(scheduledMessageSchema),
  count: z.number().int(),
  nextPageToken: z.string().optional(),
});

/** The answer of an immediate send. */
export const sentMessageSchema = z.object({ messageId: z.string(), status: z.literal('sent'), timestamp: instant });

/** The 202 of a send with `delay` (`delayMs`) or `scheduleTime` (`scheduledTime`). */
export const scheduledSendSchema = z.object({
  messageId: z.string(),
  kind: z.enum(['service', 'template']),
  status: z.enum(['delayed', 'scheduled']),
  timestamp: instant,
  executeAt: instant,
  delayMs: z.number().int().optional(),
  scheduledTime: z.string().optional(),
});

export const conversationSummarySchema = z
  .object({
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
    status: z.enum(['initiated', 'active', 'finished', 'spam', 'expired']),
    operation: z.enum(['automatic', 'assistance']),
    messageCount: z.number().int(),
    owners: z.array(z.string()),
    tags: z.array(z.string()),
    creationDate: instant,
    lastUpdate: instant,
    // Additions to the spec (docs/sending-messages.md › Who answers).
    state: z
      .enum(['ai', 'waiting', 'human', 'closed'])
      .describe(
        'ai: the agent answers; waiting: the agent asked for a person; human: a person took it over; closed: finished, expired or spam',
      ),
    handledBy: z
      .object({ id: z.string(), email: z.string().optional() })
      .nullable()
      .describe('state human: who has the conversation (a user id with their email where the answer knows it, or key:<id> for an API key)'),
    waitingSince: instant.nullable().describe('state waiting: since when the conversation waits for a person'),
    // An addition (docs/sending-messages.md › Assignment).
    assignee: z
      .object({ id: z.string(), email: z.string().optional() })
      .nullable()
      .describe('the workspace user the conversation is assigned to (their email where the answer knows it); null: unassigned'),
    // Additions for the inbox's rows (docs/sending-messages.md › Listing conversations).
    lastMessage: conversationLastMessageSchema.nullable().describe('the latest message shown in the conversation; null before any'),
    failed: conversationFailureSchema
      .nullable()
      .describe("the latest send failed, or the agent's latest turn did; null once a later send goes out"),
    unreadCount: z
      .number()
      .int()
      .nullable()
      .describe("the customer's messages after the signed-in person's read marker (POST /v1/conversations/{id}/read); null for an API key"),
  })
  .meta({ id: 'ConversationSummary' });

/**
 * spec › Message in a conversation or chat detail: the four values a message's `status` takes
 * (docs/sending-messages.md › Message status says how each stored state maps onto them).
 */
export const MESSAGE_STATUSES = ['received', 'delivered', 'read', 'failed'] as const;
export type PublicMessageStatus = (typeof MESSAGE_STATUSES)[number];

/** A file or image of a message: by `url` when sent or attached, by Meta's `mediaId` when received. */
const attachmentSchema = z
  .object({ url: z.string().optional(), mediaId: z.string().optional(), mimeType: z.string().optional(), filename: z.string().optional() })
  .loose();

/** A person's flag on a customer message (an addition: docs/agents.md › Flagging a customer's message): one strike. */
export const messageFlagSchema = z
  .object({
    severity: z.enum(['low', 'medium', 'high']),
    note: z.string().nullable(),
    /** Who flagged it: a workspace user's id (`type: user`) or an API key's principal (`type: api`). */
    flaggedBy: z.object({ id: z.string(), type: z.enum(['user', 'api']) }),
    flaggedAt: instant,
  })
  .meta({ id: 'MessageFlag' });

/** A message of a chat detail; the conversation detail adds `files`, `images`, `lastUpdate` and `owner`. */
export const chatMessageSchema = z
  .object({
    id: z.string(),
    role: z.enum(['user', 'assistant', 'system']),
    content: z.string(),
    contentType: z.string(),
    direction: z.enum(['incoming', 'outgoing']),
    status: z.enum(MESSAGE_STATUSES),
    creationDate: instant,
    /** What the customer answered to (a button or list reply), when it is one. */
    reply: z.record(z.string(), z.unknown()).optional(),
    /** Why a failed message failed (a model failure of an agent turn, a delivery error). */
    error: z
      .object({ code: z.union([z.string(), z.number()]).nullable().optional(), message: z.string().optional() })
      .loose()
      .optional(),
  })
  .meta({ id: 'ChatMessage' });

export const conversationMessageSchema = chatMessageSchema
  .extend({
    files: z.array(attachmentSchema),
    images: z.array(attachmentSchema),
    lastUpdate: instant,
    /**
     * Who wrote it (beyond the spec's `id`, documented in docs/console.md): `type` is `customer`, `ai` (the
     * agent: `id` its id), `system` (the runtime's notes: guardrail, wait and instruction messages), `user` (a
     * person signed in: `id` their user id, `email` when they are still a user of the workspace), `api` (an API
     * key: `id` the key's) or `campaign`.
     */
    owner: z.object({ id: z.string(), type: z.string(), email: z.string().optional() }).nullable(),
    /** A guardrail message: the verdict it answered (source, ruleIndex, severity, categories, matchedTerms, thresholds). */
    guardrail: z.record(z.string(), z.unknown()).optional(),
    /** A wait message: the agent's request for a human (`reason`). */
    assistance: z.object({ reason: z.string() }).loose().optional(),
    /** A customer message a person flagged (an addition: docs/agents.md › Flagging a customer's message). */
    flag: messageFlagSchema.optional(),
  })
  .meta({ id: 'ConversationMessage' });

const pagination = z.object({ limit: z.number().int(), offset: z.number().int(), hasMore: z.boolean() });

export const conversationsListResponseSchema = z.object({
  workspaces: z.array(
    z.object({
      ...workspaceGroup,
      conversations: z.array(conversationSummarySchema),
      conversationsCount: z.number().int(),
      /**
       * With `q` only (not in the spec): true when the search matched more conversations than it
       * counts (`conversationsCount` is then that bound: "1,000 or more").
       */
      conversationsCountCapped: z.boolean().optional(),
      pagination,
    }),
  ),
  nextPageToken: z.string().nullable(),
});

export const conversationDetailResponseSchema = groupedByWorkspace(
  'conversations',
  conversationSummarySchema.extend({
    messages: z.array(conversationMessageSchema),
    /** Who last switched `operation` (took the conversation over or handed it back) and when; null if never (not in the spec). */
    operationChangedBy: z.object({ id: z.string(), email: z.string().optional() }).nullable(),
    operationChangedAt: instant.nullable(),
  }),
);

export const chatListResponseSchema = z.object({ chats: z.array(conversationSummarySchema), pagination });
export const chatDetailSchema = conversationSummarySchema.extend({ messages: z.array(chatMessageSchema) });

export const chatTurnAnswerSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  clientId: z.string(),
  agentId: z.string(),
  status: z.enum(['completed', 'scheduled']),
  requestMessageId: z.string(),
  messages: z.array(z.object({ id: z.string(), role: z.literal('assistant'), content: z.string(), contentType: z.string() })),
  reactivated: z.boolean().optional(),
  agentChanged: z.boolean().optional(),
  schedule: z.object({ taskId: z.string(), scheduleAt: instant, delayMs: z.number().int().optional() }).optional(),
  timestamp: instant,
});

/** The spec's values of `moderation.lastAction` (docs/agents.md › Guardrails maps the runtime's outcomes onto them). */
export const MODERATION_ACTIONS = ['warn', 'assist', 'spam'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
export const MODERATION_SOURCES = ['lexicon', 'openai', 'llm_guardrail', 'supervisor'] as const;
export type ModerationSource = (typeof MODERATION_SOURCES)[number];
export const MODERATION_SEVERITIES = ['low', 'medium', 'high'] as const;
export type ModerationSeverity = (typeof MODERATION_SEVERITIES)[number];

/** spec › Client record: enums wherever the spec fixes the values, so response checking catches a value outside them. */
export const moderationSchema = z.object({
  totalStrikes: z.number().int(),
  lastAction: z.enum(MODERATION_ACTIONS).nullable(),
  lastSource: z.enum(MODERATION_SOURCES).nullable(),
  lastSeverity: z.enum(MODERATION_SEVERITIES).nullable(),
  lastFlaggedAt: instant.nullable(),
  lastCategories: z.array(z.string()),
  lastMatchedTerms: z.array(z.string()),
  blockedAt: instant.nullable(),
  blockedBy: z.string().nullable(),
  blockedReason: z.string().nullable(),
});

const nullableText = z.string().nullable();
export const clientRecordSchema = z
  .object({
    id: z.string(),
    phoneNumber: nullableText,
    name: nullableText,
    firstname: nullableText,
    lastname: nullableText,
    email: nullableText,
    birthdate: nullableText,
    gender: nullableText,
    company: nullableText,
    country: nullableText,
    state: nullableText,
    city: nullableText,
    address: nullableText,
    postalCode: nullableText,
    status: z.enum(['active', 'blocked']),
    moderation: moderationSchema,
    tags: z.array(z.string()),
    owners: z.array(z.string()),
    customFields: z.record(z.string(), z.unknown()),
    creationDate: instant,
    lastUpdate: instant,
  })
  .meta({ id: 'Client' });

/** `GET /v1/clients` (an addition): a page of clients by workspace; `clientsCount` counts every match. */
export const clientsListResponseSchema = z.object({
  workspaces: z.array(z.object({ ...workspaceGroup, clients: z.array(clientRecordSchema), clientsCount: z.number().int() })),
  nextPageToken: z.string().nullable(),
});

const clock = z.string();
export const agentSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    status: z.enum(['active', 'inactive']),
    channel: z.string(),
    owners: z.array(z.string()),
    comunicationChannel: z.object({ channelId: z.array(z.string()), phoneNumber: z.array(z.string()) }),
    systemPrompt: z.string(),
    activePromptId: z.string().nullable(),
    imageUrl: z.string().nullable(),
    supportInformation: z
      .object({
        supportAddress: z.string().nullable().optional(),
        supportEmail: z.string().nullable().optional(),
        supportPhone: z.string().nullable().optional(),
        serviceHours: z
          .record(z.string(), z.object({ start: clock, end: clock, availability: z.string() }))
          .nullable()
          .optional(),
      })
      .nullable(),
    assistanceTriggers: z.string(),
    waitMessage: z.string(),
    assistanceEnabled: z.boolean(),
    recallLastConversation: z.boolean(),
    enableFileAttachments: z.boolean(),
    disableContextSummarization: z.boolean().nullable(),
    /** Not in the interface specification (docs/agents.md › Evaluations). */
    requireEvaluation: z.boolean(),
    /** An addition (docs/agents.md › Private notes): the model reads the conversation's private notes. */
    readNotes: z.boolean(),
    /** An addition (docs/knowledge.md › Answer only from knowledge): the agent answers only from its knowledge bases' passages. */
    answerOnlyFromKnowledge: z.boolean(),
    /** An addition: what the agent says when no passage answers (empty: the default sentence). */
    unknownAnswerMessage: z.string(),
    workingMessage: z.object({
      enabled: z.boolean(),
      trigger: z.object({
        type: z.enum(['toolCallCount', 'toolName', 'any']),
        minToolCalls: z.number().int(),
        toolNames: z.array(z.string()),
        match: z.enum(['exact', 'prefix']),
      }),
      message: z.object({ enabled: z.boolean(), mode: z.enum(['fixed', 'ai']), fixedText: z.string(), aiPrompt: z.string() }),
      sticker: z.object({ enabled: z.boolean(), url: z.string().nullable() }),
    }),
    creationDate: instant.nullable(),
    lastUpdate: instant,
  })
  .meta({ id: 'Agent' });

export const guardrailsSchema = z
  .object({
    enabled: z.boolean(),
    rules: z.array(z.string()),
    message: z.string(),
    conversationStrikeThreshold: z.number().int(),
    clientStrikeThreshold: z.number().int(),
    /** An addition (docs/agents.md › Moderation endpoint): each customer message also goes to the installation's moderation endpoint. */
    moderationEnabled: z.boolean(),
  })
  .meta({ id: 'Guardrails' });

export const assistRulesSchema = z
  .object({ assistanceTriggers: z.string(), assistanceEnabled: z.boolean(), waitMessage: z.string() })
  .meta({ id: 'AssistRules' });

export const promptHistorySchema = z.object({
  activePromptId: z.string().nullable(),
  systemPrompt: z.string(),
  versions: z.array(z.object({ id: z.string(), systemPrompt: z.string(), createdAt: instant, note: z.string().nullable() })),
});

/** A sub-agent connection (spec › Sub-agent connection). */
export const subagentConnectionSchema = z
  .object({
    reference: z.string(),
    name: z.string(),
    agentName: z.string(),
    agentImageUrl: z.string().nullable(),
    status: z.enum(['active', 'inactive']),
    task: z.enum(['assist', 'delegate']),
    description: z.string(),
    delegationCriteria: z.string(),
    completionCriteria: z.string(),
  })
  .meta({ id: 'SubagentConnection' });

/** A connection in the list, enriched with the connected agent's state (null fields when it no longer exists). */
export const subagentListItemSchema = subagentConnectionSchema
  .extend({
    agentExists: z.boolean(),
    hasPrompt: z.boolean(),
    agentStatus: z.enum(['active', 'inactive']).nullable(),
    lastUpdate: instant.nullable(),
  })
  .meta({ id: 'SubagentConnectionListed' });

/** An agent that can be connected as a sub-agent. */
export const connectableAgentSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    imageUrl: z.string().nullable(),
    status: z.enum(['active', 'inactive']),
    hasPrompt: z.boolean(),
    lastUpdate: instant,
    isAlreadyConnected: z.boolean(),
  })
  .meta({ id: 'ConnectableAgent' });

/** A WhatsApp message template of the workspace (`GET /v1/templates`; not in the spec). */
export const templateResourceSchema = z
  .object({
    id: z.string(),
    channelId: z.string(),
    name: z.string(),
    language: z.string(),
    category: z.string(),
    status: z.enum(['approved', 'pending', 'rejected']),
    body: z.string(),
    header: z.object({ type: z.enum(['text', 'image', 'video', 'document']), text: z.string().optional() }).nullable(),
    footer: z.string().nullable(),
    buttons: z.array(
      z.object({
        type: z.enum(['url', 'phone_number', 'quick_reply', 'otp']),
        text: z.string(),
        url: z.string().optional(),
        phoneNumber: z.string().optional(),
      }),
    ),
    /** How many `template.params` a send takes: the text header's placeholders, then the body's. */
    variables: z.number().int(),
  })
  .meta({ id: 'Template' });

export const templatesListResponseSchema = z.object({ templates: z.array(templateResourceSchema), count: z.number().int() });
