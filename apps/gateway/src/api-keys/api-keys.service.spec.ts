import type { apiKeyOperations, AuthContext, Operation, OperationRequest } from '@platica/contracts';
import { ErrorCode } from '@platica/errors';
import { hashCredential } from '@platica/platform';
import { fake, freezeTime, newTestService, refusal, testAuth } from '@platica/testing/test-service';
import { GatewayConfigService } from '../config/gateway-config.service';
import { API_KEY_PREFIX } from '../credentials/credential';
import { CredentialRevocations } from '../credentials/credential-revocations';
import type { ApiKey } from '../identity/api-key.entity';
import { ApiKeyRepository } from '../identity/api-key.repository';
import { ApiKeysService } from './api-keys.service';

const NOW = '2026-11-20T12:00:00.000Z';

function authOf(userId: string | null = 'usr_1'): AuthContext {
  return testAuth({ userId });
}

function key(id: string, workspaceId: string, fields: Partial<ApiKey> = {}): ApiKey {
  return {
    id,
    workspace: { id: workspaceId },
    owner: { id: 'usr_1' },
    name: id,
    keyHash: `hash_of_${id}`,
    rateLimitPerSecond: 30,
    expiresAt: null,
    lastUsedAt: null,
    revokedAt: null,
    createdAt: new Date('2026-11-01T00:00:00Z'),
    ...fields,
  } as unknown as ApiKey;
}

/** Keys in memory; names unique among a workspace's live keys; what was told to every replica as revoked. */
function world(keys: ApiKey[] = [key('key_1', 'ws_1'), key('key_2', 'ws_2')]) {
  const published: string[][] = [];
  const created: Parameters<ApiKeyRepository['create']>[0][] = [];
  const built = newTestService(
    ApiKeysService,
    fake(ApiKeyRepository, {
      list: async (workspaceIds) => keys.filter((k) => workspaceIds.includes(k.workspace.id)),
      create: async (input) => {
        created.push(input);
        const live = keys.filter((k) => k.workspace.id === input.workspaceId && !k.revokedAt);
        if (live.some((k) => k.name === input.name)) return { refused: 'name_taken' as const };
        if (live.length >= input.maxLive) return { refused: 'limit_reached' as const };
        const made = key(`key_${keys.length + 1}`, input.workspaceId, {
          name: input.name,
          keyHash: input.keyHash,
          expiresAt: input.expiresAt,
        });
        keys.push(made);
        return { key: made };
      },
      find: async (workspaceId, id) => {
        const found = keys.find((k) => k.id === id && k.workspace.id === workspaceId);
        return found ? ({ ...found } as ApiKey) : null;
      },
      revoke: async (workspaceId, id) => {
        const found = keys.find((k) => k.id === id && k.workspace.id === workspaceId);
        if (!found) return null;
        found.revokedAt ??= new Date();
        return { key: found, revokedHashes: [found.keyHash] };
      },
      swapHash: async (id, previousHash, keyHash) => {
        // A conditional update in the database: the key the service loaded keeps the hash it read.
        const found = keys.find((k) => k.id === id && k.keyHash === previousHash);
        if (!found) return false;
        found.keyHash = keyHash;
        return true;
      },
    }),
    fake(CredentialRevocations, { publish: async (hashes) => void published.push(hashes) }),
    fake(GatewayConfigService, { values: { PLATICA_API_KEYS_PER_WORKSPACE: 50 } as GatewayConfigService['values'] }),
  );
  return { ...built, keys, published, created };
}

function request<Op extends Operation>(fields: { params?: object; body?: unknown; auth?: AuthContext; workspaceId?: string }) {
  return {
    auth: authOf(),
    workspaceId: 'ws_1',
    params: {},
    query: {},
    body: undefined,
    requestId: 'req_1',
    ...fields,
  } as unknown as OperationRequest<Op>;
}

