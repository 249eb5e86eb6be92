import { APICallError } from '@ai-sdk/provider';

/**
 * Why a model call goes to the next model of its list (docs/agents.md › Models and fallback):
 * a provider failure that retrying the same provider will not fix soon.
 */
export type FallbackReason = 'server_error' | 'rate_limited' | 'timeout' | 'auth' | 'unreachable';

/** A 429 whose `retry-after` is at least this long falls back; a shorter one is waited out by the turn's retries. */
export const LONG_RETRY_AFTER_SECONDS = 20;

/** Times a model is called (the first call and its retry) before a failure that may pass (5xx, unreachable) falls back. */
export const SAME_MODEL_CALLS = 2;

/** The fallback reason of a failed call's `error`; `timedOut` when the call's own time limit ended it; null: the error is the turn's (a bad request fails on every model). */
export function fallbackReasonOf(error: unknown, timedOut: boolean): FallbackReason | null {
  if (timedOut) return 'timeout';
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    if (status === undefined) return error.isRetryable ? 'unreachable' : null;
    if (status >= 500) return 'server_error';
    if (status === 401 || status === 403) return 'auth';
    if (status === 429) return retryAfterSeconds(error.responseHeaders) >= LONG_RETRY_AFTER_SECONDS ? 'rate_limited' : null;
    return null;
  }
  if (error instanceof Error && error.name === 'TimeoutError') return 'timeout';
  return null;
}

/** Whether the same model is worth one more call first. */
export function retriesSameModel(reason: FallbackReason): boolean {
  return reason === 'server_error' || reason === 'unreachable';
}

/** `retry-after` in seconds (a number of seconds or an HTTP date); 0 when absent or unreadable. */
export function retryAfterSeconds(headers: Record<string, string> | undefined, now = Date.now()): number {
  const value = headers?.['retry-after'] ?? headers?.['Retry-After'];
  if (!value) return 0;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const at = Date.parse(value);
  return Number.isNaN(at) ? 0 : Math.max(0, (at - now) / 1000);
}
