import { request, type Dispatcher } from 'undici';
import { describeOutboundError } from '@platica/platform';
import { standardWebhookHeaders } from '../webhooks/signature';

export interface AttemptTarget {
  url: string;
  key: Buffer;
  headers: Record<string, string>;
  eventId: string;
  body: string;
}

export interface AttemptResult {
  attemptedAt: Date;
  /** The receiver's HTTP status; null when it gave none (timeout, refused, DNS, refused by the SSRF guard). */
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  retryAfter: string | null;
}

const RESPONSE_BODY_LIMIT = 64 * 1024;

/**
 * One HTTP attempt of a delivery: POST of the event envelope with the Standard Webhooks
 * headers (a fresh timestamp and signature per attempt, the same `webhook-id`) and the
 * webhook's custom headers, bounded by `timeoutMs` from start to the end of the answer.
 */
export async function sendAttempt(dispatcher: Dispatcher, target: AttemptTarget, timeoutMs: number): Promise<AttemptResult> {
  const attemptedAt = new Date();
  const started = performance.now();
  const headers = {
    ...target.headers,
    'content-type': 'application/json',
    'user-agent': 'Platica-Webhooks/1.0',
    ...standardWebhookHeaders(target.key, target.eventId, target.body, attemptedAt),
  };
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const answer = await request(target.url, {
      dispatcher,
      method: 'POST',
      headers,
      body: target.body,
      signal: AbortSignal.timeout(timeoutMs),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    // Redirects are not followed (a 3xx is a failure). The body is read, bounded, so the connection is reused.
    await answer.body.dump({ limit: RESPONSE_BODY_LIMIT }).catch(() => undefined);
    const ok = answer.statusCode >= 200 && answer.statusCode < 300;
    const retryAfter = answer.headers['retry-after'];
    return {
      attemptedAt,
      statusCode: answer.statusCode,
      durationMs: elapsed(),
      error: ok ? null : `the receiver answered ${answer.statusCode}`,
      retryAfter: (Array.isArray(retryAfter) ? retryAfter[0] : retryAfter) ?? null,
    };
  } catch (error) {
    return { attemptedAt, statusCode: null, durationMs: elapsed(), error: describeOutboundError(error, timeoutMs), retryAfter: null };
  }
}
