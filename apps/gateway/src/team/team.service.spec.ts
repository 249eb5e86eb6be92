import type { OperationRequest, teamOperations } from '@platica/contracts';
import { ErrorCode } from '@platica/errors';
import { hashCredential } from '@platica/platform';
import { fake, freezeTime, newTestService, refusal, testAuth } from '@platica/testing/test-service';
import { GatewayConfigService } from '../config/gateway-config.service';
import { CredentialRevocations } from '../credentials/credential-revocations';
import { TeamRepository } from './team.repository';
import { INVITATION_PREFIX, TeamService } from './team.service';

const NOW = '2026-11-20T12:00:00.000Z';
const member = { userId: 'usr_2', email: 'beto@example.test', name: 'Beto', role: 'agent' as const, joinedAt: NOW };

/** The repository's answers as given; what was told to every replica. */
function world(answers: Partial<TeamRepository> = {}) {
  const published: string[][] = [];
  const invited: Parameters<TeamRepository['invite']>[0][] = [];
  const built = newTestService(
    TeamService,
    fake(TeamRepository, {
      invite: async (input) => {
        invited.push(input);
        return { id: 'inv_1', email: input.email, role: input.role, invitedBy: input.invitedBy, createdAt: NOW, expiresAt: NOW };
      },
      ...answers,
    }),
    fake(CredentialRevocations, { publish: async (hashes) => void published.push(hashes) }),
    fake(GatewayConfigService, { publicUrl: 'https://platica.example' } as Partial<GatewayConfigService>),
  );
  return { ...built, published, invited };
}

function request<Op extends (typeof teamOperations)[keyof typeof teamOperations]>(fields: { params?: object; body?: unknown }) {
  return {
    auth: testAuth({ userId: 'usr_1', userEmail: 'ana@example.test' }),
    workspaceId: 'ws_1',
    params: {},
    query: {},
    body: undefined,
    requestId: 'req_1',
    ...fields,
  } as unknown as OperationRequest<Op>;
}

describe('TeamService', () => {
  beforeEach(() => freezeTime(NOW));
  afterEach(() => jest.useRealTimers());

  it('invites with a one-time link whose token only the answer holds (its hash is stored), for seven days', async () => {
    const { service, invited } = world();
    const reply = await service.invite(request<typeof teamOperations.invite>({ body: { email: ' Beto@Example.test ', role: 'agent' } }));
    expect(reply.status).toBe(201);
    const url = new URL(reply.body.data.invitationUrl);
    expect(`${url.origin}${url.pathname}`).toBe('https://platica.example/oauth/invitation');
    const token = url.searchParams.get('token')!;
    expect(token.startsWith(INVITATION_PREFIX)).toBe(true);
    expect(invited).toEqual([
      {
        workspaceId: 'ws_1',
        email: 'beto@example.test',
        role: 'agent',
        invitedBy: 'ana@example.test',
        tokenHash: hashCredential(token),
        expiresAt: new Date(Date.parse(NOW) + 7 * 24 * 3600_000),
      },
    ]);
  });

  it('refuses to invite a member (409 on email), and answers 404 for someone not in the workspace', async () => {
    const { service } = world({ invite: async () => 'member', changeRole: async () => null, remove: async () => null });
    const conflict = await refusal(service.invite(request<typeof teamOperations.invite>({ body: { email: 'a@b.c', role: 'admin' } })));
    expect(conflict.code).toBe(ErrorCode.Conflict);
    expect(conflict.details).toEqual([{ path: ['email'], message: 'already a member of the workspace' }]);
    const params = { userId: 'usr_x' };
    expect((await refusal(service.remove(request<typeof teamOperations.remove>({ params })))).code).toBe(ErrorCode.NotFound);
    const change = service.changeRole(request<typeof teamOperations.changeRole>({ params, body: { role: 'admin' } }));
    expect((await refusal(change)).code).toBe(ErrorCode.NotFound);
  });

  it('keeps the last admin (409) and tells no replica anything then', async () => {
    const { service, published } = world({ changeRole: async () => 'last_admin', remove: async () => 'last_admin' });
    const params = { userId: 'usr_1' };
    const demoted = await refusal(service.changeRole(request<typeof teamOperations.changeRole>({ params, body: { role: 'agent' } })));
    expect(demoted).toMatchObject({ code: ErrorCode.Conflict, details: [{ path: ['role'], message: 'the only admin of the workspace' }] });
    const removed = await refusal(service.remove(request<typeof teamOperations.remove>({ params })));
    expect(removed).toMatchObject({
      code: ErrorCode.Conflict,
      details: [{ path: ['userId'], message: 'the only admin of the workspace' }],
    });
    expect(published).toEqual([]);
  });

  it("tells every replica of a removed person's tokens and keys, and of a changed role's tokens (so none keeps the old role)", async () => {
    const { service, published } = world({
      remove: async () => ({ accessTokenHashes: ['tok_a', 'tok_b'], apiKeyHashes: ['key_a'] }),
      changeRole: async () => ({ member, accessTokenHashes: ['tok_c'] }),
    });
    const removed = await service.remove(request<typeof teamOperations.remove>({ params: { userId: 'usr_2' } }));
    expect(removed.data).toEqual({ userId: 'usr_2', revokedAccessTokens: 2, revokedApiKeys: 1 });
    const changed = await service.changeRole(
      request<typeof teamOperations.changeRole>({ params: { userId: 'usr_2' }, body: { role: 'agent' } }),
    );
    expect(changed.data).toEqual(member);
    expect(published).toEqual([['tok_a', 'tok_b', 'key_a'], ['tok_c']]);
  });
});
