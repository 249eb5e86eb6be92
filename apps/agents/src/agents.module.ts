import { Module } from '@nestjs/common';
import { ServiceConfig } from '@platica/platform';
import { AgentRepository } from './agents/agent.repository';
import { AgentsController } from './agents/agents.controller';
import { AgentsService } from './agents/agents.service';
import { PromptActivationGate, PromptVerdicts } from './agents/prompt-activation-gate';
import { AgentsConfigService, type AgentsConfig } from './config/agents.config';
import { EvaluationActivitiesFactory } from './evaluations/evaluation.activities';
import { EvaluationRepository } from './evaluations/evaluation.repository';
import { EvaluationWorkflows } from './evaluations/evaluation.workflows';
import { EvaluationsController } from './evaluations/evaluations.controller';
import { EvaluationsService } from './evaluations/evaluations.service';
import { ModelCallSlotRepository } from './fair-turns/model-call-slot.repository';
import { ModelCallSlots } from './fair-turns/model-call-slots.workflows';
import { AllowedTermRepository } from './guardrails/allowed-term.repository';
import { AttachmentReader } from './runtime/attachment-reader';
import { TurnFiles } from './runtime/turn-files';
import { ChatAnswers } from './runtime/chat-answers';
import { ChatTurnsController } from './runtime/chat-turns.controller';
import { AgentLifecycleController } from './lifecycle/agent-lifecycle.controller';
import { AgentLifecycleRepository } from './lifecycle/agent-lifecycle.repository';
import { AgentLifecycleService } from './lifecycle/agent-lifecycle.service';
import { LanguageModelProvider } from './models/language-model';
import { TurnActivitiesFactory } from './runtime/turn.activities';
import { TurnRequests } from './runtime/turn-requests.workflows';
import { ConversationMemoryRepository } from './memory/conversation-memory.repository';
import { ModelBreakers } from './models/model-breakers';
import { ModelChains } from './models/model-chains';
import { ModelCallRecordRepository } from './models/model-call-record.repository';
import { OutsideTurnCalls } from './models/outside-turn-calls';
import { ModelConnectionRepository } from './models/model-connection.repository';
import { ModelConnectionsController } from './models/model-connections.controller';
import { ModelConnectionsService } from './models/model-connections.service';
import { ModelUsage } from './models/model-usage';
import { ModelUsageRepository } from './models/model-usage.repository';
import { ProviderModels } from './models/provider-models';
import { SeedController } from './seed/seed.controller';
import { SeedService } from './seed/seed.service';
import { DelegationRepository } from './subagents/delegation.repository';
import { SubagentRepository } from './subagents/subagent.repository';
import { SubagentsController } from './subagents/subagents.controller';
import { SubagentsService } from './subagents/subagents.service';
import { TurnLogController } from './turn-log/turn-log.controller';
import { TurnLogRepository } from './turn-log/turn-log.repository';
import { TurnLogService } from './turn-log/turn-log.service';
import { DraftedExchangeRepository } from './knowledge-proposals/drafted-exchange.repository';
import { ExchangeDrafting } from './knowledge-proposals/exchange-drafting';
import { ReplyDraftRepository } from './reply-drafts/reply-draft.repository';
import { ReplyDraftsController } from './reply-drafts/reply-drafts.controller';
import { ReplyDraftsService } from './reply-drafts/reply-drafts.service';

/** Agents: configuration, prompt history, guardrails, assist rules, and the runtime that answers with them. */
@Module({
  controllers: [
    AgentsController,
    AgentLifecycleController,
    SubagentsController,
    SeedController,
    TurnLogController,
    ChatTurnsController,
    EvaluationsController,
    ReplyDraftsController,
    ModelConnectionsController,
  ],
  providers: [
    AgentsService,
    AgentLifecycleService,
    AgentLifecycleRepository,
    SubagentsService,
    SeedService,
    TurnLogService,
    // runService validated the environment with agentsConfigSchema.
    {
      provide: AgentsConfigService,
      useFactory: (config: ServiceConfig) => new AgentsConfigService(config.values as AgentsConfig),
      inject: [ServiceConfig],
    },
    AgentRepository,
    AllowedTermRepository,
    SubagentRepository,
    DelegationRepository,
    ConversationMemoryRepository,
    TurnLogRepository,
    LanguageModelProvider,
    AttachmentReader,
    TurnFiles,
    TurnActivitiesFactory,
    ModelCallSlotRepository,
    ModelCallSlots,
    ChatAnswers,
    TurnRequests,
    EvaluationRepository,
    EvaluationWorkflows,
    EvaluationsService,
    PromptActivationGate,
    // The gate reads evaluations' verdicts; agents/ does not import evaluations/.
    { provide: PromptVerdicts, useExisting: EvaluationRepository },
    EvaluationActivitiesFactory,
    // Knowledge for people (docs/knowledge-from-people.md): proposals from their answers, and reply drafts.
    DraftedExchangeRepository,
    ExchangeDrafting,
    ReplyDraftRepository,
    ReplyDraftsService,
    ModelConnectionRepository,
    ProviderModels,
    ModelChains,
    ModelBreakers,
    ModelConnectionsService,
    ModelUsage,
    ModelUsageRepository,
    ModelCallRecordRepository,
    OutsideTurnCalls,
  ],
})
export class AgentsModule {}
