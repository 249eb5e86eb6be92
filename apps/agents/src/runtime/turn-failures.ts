import { ApplicationFailure } from '@temporalio/activity';
import { DomainError } from '@platica/errors';
import { MODEL_FAILED } from '@platica/workflows/activities';
import { TurnMemo } from './turn-memo';

/**
 * Which of a turn step's errors end the turn (docs/workflows.md › Retries and outages): the
 * workflow retries every step until its horizon, so an error that waiting cannot cure is made
 * non-retryable here. A service's refusal (a 4xx DomainError) is one; a dependency that cannot
 * be reached, a 5xx or anything unforeseen is waited out.
 */
export function refusalsEndTheTurn<Activities extends object>(activities: Activities): Activities {
  const wrapped: Record<string, unknown> = {};
  for (const [name, activity] of Object.entries(activities)) {
    wrapped[name] = async (...args: unknown[]) => {
      try {
        return await (activity as (...a: unknown[]) => Promise<unknown>)(...args);
      } catch (error) {
        if (error instanceof DomainError && error.status < 500) throw ApplicationFailure.nonRetryable(error.message, error.code);
        throw error;
      }
    };
  }
  return wrapped as Activities;
}

/** Attempts the model is given per model call; failures of anything else do not count. */
export const MODEL_ATTEMPTS = 3;

/**
 * The model's failures per model call, counted in this worker: the model call activity is
 * retried until the turn's horizon (an outage of the database or NATS must not use up the
 * model's attempts), so the model's own failures end it after MODEL_ATTEMPTS. A call retried
 * on another worker (this one restarted) counts afresh.
 */
export class ModelFailures {
  private readonly counts = new TurnMemo<number>();

  /** What to throw for the model's failure `error` of the call `key`: itself, or a non-retryable failure at the last attempt. */
  failed(key: string | undefined, error: unknown): unknown {
    const count = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, count);
    if (key !== undefined && count < MODEL_ATTEMPTS) return error;
    this.counts.forget(key);
    const message = error instanceof Error ? error.message : String(error);
    return ApplicationFailure.nonRetryable(message, MODEL_FAILED);
  }
}
