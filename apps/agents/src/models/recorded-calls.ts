import type { LanguageModelV4, LanguageModelV4FinishReason, LanguageModelV4StreamPart, LanguageModelV4Usage } from '@ai-sdk/provider';
import { wrapLanguageModel } from 'ai';
import type { ModelOffer, TurnLogModelCall } from '@platica/contracts';
import type { AgentsConfigService } from '../config/agents.config';
import { FallbackModel, type ModelCandidate } from './fallback-model';
import { modelCallErrorOf } from './model-call-errors';
import { modelBreakerSkips, type ModelBreakers } from './model-breakers';

/** What the provider answered, as the record keeps it: counts and reasons, never the text. */
interface Answered {
  usage: LanguageModelV4Usage | null;
  finishReason: LanguageModelV4FinishReason | null;
  toolCallCount: number;
}

/** What a record takes from the call's chooser and candidate rather than from its outcome. */
type ChooserFields = 'purpose' | 'round' | 'attempt' | 'model' | 'provider' | 'connectionId' | 'agentId' | 'fallbackIndex';

/** A try's outcome as a record keeps it: what the provider answered or its error, its cost, when and how long. */
export type TryOutcome = Omit<TurnLogModelCall, ChooserFields>;
/** Records one try of a chained call: the `tryIndex`-th, on `candidate`. */
export type TryRecorder = (candidate: ModelCandidate, tryIndex: number, call: TryOutcome) => void;

/**
 * `candidates` as one model falling back on provider failures (models/fallback-model.ts),
 * through the connections' breakers, each try (and each skip: `circuit_open`) handed to
 * `record`; without one, nothing is wrapped.
 */
export function recordedChain(
  deps: { breakers: ModelBreakers; config: AgentsConfigService },
  candidates: () => Promise<ModelCandidate[]>,
  record: TryRecorder | null,
): LanguageModelV4 {
  return new FallbackModel({
    candidates,
    breakers: (keys) => deps.breakers.read(keys),
    failed: (candidate, reason) => deps.breakers.failed(candidate, reason),
    succeeded: (candidate) => deps.breakers.succeeded(candidate),
    recorded: (candidate, tryIndex) =>
      record
        ? recordingModel(candidate.model, (startedAt, answered, error) => {
            const outcome = modelCallOutcome(answered, error, candidate.secret);
            record(candidate, tryIndex, {
              ...outcome,
              costUsd: costOf(candidate.offer, outcome),
              at: new Date(startedAt).toISOString(),
              durationMs: Date.now() - startedAt,
            });
          })
        : candidate.model,
    skipped: (candidate, tryIndex) => {
      modelBreakerSkips.inc();
      record?.(candidate, tryIndex, {
        outcome: 'error',
        inputTokens: null,
        outputTokens: null,
        finishReason: null,
        toolCallCount: 0,
        error: { status: null, code: 'circuit_open', message: "skipped: the connection's circuit breaker is open" },
        costUsd: null,
        at: new Date().toISOString(),
        durationMs: 0,
      });
    },
    timeoutMs: deps.config.values.LLM_TIMEOUT_MS,
  });
}

/** What a call cost by its model's prices (US dollars per million tokens); null without both prices or without usage. */
export function costOf(offer: ModelOffer | null, usage: { inputTokens: number | null; outputTokens: number | null }): number | null {
  if (!offer || offer.inputUsdPerMillion === null || offer.outputUsdPerMillion === null) return null;
  if (usage.inputTokens === null && usage.outputTokens === null) return null;
  const cost = ((usage.inputTokens ?? 0) * offer.inputUsdPerMillion + (usage.outputTokens ?? 0) * offer.outputUsdPerMillion) / 1_000_000;
  // Kept to a millionth of a cent: sums of many calls stay exact enough, and JSON stays short.
  return Math.round(cost * 1e8) / 1e8;
}

/**
 * `model` reporting each call to `record` when it ends: with what the provider answered, or
 * the error. A streamed call ends with its stream (read whole, failed, or cancelled).
 */
export function recordingModel(
  model: LanguageModelV4,
  record: (startedAt: number, answered: Answered | null, error: unknown) => void,
): LanguageModelV4 {
  return wrapLanguageModel({
    model,
    middleware: {
      specificationVersion: 'v4',
      wrapGenerate: async ({ doGenerate }) => {
        const startedAt = Date.now();
        try {
          const result = await doGenerate();
          const toolCallCount = result.content.filter((part) => part.type === 'tool-call').length;
          record(startedAt, { usage: result.usage, finishReason: result.finishReason, toolCallCount }, null);
          return result;
        } catch (error) {
          record(startedAt, null, error);
          throw error;
        }
      },
      wrapStream: async ({ doStream }) => {
        const startedAt = Date.now();
        let started;
        try {
          started = await doStream();
        } catch (error) {
          record(startedAt, null, error);
          throw error;
        }
        const answered: Answered = { usage: null, finishReason: null, toolCallCount: 0 };
        let failure: unknown = null;
        let ended = false;
        const end = (error: unknown) => {
          if (ended) return;
          ended = true;
          record(startedAt, error === null ? answered : null, error);
        };
        // `cancel` (Node's streams call it when the stream fails or is cancelled) is not in TypeScript's lib yet.
        const watcher: Transformer<LanguageModelV4StreamPart, LanguageModelV4StreamPart> & { cancel: (reason: unknown) => void } = {
          transform(part, controller) {
            if (part.type === 'tool-call') answered.toolCallCount++;
            else if (part.type === 'finish') Object.assign(answered, { usage: part.usage, finishReason: part.finishReason });
            else if (part.type === 'error') failure ??= part.error;
            controller.enqueue(part);
          },
          flush: () => end(failure),
          cancel: (reason) => end(reason ?? new Error('the stream was cancelled')),
        };
        return { ...started, stream: started.stream.pipeThrough(new TransformStream(watcher)) };
      },
    },
  });
}

/** A record's outcome: the provider's answer (counts and reasons), or its error, the API key never in it. */
export function modelCallOutcome(
  answered: Answered | null,
  error: unknown,
  apiKey: string | undefined,
): Pick<TurnLogModelCall, 'outcome' | 'inputTokens' | 'outputTokens' | 'finishReason' | 'toolCallCount' | 'error'> {
  return {
    outcome: error === null && answered ? 'ok' : 'error',
    inputTokens: answered?.usage?.inputTokens.total ?? null,
    outputTokens: answered?.usage?.outputTokens.total ?? null,
    finishReason: answered?.finishReason ? finishReasonOf(answered.finishReason) : null,
    toolCallCount: answered?.toolCallCount ?? 0,
    error: error === null ? null : modelCallErrorOf(error, apiKey),
  };
}

/** The SDK's unified finish reason, spelled like the API's other enums (`tool-calls` is `tool_calls`). */
function finishReasonOf(reason: LanguageModelV4FinishReason): NonNullable<TurnLogModelCall['finishReason']> {
  return reason.unified.replace('-', '_') as NonNullable<TurnLogModelCall['finishReason']>;
}
