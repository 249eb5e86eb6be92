import { defineEntity, p } from '@mikro-orm/core';
import type { AgentModels, Guardrails, WorkingMessage } from '@platica/contracts';

export interface SupportInformation {
  supportAddress?: string | null;
  supportEmail?: string | null;
  supportPhone?: string | null;
  serviceHours?: Record<string, { start: string; end: string; availability: string }> | null;
}

/** An agent of a workspace: its active prompt, channels, rules and working-message settings. */
const AgentSchema = defineEntity({
  name: 'Agent',
  tableName: 'agent',
  properties: {
    id: p.text().primary(),
    workspaceId: p.text(),
    name: p.text(),
    status: p.text().$type<'active' | 'inactive'>(),
    channel: p.text(),
    owners: p.json<string[]>(),
    channelIds: p.json<string[]>(),
    phoneNumbers: p.json<string[]>(),
    systemPrompt: p.text(),
    /** Null until the prompt is edited through the prompt endpoints or PATCH systemPrompt. */
    activePromptId: p.text().nullable(),
    imageUrl: p.text().nullable(),
    supportInformation: p.json<SupportInformation>().nullable(),
    assistanceTriggers: p.text(),
    waitMessage: p.text(),
    assistanceEnabled: p.boolean(),
    recallLastConversation: p.boolean(),
    enableFileAttachments: p.boolean(),
    disableContextSummarization: p.boolean().nullable(),
    /** A prompt version is activated only after a passing evaluation of it (docs/agents.md › Evaluations). */
    requireEvaluation: p.boolean().default(false),
    /** The model is given the conversation's private notes (docs/agents.md › Private notes); off by default. */
    readNotes: p.boolean().default(false),
    /** Answers only from its knowledge bases' passages, citing them; otherwise says it does not know (docs/knowledge.md › Answer only from knowledge). */
    answerOnlyFromKnowledge: p.boolean().default(false),
    /** What it says then; empty: the default sentence. */
    unknownAnswerMessage: p.text().default(''),
    workingMessage: p.json<WorkingMessage>(),
    guardrails: p.json<Guardrails>(),
    /** Which model each of its calls uses and its fallback list (docs/agents.md › Models and fallback); null: the workspace's default. */
    models: p.json<AgentModels>().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  uniques: [{ properties: ['workspaceId', 'name'], name: 'agent_workspace_name_unique' }],
});
export class Agent extends AgentSchema.class {}
AgentSchema.setClass(Agent);

/** An agent's properties as a plain object, as a read that changes nothing returns them (AgentRepository.read). */
export type AgentFields = { [K in keyof Agent]: Agent[K] };
