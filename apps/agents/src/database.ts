import { OutboxEvent, sourcePath, type DatabaseDefinition } from '@platica/platform';
import { agentsMigrations } from '../migrations';
import { Agent } from './agents/agent.entity';
import { PromptVersion } from './agents/prompt-version.entity';
import { Evaluation, EvaluationTurnResult } from './evaluations/evaluation.entity';
import { ModelCallSlot } from './fair-turns/model-call-slot.entity';
import { ModelBreaker, ModelConnection } from './models/model-connection.entity';
import { ModelCallRecord } from './models/model-call-record.entity';
import { AllowedTerm } from './guardrails/allowed-term.entity';
import { ConversationMemory } from './memory/conversation-memory.entity';
import { Delegation } from './subagents/delegation.entity';
import { SubagentConnection } from './subagents/subagent-connection.entity';
import { TurnLog } from './turn-log/turn-log.entity';
import { DraftedExchange } from './knowledge-proposals/drafted-exchange.entity';
import { ReplyDraft } from './reply-drafts/reply-draft.entity';

export const agentsDatabase: DatabaseDefinition = {
  schema: 'agents',
  entities: [
    OutboxEvent,
    Agent,
    PromptVersion,
    SubagentConnection,
    AllowedTerm,
    Delegation,
    ConversationMemory,
    TurnLog,
    Evaluation,
    EvaluationTurnResult,
    ModelCallSlot,
    DraftedExchange,
    ReplyDraft,
    ModelConnection,
    ModelBreaker,
    ModelCallRecord,
  ],
  migrations: agentsMigrations,
  migrationsSourceDir: sourcePath(__dirname, 'apps/agents/migrations'),
};
