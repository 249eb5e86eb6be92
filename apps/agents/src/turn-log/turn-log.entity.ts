import { defineEntity, p } from '@mikro-orm/core';
import type {
  TurnLogDelegation,
  TurnLogGuardrail,
  TurnLogKnowledge,
  TurnLogModelCall,
  TurnLogSummary,
  TurnLogToolCall,
} from '@platica/contracts';

/**
 * A model call as stored: the public record and its key within the turn (its purpose, what
 * tells it from the turn's other calls of that purpose, and its step's attempt), which a
 * record written twice replaces instead of adding to.
 */
export type RecordedModelCall = TurnLogModelCall & { key: string };

/**
 * One agent turn as the runtime ran it (docs/agents.md › Turn log): the evaluator's verdict (or that
 * none was asked), each tool call with its outcome and duration, the delegations, the
 * summaries made, each model call, and how the turn ended. Its id is the turn's reply message
 * id, chosen by the workflow, so every activity of the turn writes to the same row, and a retry
 * to it again.
 */
const TurnLogSchema = defineEntity({
  name: 'TurnLog',
  tableName: 'turn_log',
  indexes: [{ properties: ['workspaceId', 'conversationRef', 'startedAt'] }],
  properties: {
    turnId: p.text().primary(),
    workspaceId: p.text(),
    conversationRef: p.text(),
    agentId: p.text().nullable(),
    /** The agent that answered: a sub-agent under a delegation, else the principal. */
    speakerAgentId: p.text().nullable(),
    startedAt: p.datetime(),
    endedAt: p.datetime().nullable(),
    outcome: p.text().nullable(),
    /** Why the agent stayed silent, or the failure's message. */
    detail: p.text().nullable(),
    guardrail: p.json<TurnLogGuardrail>().nullable(),
    toolCalls: p.json<TurnLogToolCall[]>(),
    delegations: p.json<TurnLogDelegation[]>(),
    summaries: p.json<TurnLogSummary[]>(),
    modelCalls: p.json<RecordedModelCall[]>().default('[]'),
    /** The passages the turn retrieved and the reply cited (docs/knowledge.md › Agents). */
    knowledge: p.json<TurnLogKnowledge>().nullable(),
  },
});
export class TurnLog extends TurnLogSchema.class {}
TurnLogSchema.setClass(TurnLog);
