import { z } from 'zod';

/** Agents (spec: Agent, Guardrails, Assist rules, workingMessage tables; Endpoints › Agents). */
const weekday = z.enum(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
const clock = z.string().regex(/^(1[0-2]|0?[1-9]):[0-5]\d\s?(am|pm)$/i, 'a time such as 8:00am');

export const supportInformationSchema = z.object({
  supportAddress: z.string().max(500).nullable().optional(),
  supportEmail: z.email().nullable().optional(),
  supportPhone: z.string().max(50).nullable().optional(),
  serviceHours: z
    .partialRecord(weekday, z.object({ start: clock, end: clock, availability: z.string().max(50) }))
    .nullable()
    .optional(),
});

export const workingMessageSchema = z.object({
  enabled: z.boolean().optional(),
  trigger: z
    .object({
      type: z.enum(['toolCallCount', 'toolName', 'any']).optional(),
      minToolCalls: z.number().int().min(1).max(10).optional(),
      toolNames: z.array(z.string().min(1).max(200)).max(50).optional(),
      match: z.enum(['exact', 'prefix']).optional(),
    })
    .optional(),
  message: z
    .object({
      enabled: z.boolean().optional(),
      mode: z.enum(['fixed', 'ai']).optional(),
      fixedText: z.string().max(1000).optional(),
      aiPrompt: z.string().max(2000).optional(),
    })
    .optional(),
  sticker: z.object({ enabled: z.boolean().optional(), url: z.url().nullable().optional() }).optional(),
});

const stringOrArray = (item: z.ZodString) => z.union([item, z.array(item)]).transform((v) => (Array.isArray(v) ? v : [v]));

export const agentUpdateSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    status: z.enum(['active', 'inactive']),
    channel: z.string().min(1).max(50),
    systemPrompt: z.string().max(100_000),
    channelId: stringOrArray(z.string().min(1).max(100)),
    phoneNumber: stringOrArray(z.string().regex(/^\+?\d{8,15}$/, 'a phone number in international format')),
    imageUrl: z.url().max(2000),
    supportInformation: supportInformationSchema,
    assistanceTriggers: z.string().max(650),
    waitMessage: z.string().max(500),
    assistanceEnabled: z.boolean(),
    recallLastConversation: z.boolean(),
    enableFileAttachments: z.boolean(),
    disableContextSummarization: z.boolean().nullable(),
    workingMessage: workingMessageSchema,
    owners: z.array(z.email()).max(50),
    /** Not in the interface specification: a prompt version is activated only after a passing evaluation of it (docs/agents.md › Evaluations). */
    requireEvaluation: z.boolean(),
    /** Not in the interface specification: the model is given the conversation's private notes (docs/agents.md › Private notes). */
    readNotes: z.boolean(),
    /** Not in the interface specification: the agent answers only from its knowledge bases' passages, citing them (docs/knowledge.md › Answer only from knowledge). */
    answerOnlyFromKnowledge: z.boolean(),
    /** Not in the interface specification: what the agent says when no passage answers (empty: the default sentence). */
    unknownAnswerMessage: z.string().max(500),
    /**
     * Not in the interface specification: optimistic concurrency. The agent's `lastUpdate` as the
     * client read it before its edit; when the agent changed since, the update is refused with 409.
     */
    expectedLastUpdate: z.iso.datetime({ offset: true, error: 'an ISO 8601 date-time: the agent’s lastUpdate as read' }),
  })
  .partial()
  .strict();
export type AgentUpdate = z.output<typeof agentUpdateSchema>;

/**
 * Not in the interface specification: `POST /v1/agents` (docs/agents.md › Creating, copying and
 * deleting agents). The update's fields, `name` required; channels are linked by the seed, which
 * sets each channel's default agent.
 */
export const agentCreateSchema = agentUpdateSchema
  .omit({ channelId: true, phoneNumber: true, expectedLastUpdate: true })
  .required({ name: true })
  .strict();
export type AgentCreate = z.output<typeof agentCreateSchema>;

/** Not in the interface specification: `POST /v1/agents/{agentId}/copy`, the copy's own name. */
export const agentCopySchema = z.object({ name: z.string().trim().min(1).max(100) }).strict();

export const guardrailsUpdateSchema = z
  .object({
    enabled: z.boolean(),
    rules: z.array(z.string().trim().min(1, 'a rule cannot be empty').max(1000)).max(20),
    message: z.string().max(500),
    conversationStrikeThreshold: z.number().int().min(1).max(10),
    clientStrikeThreshold: z.number().int().min(1).max(10),
    moderationEnabled: z.boolean(),
  })
  .partial()
  .strict();
export type GuardrailsUpdate = z.output<typeof guardrailsUpdateSchema>;

export const assistRulesUpdateSchema = z
  .object({
    assistanceTriggers: z.string().max(650),
    assistanceEnabled: z.boolean(),
    waitMessage: z.string().max(500),
  })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'send at least one of assistanceTriggers, assistanceEnabled, waitMessage');

export const promptCreateSchema = z
  .object({
    systemPrompt: z.string().max(100_000),
    note: z.string().max(500).optional(),
    /** Not in the interface specification: `false` stores the version without activating it (a candidate to evaluate). */
    activate: z.boolean().default(true),
  })
  .strict();
export const promptActivateSchema = z.object({ promptId: z.string().min(1) }).strict();

export interface Guardrails {
  enabled: boolean;
  rules: string[];
  message: string;
  conversationStrikeThreshold: number;
  clientStrikeThreshold: number;
  /**
   * An addition (docs/agents.md › Moderation endpoint): each customer message also goes to the
   * installation's moderation endpoint. Absent on agents stored before it: off.
   */
  moderationEnabled?: boolean;
}

export interface WorkingMessage {
  enabled: boolean;
  trigger: { type: 'toolCallCount' | 'toolName' | 'any'; minToolCalls: number; toolNames: string[]; match: 'exact' | 'prefix' };
  message: { enabled: boolean; mode: 'fixed' | 'ai'; fixedText: string; aiPrompt: string };
  sticker: { enabled: boolean; url: string | null };
}

/** Sub-agents (spec › Sub-agent connection; Endpoints › Sub-agents). */
export const subagentTaskSchema = z.enum(['assist', 'delegate']);
export type SubagentTask = z.output<typeof subagentTaskSchema>;
const connectionFields = {
  task: subagentTaskSchema,
  status: z.enum(['active', 'inactive']),
  description: z.string().max(2000),
  delegationCriteria: z.string().max(2000),
  completionCriteria: z.string().max(2000),
};

export const subagentConnectSchema = z
  .object({ subagentId: z.string().trim().min(1).max(200), ...connectionFields })
  .partial({ task: true, status: true, description: true, delegationCriteria: true, completionCriteria: true })
  .strict();
export type SubagentConnect = z.output<typeof subagentConnectSchema>;

export const subagentCreateSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    systemPrompt: z.string().max(100_000).optional(),
    imageUrl: z.url().max(2000).optional(),
    ...connectionFields,
  })
  .partial({ task: true, status: true, description: true, delegationCriteria: true, completionCriteria: true })
  .strict();
export type SubagentCreate = z.output<typeof subagentCreateSchema>;

export const subagentUpdateSchema = z
  .object({ name: z.string().trim().min(1).max(100), ...connectionFields })
  .partial()
  .strict()
  .refine(
    (body) => Object.keys(body).length > 0,
    'send at least one of name, task, status, description, delegationCriteria, completionCriteria',
  );
export type SubagentUpdate = z.output<typeof subagentUpdateSchema>;
