import { Injectable } from '@nestjs/common';
import { Database } from '@platica/platform';

/** An answer as the gateway sends it: replayed as it was. */
export interface StoredAnswer {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
}

/** What a key holds when another request already claimed it. */
export interface HeldKey {
  fingerprint: string;
  /** null while the first request runs. */
  answer: StoredAnswer | null;
}

/** A key claimed by this request: when it was first claimed (a lapsed claim taken over keeps its first attempt's moment). */
export interface ClaimedKey {
  firstClaimedAt: Date;
}

/** How often at most a gateway deletes expired keys, and how many at a time. */
const PURGE_EVERY_MS = 60_000;
const PURGE_BATCH = 1_000;

/**
 * The `gateway.idempotency_key` table: a key is claimed by one atomic upsert, so of two
 * requests racing with one key exactly one runs; the other reads what the key holds.
 */
@Injectable()
export class IdempotencyRepository {
  private lastPurge = 0;

  constructor(private readonly db: Database) {}

  /**
   * Claims the key for a request, or returns what holds it. An expired key is claimed afresh; so
   * is a claim whose holder stopped before answering (`locked_until` passed), by a request with
   * the same fingerprint only: that one keeps the key's `created_at`, the moment its first
   * attempt was made (PostgreSQL's clock, one for every replica).
   */
  async claim(input: {
    workspaceId: string;
    key: string;
    fingerprint: string;
    operationId: string;
    lockMs: number;
    ttlMs: number;
  }): Promise<ClaimedKey | HeldKey> {
    await this.purgeExpired();
    const em = this.db.em();
    // A key deleted between the upsert and the read (released by its failed request) is claimed again.
    for (let attempt = 0; attempt < 3; attempt++) {
      const [claimed] = await em.execute<{ first_claimed_ms: number }[]>(
        `insert into gateway.idempotency_key
           (workspace_id, key, fingerprint, operation_id, locked_until, status, headers, body, created_at, expires_at)
         values (?, ?, ?, ?, now() + ? * interval '1 millisecond', null, null, null, now(), now() + ? * interval '1 millisecond')
         on conflict (workspace_id, key) do update set
           fingerprint = excluded.fingerprint, operation_id = excluded.operation_id, locked_until = excluded.locked_until,
           status = null, headers = null, body = null, expires_at = excluded.expires_at,
           created_at = case when idempotency_key.expires_at > now() then idempotency_key.created_at else excluded.created_at end
         where idempotency_key.expires_at <= now()
            or (idempotency_key.status is null and idempotency_key.locked_until <= now()
                and idempotency_key.fingerprint = excluded.fingerprint)
         returning (extract(epoch from created_at) * 1000)::float8 as first_claimed_ms`,
        [input.workspaceId, input.key, input.fingerprint, input.operationId, input.lockMs, input.ttlMs],
      );
      if (claimed) return { firstClaimedAt: new Date(claimed.first_claimed_ms) };
      const [held] = await em.execute<
        { fingerprint: string; status: number | null; headers: Record<string, string> | null; body: unknown }[]
      >('select fingerprint, status, headers, body from gateway.idempotency_key where workspace_id = ? and key = ?', [
        input.workspaceId,
        input.key,
      ]);
      if (held) {
        return {
          fingerprint: held.fingerprint,
          answer: held.status === null ? null : { status: held.status, headers: held.headers ?? {}, body: held.body },
        };
      }
    }
    throw new Error('idempotency key: neither claimed nor held after 3 attempts');
  }

  /** The claim's answer, kept for retries until the key expires. */
  async complete(workspaceId: string, key: string, fingerprint: string, answer: StoredAnswer): Promise<void> {
    await this.db.em().execute(
      `update gateway.idempotency_key set status = ?, headers = ?::jsonb, body = ?::jsonb, locked_until = null
         where workspace_id = ? and key = ? and fingerprint = ? and status is null`,
      [answer.status, JSON.stringify(answer.headers ?? {}), JSON.stringify(answer.body ?? null), workspaceId, key, fingerprint],
    );
  }

  /** Frees a claim whose request did nothing, so a retry with the key runs afresh. */
  async release(workspaceId: string, key: string, fingerprint: string): Promise<void> {
    await this.db
      .em()
      .execute('delete from gateway.idempotency_key where workspace_id = ? and key = ? and fingerprint = ? and status is null', [
        workspaceId,
        key,
        fingerprint,
      ]);
  }

  /** Deletes expired keys, at most once a minute per gateway and a batch at a time (claims overwrite any left). */
  private async purgeExpired(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now;
    await this.db.em().execute(
      `delete from gateway.idempotency_key where ctid in
           (select ctid from gateway.idempotency_key where expires_at < now() limit ${PURGE_BATCH})`,
    );
  }
}
