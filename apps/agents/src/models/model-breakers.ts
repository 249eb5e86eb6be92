import { Injectable, Logger } from '@nestjs/common';
import { Counter } from 'prom-client';
import { metricsRegistry } from '@platica/platform';
import { AgentsConfigService } from '../config/agents.config';
import type { FallbackReason } from './fallback-reasons';
import type { ModelCandidate } from './fallback-model';
import { ModelConnectionRepository } from './model-connection.repository';

export const modelFallbacks = new Counter({
  name: 'platica_model_fallbacks_total',
  help: 'Model calls that failed over to the next model of their list, by reason (server_error, rate_limited, timeout, auth, unreachable)',
  labelNames: ['reason'] as const,
  registers: [metricsRegistry],
});

export const modelBreakerSkips = new Counter({
  name: 'platica_model_breaker_skips_total',
  help: 'Model calls that skipped a connection because its circuit breaker was open',
  registers: [metricsRegistry],
});

/**
 * Circuit breakers per model connection (docs/agents.md › Circuit breaker), kept in
 * PostgreSQL so every replica skips the same connection: after
 * PLATICA_MODEL_BREAKER_FAILURES provider failures in a row, calls skip it for
 * PLATICA_MODEL_BREAKER_OPEN_MS; then one call tries it again (a failure opens it again, an
 * answer closes it). A breaker's write never fails the call.
 */
@Injectable()
export class ModelBreakers {
  private readonly logger = new Logger('model-breakers');

  constructor(
    private readonly connections: ModelConnectionRepository,
    private readonly config: AgentsConfigService,
  ) {}

  /** Of `keys`, the breakers that counted failures and those open now. */
  async read(keys: string[]): Promise<{ failing: Set<string>; open: Set<string> }> {
    try {
      const now = Date.now();
      const states = [...(await this.connections.breakers(keys))];
      const open = states.filter(([, state]) => state.openUntil !== null && state.openUntil.getTime() > now).map(([key]) => key);
      return { failing: new Set(states.map(([key]) => key)), open: new Set(open) };
    } catch (error) {
      this.logger.warn({ msg: 'the model breakers were not read: every model is tried', error: String(error) });
      return { failing: new Set(), open: new Set() };
    }
  }

  async failed(candidate: ModelCandidate, reason: FallbackReason): Promise<void> {
    modelFallbacks.inc({ reason });
    const { PLATICA_MODEL_BREAKER_FAILURES: threshold, PLATICA_MODEL_BREAKER_OPEN_MS: openMs } = this.config.values;
    try {
      const opened = await this.connections.breakerFailed(candidate.breakerKey, threshold, openMs);
      if (opened)
        this.logger.warn({ msg: "a model connection's breaker is open: calls skip it", connection: candidate.breakerKey, reason });
    } catch (error) {
      this.logger.warn({ msg: 'a model failure was not counted in its breaker', error: String(error) });
    }
  }

  async succeeded(candidate: ModelCandidate): Promise<void> {
    try {
      await this.connections.breakerSucceeded(candidate.breakerKey);
    } catch (error) {
      this.logger.warn({ msg: "a model's answer did not close its breaker", error: String(error) });
    }
  }
}
