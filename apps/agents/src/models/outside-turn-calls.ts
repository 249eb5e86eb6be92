import { Injectable, Logger } from '@nestjs/common';
import type { LanguageModelV4 } from '@ai-sdk/provider';
import type { AgentModels } from '@platica/contracts';
import { newId } from '@platica/platform';
import { AgentsConfigService } from '../config/agents.config';
import { ModelCallSlots } from '../fair-turns/model-call-slots.workflows';
import { recordedChain, type TryRecorder } from './recorded-calls';
import { ModelBreakers } from './model-breakers';
import { ModelChains } from './model-chains';
import type { OutsideTurnPurpose } from './model-call-record.entity';
import { ModelCallRecordRepository } from './model-call-record.repository';

/** A model call outside a turn: whose settings choose its model, and what it is for. */
export interface OutsideTurnCall {
  workspaceId: string;
  /** The agent whose reply model (and fallback) it uses; none: the workspace's default. */
  agent: { id: string; models: AgentModels | null } | null;
  purpose: OutsideTurnPurpose;
  /** The reply draft's id, the exchange's conversation. */
  subjectId: string;
  /** Its place in the workspace's bound on model calls in flight (unique while it runs). */
  holder: string;
  /** How long it may wait for that place. */
  slotWaitMs: number;
  /** A person waits for its answer (a reply draft): it waits ahead of the workspace's turns for its place. */
  answerAwaited: boolean;
}

/**
 * Model calls made for people rather than for a turn (reply drafts, knowledge proposals) as a
 * turn's are made: the agent's reply model and fallback list through ModelChains and the
 * breakers, each try recorded with its tokens and cost (agents.model_call_record, in the usage
 * figures), in a slot of the workspace's bound on model calls in flight (fair-turns/).
 */
@Injectable()
export class OutsideTurnCalls {
  private readonly logger = new Logger('outside-turn-calls');

  constructor(
    private readonly chains: ModelChains,
    private readonly breakers: ModelBreakers,
    private readonly config: AgentsConfigService,
    private readonly records: ModelCallRecordRepository,
    private readonly slots: ModelCallSlots,
  ) {}

  run<T>(call: OutsideTurnCall, use: (model: LanguageModelV4) => Promise<T>): Promise<T> {
    const { workspaceId, agent, purpose, subjectId } = call;
    const record: TryRecorder = (candidate, tryIndex, outcome) => {
      const written = {
        id: newId('mcr'),
        workspaceId,
        purpose,
        subjectId,
        agentId: agent?.id ?? null,
        at: new Date(outcome.at),
        call: {
          model: candidate.modelId,
          provider: candidate.provider,
          connectionId: candidate.connectionId,
          fallbackIndex: tryIndex,
          ...outcome,
        },
      };
      // A record lost costs a line of the usage figures, never the call.
      this.records
        .add(written)
        .catch((error: unknown) => this.logger.warn({ msg: 'a model call was not recorded', workspaceId, purpose, error: String(error) }));
    };
    const model = recordedChain(
      { breakers: this.breakers, config: this.config },
      () => this.chains.candidates(workspaceId, agent?.models ?? null, 'reply'),
      record,
    );
    return this.slots.within({ workspaceId, holder: call.holder, answerAwaited: call.answerAwaited }, call.slotWaitMs, () => use(model));
  }
}
