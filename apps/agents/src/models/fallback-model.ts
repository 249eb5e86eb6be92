import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4GenerateResult,
  LanguageModelV4StreamResult,
} from '@ai-sdk/provider';
import type { ModelOffer } from '@platica/contracts';
import { fallbackReasonOf, retriesSameModel, SAME_MODEL_CALLS, type FallbackReason } from './fallback-reasons';

/** One model a call may use, in the order of its list. */
export interface ModelCandidate {
  /** Its circuit breaker's key: the connection's id, or `installation`. */
  breakerKey: string;
  connectionId: string | null;
  /** The provider's name as the turn log shows it; null for the development model. */
  provider: string | null;
  modelId: string;
  model: LanguageModelV4;
  /** The credential, blanked out of recorded errors. */
  secret: string | undefined;
  /** Its prices, when the connection lists any. */
  offer: ModelOffer | null;
}

/** The installation's model (`LLM_*`, or the development model) as a candidate: no connection, no prices. */
export function installationModel(model: LanguageModelV4, provider: string | null = 'openai-compatible', secret?: string): ModelCandidate {
  return { breakerKey: 'installation', connectionId: null, provider, modelId: model.modelId, model, secret, offer: null };
}

/** How a fallback call reaches the breakers and reports each try. */
export interface FallbackDeps {
  /** The call's models in order (read at its first use). */
  candidates: () => Promise<ModelCandidate[]>;
  /** Breakers among these keys that counted failures (`failing`) and that are open now (only read with more than one candidate). */
  breakers: (keys: string[]) => Promise<{ failing: Set<string>; open: Set<string> }>;
  failed: (candidate: ModelCandidate, reason: FallbackReason) => Promise<void>;
  succeeded: (candidate: ModelCandidate) => Promise<void>;
  /** `candidate` wrapped to record its call as the `tryIndex`-th of this model call. */
  recorded: (candidate: ModelCandidate, tryIndex: number) => LanguageModelV4;
  /** A skipped candidate, recorded. */
  skipped: (candidate: ModelCandidate, tryIndex: number, openBreaker: true) => void;
  /** One call's time limit (each try has its own). */
  timeoutMs: number;
}

/**
 * A model that is an ordered list of models (docs/agents.md › Models and fallback): a failure
 * that retrying the same provider will not fix soon (fallback-reasons.ts) goes to the next; a
 * connection whose breaker is open is skipped while another remains. Only a failure before a
 * streamed answer begins can fall back: one that breaks a stream ends the call like before.
 */
export class FallbackModel implements LanguageModelV4 {
  readonly specificationVersion = 'v4';
  readonly provider = 'platica';
  readonly modelId = 'platica-models';
  readonly supportedUrls = { '*/*': [/^https?:\/\//] };

  constructor(private readonly deps: FallbackDeps) {}

  doGenerate(options: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult> {
    return this.tryInTurn(options, async (model, call) => model.doGenerate(call));
  }

  doStream(options: LanguageModelV4CallOptions): Promise<LanguageModelV4StreamResult> {
    return this.tryInTurn(options, async (model, call) => model.doStream(call));
  }

  private async tryInTurn<T>(
    options: LanguageModelV4CallOptions,
    call: (model: LanguageModelV4, options: LanguageModelV4CallOptions) => Promise<T>,
  ): Promise<T> {
    const candidates = await this.deps.candidates();
    const several = candidates.length > 1;
    const { failing, open } = several
      ? await this.deps.breakers(candidates.map((c) => c.breakerKey))
      : { failing: new Set<string>(), open: new Set<string>() };
    let tryIndex = 0;
    let lastFailure: unknown;
    for (const [index, candidate] of candidates.entries()) {
      const last = index === candidates.length - 1;
      // The last model is tried even with its breaker open: a call with nowhere else to go is not refused here.
      if (!last && open.has(candidate.breakerKey)) {
        this.deps.skipped(candidate, tryIndex++, true);
        continue;
      }
      for (let calls = 1; ; calls++) {
        const limit = AbortSignal.timeout(this.deps.timeoutMs);
        const abortSignal = options.abortSignal ? AbortSignal.any([options.abortSignal, limit]) : limit;
        try {
          const result = await call(this.deps.recorded(candidate, tryIndex++), { ...options, abortSignal });
          // Only a breaker that counted failures is written to: an answer from a healthy connection costs nothing more.
          if (failing.has(candidate.breakerKey)) await this.deps.succeeded(candidate);
          return result;
        } catch (error) {
          // Cancelled from outside (the activity): nothing to fall back to.
          if (options.abortSignal?.aborted) throw error;
          const reason = fallbackReasonOf(error, limit.aborted);
          if (!reason || !several) throw error;
          await this.deps.failed(candidate, reason);
          failing.add(candidate.breakerKey);
          lastFailure = error;
          if (retriesSameModel(reason) && calls < SAME_MODEL_CALLS && !last) continue;
          break;
        }
      }
    }
    throw lastFailure;
  }
}
