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
  /** The start of the receiver's answer, as text: what an admin reads to see why it refused. */
  responseExcerpt: string | null;
}

const RESPONSE_BODY_LIMIT = 64 * 1024;
/** How much of an answer is kept with its attempt (bytes, then cut to whole characters). */
export const RESPONSE_EXCERPT_BYTES = 1024;

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
    // Redirects are not followed (a 3xx is a failure).
    const responseExcerpt = await excerptOf(answer.body);
    const ok = answer.statusCode >= 200 && answer.statusCode < 300;
    const retryAfter = answer.headers['retry-after'];
    return {
      attemptedAt,
      statusCode: answer.statusCode,
      durationMs: elapsed(),
      error: ok ? null : `the receiver answered ${answer.statusCode}`,
      retryAfter: (Array.isArray(retryAfter) ? retryAfter[0] : retryAfter) ?? null,
      responseExcerpt,
    };
  } catch (error) {
    return {
      attemptedAt,
      statusCode: null,
      durationMs: elapsed(),
      error: describeOutboundError(error, timeoutMs),
      retryAfter: null,
      responseExcerpt: null,
    };
  }
}

/**
 * The answer's first RESPONSE_EXCERPT_BYTES as text (null when empty). The body is read on,
 * up to RESPONSE_BODY_LIMIT, so the connection is reused; a longer one is dropped. Characters
 * PostgreSQL cannot store (NUL) and a character cut in half at the end are left out.
 */
async function excerptOf(body: Dispatcher.ResponseData['body']): Promise<string | null> {
  const kept: Buffer[] = [];
  let keptBytes = 0;
  let readBytes = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      if (keptBytes < RESPONSE_EXCERPT_BYTES) {
        const part = chunk.subarray(0, RESPONSE_EXCERPT_BYTES - keptBytes);
        kept.push(part);
        keptBytes += part.length;
      }
      readBytes += chunk.length;
      if (readBytes > RESPONSE_BODY_LIMIT) break;
    }
  } catch {
    // What was read before the answer broke off is still worth showing.
  }
  const text = new TextDecoder('utf-8', { fatal: false })
    .decode(Buffer.concat(kept))
    .replaceAll('\u0000', '')
    .replace(/\uFFFD$/, '');
  return text.length > 0 ? text : null;
}
