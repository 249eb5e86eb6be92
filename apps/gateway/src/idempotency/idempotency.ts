import { Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { PublicOperation } from '@platica/contracts';
import { DomainError, ErrorCode } from '@platica/errors';
import { errorReply } from '@platica/platform';
import { IdempotencyRepository, type ClaimedKey, type StoredAnswer } from './idempotency.repository';

/** How long a key answers with its first request's answer (the IETF draft and Stripe: at least 24 h). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** The header a replayed answer carries. */
export const REPLAYED_HEADER = 'idempotent-replayed';
/** Beyond its route's time-out, how long a claim outlives a gateway that stopped before answering. */
const LOCK_MARGIN_MS = 10_000;

/**
 * `Idempotency-Key` (the IETF draft, as Stripe applies it) on the operations marked `idempotent`,
 * for REST and /mcp alike (docs/sending-messages.md › Retrying safely). The first request with
 * a key claims it and runs; a retry with the same request gets the first answer again, marked
 * `Idempotent-Replayed: true`, without calling the service; another request under the key is a
 * 422, and a retry while the first still runs a 409.
 *
 * What is kept: the answer of a request the service took or may have taken, a 2xx and a 500,
 * 502 or 504 alike (a 504 says the service did not answer in time, not that it did nothing).
 * A 4xx and a 503 say nothing was done (bad input, a refusal, a dependency down before the
 * service took the request): the key is freed, and a retry with it runs afresh.
 */
@Injectable()
export class Idempotency {
  private readonly logger = new Logger(Idempotency.name);

  constructor(private readonly keys: IdempotencyRepository) {}

  async run(
    request: { operation: PublicOperation; workspaceId: string; key: string; lockMs: number; fingerprint: string },
    execute: (claimed: ClaimedKey) => Promise<StoredAnswer>,
  ): Promise<StoredAnswer> {
    const { operation, workspaceId, key, fingerprint } = request;
    const held = await this.keys.claim({
      workspaceId,
      key,
      fingerprint,
      operationId: operation.operationId,
      lockMs: request.lockMs + LOCK_MARGIN_MS,
      ttlMs: IDEMPOTENCY_KEY_TTL_MS,
    });
    if (!('firstClaimedAt' in held)) {
      if (held.fingerprint !== fingerprint) {
        throw new DomainError(ErrorCode.Unprocessable, 'This Idempotency-Key was used with another request', {
          header: 'Idempotency-Key',
          reason: 'idempotency_key_reused',
        });
      }
      if (!held.answer) {
        throw new DomainError(ErrorCode.Conflict, 'A request with this Idempotency-Key is still in progress; retry after it answers', {
          header: 'Idempotency-Key',
          reason: 'idempotency_key_in_progress',
        });
      }
      return { ...held.answer, headers: { ...held.answer.headers, [REPLAYED_HEADER]: 'true' } };
    }
    let answer: StoredAnswer;
    try {
      answer = await execute(held);
    } catch (error) {
      const { status, body } = errorReply(error, { operation: operation.operationId });
      await this.settle(workspaceId, key, fingerprint, { status, body });
      throw error;
    }
    await this.settle(workspaceId, key, fingerprint, answer);
    return answer;
  }

  /** Keeps the answer, or frees the key when the answer says nothing was done. */
  private async settle(workspaceId: string, key: string, fingerprint: string, answer: StoredAnswer): Promise<void> {
    try {
      if (pinsKey(answer.status)) await this.keys.complete(workspaceId, key, fingerprint, answer);
      else await this.keys.release(workspaceId, key, fingerprint);
    } catch (error) {
      // The client still gets its answer; the claim ends when its lock does, and a retry then runs again.
      this.logger.warn({ msg: 'idempotency key not settled', workspaceId, status: answer.status, error: String(error) });
    }
  }
}

/** Whether an answer is kept for the key's retries: not a 4xx nor a 503, which say nothing was done. */
export function pinsKey(status: number): boolean {
  return !(status >= 400 && status < 500) && status !== 503;
}

/**
 * The key of a request, or null without the header (nothing changes then). A key is 1-255
 * visible ASCII characters (a UUID is the usual one); a Structured Field string (`"…"`, as
 * the draft writes it) is taken without its quotes.
 */
export function idempotencyKeyOf(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const raw = Array.isArray(value) ? value : [value];
  const text = raw.length === 1 && typeof raw[0] === 'string' ? raw[0].trim().replace(/^"(.*)"$/, '$1') : null;
  if (text === null || !/^[\x21-\x7e]{1,255}$/.test(text)) {
    throw DomainError.validation(
      [{ path: ['Idempotency-Key'], message: 'must be one value of 1-255 visible ASCII characters (a UUID, say)' }],
      'Invalid Idempotency-Key',
    );
  }
  return text;
}

/** sha256 of what the request asks: the operation, its path parameters, query and body, with keys in order. */
export function requestFingerprint(operation: PublicOperation, params: unknown, query: unknown, body: unknown): string {
  return createHash('sha256')
    .update(canonicalJson([operation.operationId, params, query, body ?? null]))
    .digest('hex');
}

/**
 * The reference the owning service records a keyed request's creations under (RpcRequest.requestRef):
 * one workspace's key with one request. Another request under the key is another reference, so
 * a service never answers it with the first one's resources (the gateway's 422 says so while it keeps the key).
 */
export function requestRefOf(workspaceId: string, key: string, fingerprint: string): string {
  return createHash('sha256').update(`${workspaceId}\n${key}\n${fingerprint}`).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
