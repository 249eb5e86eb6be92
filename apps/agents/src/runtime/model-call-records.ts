import type { LanguageModelV4 } from '@ai-sdk/provider';
import type { AgentModels, TurnLogModelCall } from '@platica/contracts';
import type { ModelSlot } from '../models/model-chains';
import { recordedChain, type TryRecorder } from '../models/recorded-calls';
import type { TurnRef } from '../turn-log/turn-log.repository';
import { currentAttempt, note, type TurnDeps } from './turn-deps';

/** Which of a turn's model calls this is (docs/agents.md › Turn log). */
export interface ModelCallOf {
  purpose: TurnLogModelCall['purpose'];
  round: number | null;
  /** What tells it from the turn's other calls of its purpose: its round, its summary's kind, its tool call's id. */
  id: string | number;
}

/** Whose settings choose a call's model, and which of them (models/model-chains.ts). */
export interface ModelChooser {
  workspaceId: string;
  agentId: string | null;
  /** The agent's model settings; undefined: read the agent's (a working message knows only its id). */
  models?: AgentModels | null;
  slot: ModelSlot;
}

type RecordingDeps = Pick<TurnDeps, 'chains' | 'breakers' | 'agents' | 'config' | 'turnLog' | 'logger'>;

/**
 * The turn's model for one call: the models its agent's settings choose, in order, falling back
 * on provider failures (models/fallback-model.ts), each try recorded in the turn log (`ref`'s):
 * what it was for, which model and connection, how long it took, the tokens and finish reason
 * the provider reported and their cost, or its error (a skipped one: `circuit_open`). The
 * record is written alongside (note() never fails the call); a turn without a log entry (no id)
 * records nothing.
 */
export function turnModel(deps: RecordingDeps, ref: TurnRef | null, of: ModelCallOf, chooser: ModelChooser): LanguageModelV4 {
  const attempt = currentAttempt();
  const keyOf = (tryIndex: number) => `${of.purpose}:${of.id}:${attempt}${tryIndex ? `:${tryIndex}` : ''}`;
  const write: TryRecorder = (candidate, tryIndex, call) => {
    const fixed = {
      purpose: of.purpose,
      round: of.round,
      attempt,
      model: candidate.modelId,
      provider: candidate.provider,
      connectionId: candidate.connectionId,
      agentId: chooser.agentId,
      fallbackIndex: tryIndex,
    };
    void note(deps, ref, (r) => deps.turnLog.modelCall(r, { key: keyOf(tryIndex), ...fixed, ...call }));
  };
  const candidates = async () => {
    const models =
      chooser.models !== undefined || !chooser.agentId
        ? (chooser.models ?? null)
        : ((await deps.agents.find(chooser.workspaceId, chooser.agentId))?.models ?? null);
    return deps.chains.candidates(chooser.workspaceId, models, chooser.slot);
  };
  return recordedChain(deps, candidates, ref ? write : null);
}
