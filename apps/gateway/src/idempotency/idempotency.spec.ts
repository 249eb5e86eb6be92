import { defineOperation } from '@platica/contracts';
import { DomainError, ErrorCode } from '@platica/errors';
import { Idempotency, idempotencyKeyOf, pinsKey, requestFingerprint } from './idempotency';
import type { ClaimedKey, HeldKey, IdempotencyRepository, StoredAnswer } from './idempotency.repository';

const operation = defineOperation({
  operationId: 'things_send',
  method: 'POST',
  path: '/v1/things',
  subject: 'tools.things.send',
  summary: 'Send a thing',
  tag: 'tools',
  scope: 'write',
  workspace: 'one',
  idempotent: true,
  responses: {},
});

/** The repository's contract in memory: claim, complete, release. */
class MemoryKeys {
  readonly rows = new Map<string, { fingerprint: string; answer: StoredAnswer | null }>();
  async claim(input: { workspaceId: string; key: string; fingerprint: string }): Promise<ClaimedKey | HeldKey> {
    const id = `${input.workspaceId}/${input.key}`;
    const held = this.rows.get(id);
    if (held) return held;
    this.rows.set(id, { fingerprint: input.fingerprint, answer: null });
    return { firstClaimedAt: new Date() };
  }
  async complete(workspaceId: string, key: string, _fingerprint: string, answer: StoredAnswer): Promise<void> {
    this.rows.get(`${workspaceId}/${key}`)!.answer = answer;
  }
  async release(workspaceId: string, key: string): Promise<void> {
    this.rows.delete(`${workspaceId}/${key}`);
  }
}

describe('Idempotency', () => {
  const request = (fingerprint: string, workspaceId = 'ws_1') => ({ operation, workspaceId, key: 'k-1', lockMs: 15_000, fingerprint });

  it('runs the first request, then replays its answer to a retry without running it, marked as a replay', async () => {
    const keys = new MemoryKeys();
    const idempotency = new Idempotency(keys as unknown as IdempotencyRepository);
    let runs = 0;
    const send = async () => (runs++, { status: 201, headers: { location: '/v1/things/t1' }, body: { id: 't1' } });
    expect(await idempotency.run(request('a'), send)).toEqual({ status: 201, headers: { location: '/v1/things/t1' }, body: { id: 't1' } });
    expect(await idempotency.run(request('a'), send)).toEqual({
      status: 201,
      headers: { location: '/v1/things/t1', 'idempotent-replayed': 'true' },
      body: { id: 't1' },
    });
    expect(runs).toBe(1);
    // Keys are per workspace: another workspace's same key is its own.
    await idempotency.run(request('a', 'ws_2'), send);
    expect(runs).toBe(2);
  });

  it('refuses another request under the key (422) and a retry while the first runs (409), running neither', async () => {
    const keys = new MemoryKeys();
    const idempotency = new Idempotency(keys as unknown as IdempotencyRepository);
    let release!: () => void;
    const first = idempotency.run(request('a'), () => new Promise((resolve) => (release = () => resolve({ status: 200, body: {} }))));
    const never = () => Promise.reject(new Error('must not run'));
    await expect(idempotency.run(request('a'), never)).rejects.toMatchObject({
      code: ErrorCode.Conflict,
      details: { reason: 'idempotency_key_in_progress' },
    });
    await expect(idempotency.run(request('b'), never)).rejects.toMatchObject({
      code: ErrorCode.Unprocessable,
      details: { reason: 'idempotency_key_reused' },
    });
    release();
    await first;
    await expect(idempotency.run(request('b'), never)).rejects.toMatchObject({ code: ErrorCode.Unprocessable });
  });

  it('frees the key after an answer saying nothing was done (4xx, 503), and keeps a 504 or 500', async () => {
    const keys = new MemoryKeys();
    const idempotency = new Idempotency(keys as unknown as IdempotencyRepository);
    const refused = new DomainError(ErrorCode.Validation, 'Validation failed', []);
    await expect(idempotency.run(request('a'), () => Promise.reject(refused))).rejects.toBe(refused);
    expect(keys.rows.size).toBe(0);
    await idempotency.run(request('a'), async () => ({ status: 422, body: {} }));
    expect(keys.rows.size).toBe(0);
    const unavailable = new DomainError(ErrorCode.Unavailable, 'The service is unavailable', { service: 'messaging' });
    await expect(idempotency.run(request('a'), () => Promise.reject(unavailable))).rejects.toBe(unavailable);
    expect(keys.rows.size).toBe(0);
    const timeout = new DomainError(ErrorCode.Timeout, 'The service did not answer in time', { service: 'messaging' });
    await expect(idempotency.run(request('a'), () => Promise.reject(timeout))).rejects.toBe(timeout);
    expect(await idempotency.run(request('a'), () => Promise.reject(new Error('must not run')))).toMatchObject({
      status: 504,
      headers: { 'idempotent-replayed': 'true' },
      body: { code: 504, details: { service: 'messaging' } },
    });
  });
});

describe('pinsKey', () => {
  it('keeps 2xx and 5xx answers but a 503', () => {
    expect([200, 201, 202, 500, 502, 504].every(pinsKey)).toBe(true);
    expect([400, 402, 404, 409, 422, 429, 503].some(pinsKey)).toBe(false);
  });
});

describe('idempotencyKeyOf', () => {
  it('takes a key as it came, or without its Structured Field quotes; none without the header', () => {
    expect(idempotencyKeyOf(undefined)).toBeNull();
    expect(idempotencyKeyOf('8e03978e-40d5-43e8-bc93-6894a57f9324')).toBe('8e03978e-40d5-43e8-bc93-6894a57f9324');
    expect(idempotencyKeyOf('"order-17"')).toBe('order-17');
  });

  it.each([[''], ['a b'], ['x'.repeat(256)], [['a', 'b']], [42], ['clé']])('refuses %j with a 400 naming the header', (value) => {
    expect(() => idempotencyKeyOf(value)).toThrow(
      expect.objectContaining({ code: ErrorCode.Validation, details: [expect.objectContaining({ path: ['Idempotency-Key'] })] }),
    );
  });
});

describe('requestFingerprint', () => {
  it('is the same for the same request whatever its keys’ order, and differs for another body, path or operation', () => {
    const base = requestFingerprint(operation, { id: 'c1' }, {}, { to: '+34600000000', text: 'hola', options: { a: 1, b: 2 } });
    expect(requestFingerprint(operation, { id: 'c1' }, {}, { options: { b: 2, a: 1 }, text: 'hola', to: '+34600000000' })).toBe(base);
    expect(requestFingerprint(operation, { id: 'c1' }, {}, { to: '+34600000000', text: 'adiós', options: { a: 1, b: 2 } })).not.toBe(base);
    expect(requestFingerprint(operation, { id: 'c2' }, {}, { to: '+34600000000', text: 'hola', options: { a: 1, b: 2 } })).not.toBe(base);
    expect(
      requestFingerprint(
        { ...operation, operationId: 'other' },
        { id: 'c1' },
        {},
        { to: '+34600000000', text: 'hola', options: { a: 1, b: 2 } },
      ),
    ).not.toBe(base);
  });
});
