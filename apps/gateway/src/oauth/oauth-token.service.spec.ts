import { createHash } from 'node:crypto';
import { SCOPES, type Scope } from '@platica/contracts';
import { fake, newTestService } from '@platica/testing/test-service';
import { GatewayConfigService } from '../config/gateway-config.service';
import { CredentialRevocations } from '../credentials/credential-revocations';
import { OAuthError } from './oauth-error';
import { OAuthGrantRepository, type RedeemedCode, type Redemption, type RotatedRefreshToken } from './oauth-grant.repository';
import { OAuthTokenService } from './oauth-token.service';

const VERIFIER = 'v'.repeat(43);
const CHALLENGE = createHash('sha256').update(VERIFIER, 'ascii').digest('base64url');
const REDIRECT = 'http://127.0.0.1:8765/callback';

function code(fields: Partial<RedeemedCode> = {}): RedeemedCode {
  return {
    clientId: 'cli_1',
    userId: 'usr_1',
    workspaceIds: ['ws_1'],
    scopes: ['platica:read', 'platica:write'],
    resource: null,
    redirectUri: REDIRECT,
    codeChallenge: CHALLENGE,
    familyId: 'fam_1',
    ...fields,
  };
}

/** The grant tables in memory: codes and refresh tokens by value, what was issued, revoked and told to every replica. */
function world(
  options: {
    codes?: Record<string, Redemption<RedeemedCode>>;
    refresh?: Record<string, Redemption<RotatedRefreshToken>>;
    owners?: Record<string, { kind: 'refresh' | 'access'; familyId: string | null; clientId: string | null; hash: string }>;
  } = {},
) {
  const issued: { grant: unknown; familyId: string; ttl: unknown }[] = [];
  const redemptions: string[] = [];
  const rotations: { token: string; scopes: Scope[] }[] = [];
  const revokedFamilies: string[] = [];
  const revokedAccess: string[] = [];
  const published: (string[] | 'all')[] = [];
  const built = newTestService(
    OAuthTokenService,
    fake(OAuthGrantRepository, {
      findClient: async (id: string) => (id === 'cli_1' || id === 'cli_2' ? ({ id } as never) : null),
      redeemCode: async (value) => {
        redemptions.push(value);
        return options.codes?.[value] ?? { outcome: 'invalid' };
      },
      rotateRefreshToken: async (token, scopes = []) => {
        rotations.push({ token, scopes });
        return options.refresh?.[token] ?? { outcome: 'invalid' };
      },
      issueTokens: async (grant, familyId, ttl) => {
        issued.push({ grant, familyId, ttl });
        return { accessToken: 'pl_at_new', refreshToken: 'pl_rt_new', accessTokenExpiresIn: 900, scopes: grant.scopes };
      },
      revokeFamily: async (familyId) => {
        revokedFamilies.push(familyId);
        return [`hash_at_${familyId}`, `hash_rt_${familyId}`];
      },
      tokenOwner: async (token) => options.owners?.[token] ?? null,
      revokeAccessToken: async (hash) => {
        revokedAccess.push(hash);
        return [hash];
      },
    }),
    fake(CredentialRevocations, { publish: async (hashes) => void published.push(hashes) }),
    fake(GatewayConfigService, {
      values: {
        PLATICA_OAUTH_ACCESS_TOKEN_TTL_SECONDS: 900,
        PLATICA_OAUTH_REFRESH_TOKEN_TTL_SECONDS: 2_592_000,
      } as GatewayConfigService['values'],
    }),
  );
  return { ...built, redemptions, issued, rotations, revokedFamilies, revokedAccess, published };
}

async function oauthRefusal(promise: Promise<unknown>): Promise<{ error: string; description: string; status: number }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof OAuthError)) throw new Error(`expected an OAuthError, got ${String(error)}`);
  return { error: error.error, description: error.description, status: error.status };
}

