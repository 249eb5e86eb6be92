import { defineEntity, p } from '@mikro-orm/core';

/**
 * One `Idempotency-Key` of a workspace: claimed (`lockedUntil` set, no `status`) while its first
 * request runs, then that request's answer, replayed to every retry until `expiresAt`.
 * Read and written by IdempotencyRepository's statements (a claim is one atomic upsert).
 */
const IdempotencyKeySchema = defineEntity({
  name: 'IdempotencyKey',
  tableName: 'idempotency_key',
  properties: {
    workspaceId: p.text().primary(),
    key: p.text().primary(),
    /** sha256 of the operation, its path parameters, query and body: another request under the key is a 422. */
    fingerprint: p.text(),
    operationId: p.text(),
    /** While the first request runs; a claim whose holder died is taken over after it. */
    lockedUntil: p.datetime().nullable(),
    status: p.integer().nullable(),
    headers: p.json<Record<string, string>>().nullable(),
    body: p.json<unknown>().nullable(),
    createdAt: p.datetime(),
    expiresAt: p.datetime().index(),
  },
});
export class IdempotencyKey extends IdempotencyKeySchema.class {}
IdempotencyKeySchema.setClass(IdempotencyKey);
