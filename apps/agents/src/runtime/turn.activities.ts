import { Injectable, Logger } from '@nestjs/common';
import { Context } from '@temporalio/activity';
import type { ChatAcceptRequest } from '@platica/contracts';
import { RpcClient } from '@platica/platform';
import type { ConversationTurnActivities } from '@platica/workflows/activities';
import { AgentRepository } from '../agents/agent.repository';
import { AgentsConfigService } from '../config/agents.config';
import { AllowedTermRepository } from '../guardrails/allowed-term.repository';
import { ModelCallSlots } from '../fair-turns/model-call-slots.workflows';
import { ConversationMemoryRepository } from '../memory/conversation-memory.repository';
import { ModelBreakers } from '../models/model-breakers';
import { ModelChains } from '../models/model-chains';
import { DelegationRepository } from '../subagents/delegation.repository';
import { TurnLogRepository } from '../turn-log/turn-log.repository';
import { createAcceptanceActivities, type AcceptanceActivities } from './acceptance.activities';
import { TurnFiles } from './turn-files';
import { ChatAnswers } from './chat-answers';
import { createDeliveryActivities } from './delivery.activities';
import { createGuardrailChecks } from './guardrails.activities';
import { LanguageModelProvider } from '../models/language-model';
import { createMemoryActivities } from './memory.activities';
import { createModelCallActivities } from './model-call.activities';
import { createToolCallActivities } from './tool-calls.activities';
import type { TurnDeps } from './turn-deps';
import { TurnMemos } from './turn-memos';
import { refusalsEndTheTurn } from './turn-failures';
import { createTurnSettingLoader } from './turn-setting';
import { moderationEndpointOf } from '../guardrails/moderation-endpoint';

/**
 * The steps of conversationTurnWorkflow, run by the agents service's worker: messaging stores
 * and delivers, the agent's configuration is read here, the model is called through the AI SDK.
 * One factory per concern, each built from the injected dependencies and the memos they share
 * (turn-memos.ts: what is kept between a turn's activities), composed here.
 */
@Injectable()
export class TurnActivitiesFactory {
  private readonly acceptance: AcceptanceActivities;
  private readonly composed: ConversationTurnActivities;

  constructor(
    rpc: RpcClient,
    agents: AgentRepository,
    model: LanguageModelProvider,
    config: AgentsConfigService,
    allowedTerms: AllowedTermRepository,
    delegations: DelegationRepository,
    memories: ConversationMemoryRepository,
    turnLog: TurnLogRepository,
    files: TurnFiles,
    chatAnswers: ChatAnswers,
    slots: ModelCallSlots,
    chains: ModelChains,
    breakers: ModelBreakers,
  ) {
    const deps: TurnDeps = {
      rpc,
      agents,
      model,
      chains,
      breakers,
      config,
      allowedTerms,
      delegations,
      memories,
      turnLog,
      files,
      chatAnswers,
      slots,
      logger: new Logger('turns'),
    };
    const memos = new TurnMemos();
    const tools = createToolCallActivities(deps, memos);
    const memory = createMemoryActivities(deps);
    const setting = createTurnSettingLoader(deps, memos, { memory, tools });
    const delivery = createDeliveryActivities(deps);
    const guardrails = createGuardrailChecks(deps, moderationEndpointOf(deps.config.values));
    this.acceptance = createAcceptanceActivities(deps, memos, setting);
    const { generateReply } = createModelCallActivities(deps, memos, { acceptance: this.acceptance, setting, tools, guardrails, delivery });
    this.composed = refusalsEndTheTurn<ConversationTurnActivities>({
      awaitQuiet: this.acceptance.awaitQuiet,
      acceptChat: (request) => this.acceptance.acceptOnce(Context.current().info.workflowExecution?.runId, request),
      generateReply,
      sendWorkingMessage: delivery.sendWorkingMessage,
      deliverReply: delivery.deliverReply,
      recordTurnFailure: delivery.recordTurnFailure,
    });
  }

  activities(): ConversationTurnActivities {
    return this.composed;
  }

  /** See createAcceptanceActivities: a chat request's acceptance, begun as its run starts eagerly here. */
  acceptEarly(runId: string, request: ChatAcceptRequest): void {
    this.acceptance.acceptEarly(runId, request);
  }

  /** See createAcceptanceActivities: the agent's part of a chat request's setting, loading while its workflow starts. */
  loadAhead(request: ChatAcceptRequest): void {
    this.acceptance.loadAhead(request);
  }

  /** The request never reached its acceptance (its thread was busy): what was loaded ahead goes. */
  forgetAhead(request: ChatAcceptRequest): void {
    this.acceptance.forgetAhead(request);
  }
}