const codeForm = (fields: Record<string, unknown> = {}) => ({
  grant_type: 'authorization_code',
  client_id: 'cli_1',
  code: 'code_1',
  code_verifier: VERIFIER,
  redirect_uri: REDIRECT,
  ...fields,
});

const refreshForm = (fields: Record<string, unknown> = {}) => ({
  grant_type: 'refresh_token',
  client_id: 'cli_1',
  refresh_token: 'pl_rt_old',
  ...fields,
});

describe('OAuthTokenService', () => {
  describe('exchange', () => {
    it('refuses a missing or unsupported grant_type', async () => {
      const { service } = world();
      expect(await oauthRefusal(service.exchange({}))).toEqual({
        error: 'invalid_request',
        description: 'grant_type is required',
        status: 400,
      });
      expect(await oauthRefusal(service.exchange({ grant_type: 'password' }))).toMatchObject({
        error: 'unsupported_grant_type',
        status: 400,
      });
    });

    it('refuses a parameter sent twice', async () => {
      const { service } = world();
      expect(await oauthRefusal(service.exchange({ grant_type: ['authorization_code', 'refresh_token'] }))).toEqual({
        error: 'invalid_request',
        description: 'grant_type must be sent once',
        status: 400,
      });
    });
  });

  describe('the authorization code grant', () => {
    it('issues tokens for the code with the configured lifetimes, in the grant family', async () => {
      const { service, issued, published } = world({ codes: { code_1: { outcome: 'redeemed', value: code() } } });
      expect(await service.exchange(codeForm())).toEqual({
        access_token: 'pl_at_new',
        token_type: 'Bearer',
        expires_in: 900,
        refresh_token: 'pl_rt_new',
        scope: 'platica:read platica:write',
      });
      expect(issued).toEqual([{ grant: code(), familyId: 'fam_1', ttl: { accessSeconds: 900, refreshSeconds: 2_592_000 } }]);
      expect(published).toEqual([]);
    });

    it('refuses an unknown client, a client secret and a missing client_id as invalid_client (401)', async () => {
      const { service, issued } = world({ codes: { code_1: { outcome: 'redeemed', value: code() } } });
      expect(await oauthRefusal(service.exchange(codeForm({ client_id: 'cli_unknown' })))).toEqual({
        error: 'invalid_client',
        description: 'unknown client',
        status: 401,
      });
      expect(await oauthRefusal(service.exchange(codeForm({ client_secret: 's3cret' })))).toMatchObject({
        error: 'invalid_client',
        description: 'public clients have no secret',
      });
      expect(await oauthRefusal(service.exchange(codeForm({ client_id: '' })))).toMatchObject({
        error: 'invalid_client',
        description: 'client_id is required',
      });
      expect(issued).toEqual([]);
    });

    it.each(['code', 'code_verifier', 'redirect_uri'])('requires %s', async (name) => {
      const { service } = world();
      expect(await oauthRefusal(service.exchange(codeForm({ [name]: undefined })))).toEqual({
        error: 'invalid_request',
        description: `${name} is required`,
        status: 400,
      });
    });

    it('refuses a malformed code_verifier before spending the code', async () => {
      const { service, redemptions } = world({ codes: { code_1: { outcome: 'redeemed', value: code() } } });
      expect(await oauthRefusal(service.exchange(codeForm({ code_verifier: 'short' })))).toMatchObject({
        error: 'invalid_request',
        description: 'code_verifier must be 43 to 128 unreserved characters',
      });
      expect(redemptions).toEqual([]);
    });

    it('refuses an unknown or expired code as invalid_grant without revoking anything', async () => {
      const { service, revokedFamilies, published } = world();
      expect(await oauthRefusal(service.exchange(codeForm()))).toEqual({
        error: 'invalid_grant',
        description: 'authorization code is invalid or expired',
        status: 400,
      });
      expect(revokedFamilies).toEqual([]);
      expect(published).toEqual([]);
    });

    it('revokes every token of the grant when a code is replayed, and tells every replica', async () => {
      const { service, revokedFamilies, published, issued } = world({ codes: { code_1: { outcome: 'replayed', familyId: 'fam_9' } } });
      expect(await oauthRefusal(service.exchange(codeForm()))).toMatchObject({
        error: 'invalid_grant',
        description: 'authorization code already used; the tokens issued for it are revoked',
      });
      expect(revokedFamilies).toEqual(['fam_9']);
      expect(published).toEqual([['hash_at_fam_9', 'hash_rt_fam_9']]);
      expect(issued).toEqual([]);
    });

    it.each([
      ['another client', { clientId: 'cli_2' }, {}, 'authorization code was issued to another client'],
      [
        'another redirect_uri (even another loopback port)',
        {},
        { redirect_uri: 'http://127.0.0.1:9999/callback' },
        'redirect_uri differs from the authorization request',
      ],
      ['a verifier that does not match', {}, { code_verifier: 'w'.repeat(43) }, 'code_verifier does not match the code_challenge'],
    ])('refuses a code redeemed with %s, issuing nothing', async (_case, grant, form, description) => {
      const { service, issued } = world({ codes: { code_1: { outcome: 'redeemed', value: code(grant) } } });
      expect(await oauthRefusal(service.exchange(codeForm(form)))).toEqual({ error: 'invalid_grant', description, status: 400 });
      expect(issued).toEqual([]);
    });
  });

  describe('the refresh token grant', () => {
    const rotated: RotatedRefreshToken = {
      clientId: 'cli_1',
      userId: 'usr_1',
      workspaceIds: ['ws_1'],
      scopes: ['platica:read'],
      resource: null,
      familyId: 'fam_1',
    };

    it('rotates the token, narrowing to the scope asked for, and issues new tokens in the same family', async () => {
      const { service, rotations, issued } = world({ refresh: { pl_rt_old: { outcome: 'redeemed', value: rotated } } });
      expect(await service.exchange(refreshForm({ scope: 'platica:read' }))).toEqual({
        access_token: 'pl_at_new',
        token_type: 'Bearer',
        expires_in: 900,
        refresh_token: 'pl_rt_new',
        scope: 'platica:read',
      });
      expect(rotations).toEqual([{ token: 'pl_rt_old', scopes: ['platica:read'] }]);
      expect(issued).toEqual([{ grant: rotated, familyId: 'fam_1', ttl: { accessSeconds: 900, refreshSeconds: 2_592_000 } }]);
    });

    it('keeps the granted scope when none is asked for', async () => {
      const { service, rotations } = world({ refresh: { pl_rt_old: { outcome: 'redeemed', value: rotated } } });
      await service.exchange(refreshForm());
      expect(rotations).toEqual([{ token: 'pl_rt_old', scopes: [] }]);
    });

    it('refuses an unknown scope as invalid_scope, and a scope wider than granted', async () => {
      const { service, rotations } = world({ refresh: { pl_rt_old: { outcome: 'scope_exceeded' } } });
      expect(await oauthRefusal(service.exchange(refreshForm({ scope: 'platica:everything' })))).toMatchObject({
        error: 'invalid_scope',
        status: 400,
      });
      expect(rotations).toEqual([]);
      expect(await oauthRefusal(service.exchange(refreshForm({ scope: SCOPES.join(' ') })))).toEqual({
        error: 'invalid_scope',
        description: 'scope exceeds what the user granted: authorize again',
        status: 400,
      });
    });

    it('refuses a value that is not a refresh token without looking it up', async () => {
      const { service, rotations } = world();
      expect(await oauthRefusal(service.exchange(refreshForm({ refresh_token: 'pl_at_access' })))).toMatchObject({
        error: 'invalid_grant',
        description: 'refresh token is invalid, expired or revoked',
      });
      expect(rotations).toEqual([]);
    });

    it('refuses an invalid, expired or revoked refresh token', async () => {
      const { service, revokedFamilies } = world();
      expect(await oauthRefusal(service.exchange(refreshForm()))).toMatchObject({
        error: 'invalid_grant',
        description: 'refresh token is invalid, expired or revoked',
      });
      expect(revokedFamilies).toEqual([]);
    });

    it('revokes the whole grant when a spent refresh token is replayed', async () => {
      const { service, revokedFamilies, published } = world({ refresh: { pl_rt_old: { outcome: 'replayed', familyId: 'fam_3' } } });
      expect(await oauthRefusal(service.exchange(refreshForm()))).toMatchObject({
        error: 'invalid_grant',
        description: 'refresh token already used; every token of this grant is revoked',
      });
      expect(revokedFamilies).toEqual(['fam_3']);
      expect(published).toEqual([['hash_at_fam_3', 'hash_rt_fam_3']]);
    });

    it("revokes the whole grant when another client presents a client's refresh token", async () => {
      const { service, revokedFamilies, issued } = world({ refresh: { pl_rt_old: { outcome: 'redeemed', value: rotated } } });
      expect(await oauthRefusal(service.exchange(refreshForm({ client_id: 'cli_2' })))).toMatchObject({
        error: 'invalid_grant',
        description: 'refresh token was issued to another client',
      });
      expect(revokedFamilies).toEqual(['fam_1']);
      expect(issued).toEqual([]);
    });
  });

  describe('revoke', () => {
    const owners = {
      pl_rt_mine: { kind: 'refresh' as const, familyId: 'fam_1', clientId: 'cli_1', hash: 'hash_rt' },
      pl_at_mine: { kind: 'access' as const, familyId: 'fam_1', clientId: 'cli_1', hash: 'hash_at' },
      pl_at_other: { kind: 'access' as const, familyId: 'fam_2', clientId: 'cli_2', hash: 'hash_other' },
    };

    it('revokes the whole grant of a refresh token', async () => {
      const { service, revokedFamilies, revokedAccess, published } = world({ owners });
      await service.revoke({ client_id: 'cli_1', token: 'pl_rt_mine' });
      expect(revokedFamilies).toEqual(['fam_1']);
      expect(revokedAccess).toEqual([]);
      expect(published).toEqual([['hash_at_fam_1', 'hash_rt_fam_1']]);
    });

    it('revokes only the access token it is given', async () => {
      const { service, revokedFamilies, revokedAccess, published } = world({ owners });
      await service.revoke({ client_id: 'cli_1', token: 'pl_at_mine' });
      expect(revokedFamilies).toEqual([]);
      expect(revokedAccess).toEqual(['hash_at']);
      expect(published).toEqual([['hash_at']]);
    });

    it('answers quietly for an unknown token or a value that is no token (RFC 7009)', async () => {
      const { service, revokedAccess, revokedFamilies, published } = world({ owners });
      await expect(service.revoke({ client_id: 'cli_1', token: 'pl_at_unknown' })).resolves.toBeUndefined();
      await expect(service.revoke({ client_id: 'cli_1', token: 'pl_key_abc' })).resolves.toBeUndefined();
      expect([revokedAccess, revokedFamilies, published]).toEqual([[], [], []]);
    });

    it("refuses to revoke another client's token", async () => {
      const { service, revokedAccess, published } = world({ owners });
      expect(await oauthRefusal(service.revoke({ client_id: 'cli_1', token: 'pl_at_other' }))).toEqual({
        error: 'unauthorized_client',
        description: 'the token was not issued to this client',
        status: 400,
      });
      expect(revokedAccess).toEqual([]);
      expect(published).toEqual([]);
    });

    it('requires the token and a known client', async () => {
      const { service } = world({ owners });
      expect(await oauthRefusal(service.revoke({ client_id: 'cli_1' }))).toMatchObject({
        error: 'invalid_request',
        description: 'token is required',
      });
      expect(await oauthRefusal(service.revoke({ client_id: 'cli_x', token: 'pl_at_mine' }))).toMatchObject({
        error: 'invalid_client',
        status: 401,
      });
    });
  });
});