describe('ApiKeysService', () => {
  beforeEach(() => freezeTime(NOW));
  afterEach(() => jest.useRealTimers());

  it("lists each workspace's keys, without their values or hashes", async () => {
    const { service } = world();
    const answer = await service.list(request<typeof apiKeyOperations.list>({ workspaceId: undefined }));
    expect(answer.workspaces.map((w) => [w.id, w.apiKeysCount, w.apiKeys.map((k) => k.id)])).toEqual([
      ['ws_1', 1, ['key_1']],
      ['ws_2', 1, ['key_2']],
    ]);
    expect(JSON.stringify(answer)).not.toContain('hash_of_');
  });

  it('creates a key for the acting user at the default rate, storing only the hash of the value it shows once', async () => {
    const { service, created } = world();
    const reply = await service.create(
      request<typeof apiKeyOperations.create>({ body: { name: '  CI  ', expiresAt: '2027-01-01T00:00:00Z' } }),
    );
    expect(reply.status).toBe(201);
    const data = reply.body.data;
    expect(data.key.startsWith(API_KEY_PREFIX)).toBe(true);
    expect(created).toEqual([
      {
        workspaceId: 'ws_1',
        ownerId: 'usr_1',
        createdByKeyId: 'key_1',
        name: 'CI',
        keyHash: hashCredential(data.key),
        rateLimitPerSecond: 30,
        expiresAt: new Date('2027-01-01T00:00:00Z'),
        maxLive: 50,
      },
    ]);
    expect(data).toMatchObject({ name: 'CI', workspaceId: 'ws_1', expiresAt: '2027-01-01T00:00:00.000Z' });
  });

  it('refuses a name a live key of the workspace has (409 on name)', async () => {
    const { service } = world();
    const error = await refusal(service.create(request<typeof apiKeyOperations.create>({ body: { name: 'key_1' } })));
    expect([error.code, error.details]).toEqual([
      ErrorCode.Conflict,
      [{ path: ['name'], message: 'already used by a live key of the workspace' }],
    ]);
  });

  it("refuses a key past the workspace's live-key bound from its config (422 naming the limit and the setting)", async () => {
    const full = Array.from({ length: 50 }, (_, i) => key(`key_${i + 1}`, 'ws_1'));
    const { service } = world([...full, key('key_old', 'ws_1', { name: 'old', revokedAt: new Date('2026-11-02T00:00:00Z') })]);
    const error = await refusal(service.create(request<typeof apiKeyOperations.create>({ body: { name: 'one more' } })));
    expect([error.code, error.details]).toEqual([
      ErrorCode.Unprocessable,
      { reason: 'workspace_limit_reached', limit: 50, setting: 'PLATICA_API_KEYS_PER_WORKSPACE' },
    ]);
  });

  it('refuses to create a key for a credential without a user (403)', async () => {
    const { service, created } = world();
    const error = await refusal(service.create(request<typeof apiKeyOperations.create>({ body: { name: 'x' }, auth: authOf(null) })));
    expect(error.code).toBe(ErrorCode.Forbidden);
    expect(created).toEqual([]);
  });

  it('revokes a key and tells every replica its hash, again on a repeated revoke; another workspace’s key is a 404', async () => {
    const { service, published } = world();
    const revoke = (id: string) => service.revoke(request<typeof apiKeyOperations.revoke>({ params: { id } }));
    expect((await revoke('key_1')).data).toMatchObject({ id: 'key_1', revokedAt: NOW });
    await revoke('key_1');
    expect(published).toEqual([['hash_of_key_1'], ['hash_of_key_1']]);
    const error = await refusal(revoke('key_2'));
    expect([error.code, error.details]).toEqual([ErrorCode.NotFound, { id: 'key_2' }]);
    expect(published).toHaveLength(2);
  });

  it('rotates a live key: a new value for the same key, the old hash revoked everywhere at once', async () => {
    const { service, keys, published } = world();
    const answer = await service.rotate(request<typeof apiKeyOperations.rotate>({ params: { id: 'key_1' } }));
    expect(answer.data).toMatchObject({ id: 'key_1', name: 'key_1' });
    expect(keys[0]!.keyHash).toBe(hashCredential(answer.data.key));
    expect(published).toEqual([['hash_of_key_1']]);
  });

  it.each([
    ['a revoked', { revokedAt: new Date('2026-11-10T00:00:00Z') }, { revokedAt: '2026-11-10T00:00:00.000Z' }],
    ['an expired', { expiresAt: new Date(NOW) }, { expiresAt: NOW }],
  ])('refuses to rotate %s key (409 naming when), changing nothing', async (_case, fields, details) => {
    const { service, keys, published } = world([key('key_1', 'ws_1', fields)]);
    const error = await refusal(service.rotate(request<typeof apiKeyOperations.rotate>({ params: { id: 'key_1' } })));
    expect([error.code, error.details]).toEqual([ErrorCode.Conflict, { id: 'key_1', ...details }]);
    expect([keys[0]!.keyHash, published]).toEqual(['hash_of_key_1', []]);
  });

  it('answers 409 to the rotation that lost a race, revoking nothing', async () => {
    const { service, published } = world([key('key_1', 'ws_1')]);
    const rotate = () => service.rotate(request<typeof apiKeyOperations.rotate>({ params: { id: 'key_1' } }));
    const [first, second] = await Promise.allSettled([rotate(), rotate()]);
    expect(first.status).toBe('fulfilled');
    expect(second).toMatchObject({ status: 'rejected', reason: { code: ErrorCode.Conflict, details: { id: 'key_1' } } });
    expect(published).toEqual([['hash_of_key_1']]);
  });
});
