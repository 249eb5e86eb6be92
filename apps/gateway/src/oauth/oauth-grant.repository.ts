import { Injectable } from '@nestjs/common';
import type { Scope } from '@platica/contracts';
import { Database, hashCredential, newCredential, newId } from '@platica/platform';
import { ACCESS_TOKEN_PREFIX, REFRESH_TOKEN_PREFIX } from '../credentials/credential';
import { AccessToken } from './access-token.entity';
import { AuthorizationCode } from './authorization-code.entity';
import { OAuthClient } from './oauth-client.entity';
import { RefreshToken } from './refresh-token.entity';

/**
 * How long a registered client that no user has authorized stays registered. Open registration
 * (RFC 7591) lets anyone create clients; a real MCP client completes its first authorization
 * within minutes of registering (the pending request itself lives 10 minutes), so a day is
 * generous for people and bounds what an abandoned or hostile registration leaves behind.
 */
export const UNAUTHORIZED_CLIENT_TTL_SECONDS = 86_400;

function unauthorizedClientCutoff(): Date {
  return new Date(Date.now() - UNAUTHORIZED_CLIENT_TTL_SECONDS * 1000);
}

/** What a user granted a client: carried from the consent page to every token of the grant. */
export interface Grant {
  clientId: string;
  userId: string;
  workspaceIds: string[];
  scopes: Scope[];
  resource: string | null;
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  accessTokenExpiresIn: number;
  scopes: Scope[];
}

export type Redemption<T> =
  { outcome: 'redeemed'; value: T } | { outcome: 'replayed'; familyId: string } | { outcome: 'invalid' } | { outcome: 'scope_exceeded' };

interface CodeRow {
  id: string;
  client_id: string;
  user_id: string;
  workspace_ids: string[];
  scopes: Scope[];
  redirect_uri: string;
  code_challenge: string;
  resource: string | null;
  family_id: string;
  expires_at: string | Date;
}

interface RefreshRow {
  family_id: string;
  client_id: string;
  user_id: string;
  workspace_ids: string[];
  scopes: Scope[];
  resource: string | null;
  expires_at: string | Date;
  rotated_at: string | Date | null;
  revoked_at: string | Date | null;
}

export interface RedeemedCode extends Grant {
  redirectUri: string;
  codeChallenge: string;
  familyId: string;
}

export interface RotatedRefreshToken extends Grant {
  familyId: string;
}

/**
 * The authorization server's tables: clients, codes, refresh tokens and the access tokens they
 * mint. Every secret is stored as its SHA-256; single use is enforced by conditional updates
 * (`… where used_at is null returning`), so two replicas redeeming the same code cannot both win.
 */
@Injectable()
export class OAuthGrantRepository {
  constructor(private readonly db: Database) {}

  async registerClient(input: {
    clientName: string | null;
    redirectUris: string[];
    metadata: Record<string, unknown>;
  }): Promise<OAuthClient> {
    const em = this.db.em();
    // Registration is where abandoned clients pile up, so it is where they are swept.
    await em.execute('delete from gateway.oauth_client where authorized_at is null and created_at < ?', [unauthorizedClientCutoff()]);
    const client = em.create(OAuthClient, { id: newId('cli'), ...input });
    await em.flush();
    return client;
  }

  /**
   * Registers (or updates) one of Plática's own clients with a fixed id, already trusted: its
   * redirect URIs are ours, so errors may be redirected to it and it never expires.
   */
  async ensureFirstPartyClient(id: string, clientName: string, redirectUris: string[]): Promise<void> {
    const metadata = { client_name: clientName, redirect_uris: redirectUris, grant_types: ['authorization_code', 'refresh_token'] };
    await this.db.em().execute(
      `insert into gateway.oauth_client (id, client_name, redirect_uris, metadata, created_at, authorized_at)
       values (?, ?, ?, ?, now(), now())
       on conflict (id) do update set client_name = excluded.client_name, redirect_uris = excluded.redirect_uris, metadata = excluded.metadata`,
      [id, clientName, JSON.stringify(redirectUris), JSON.stringify({ ...metadata, token_endpoint_auth_method: 'none' })],
    );
  }

  /** A registered client; one that no user authorized within its first day counts as expired. */
  findClient(id: string): Promise<OAuthClient | null> {
    return this.db
      .em()
      .findOne(OAuthClient, { id, $or: [{ authorizedAt: { $ne: null } }, { createdAt: { $gt: unauthorizedClientCutoff() } }] });
  }

  /** A user consented to the client: from now on it is trusted with error redirects and never expires unused. */
  async markClientAuthorized(id: string): Promise<void> {
    await this.db.em().execute('update gateway.oauth_client set authorized_at = now() where id = ? and authorized_at is null', [id]);
  }

  async createCode(grant: Grant, redirectUri: string, codeChallenge: string, ttlSeconds: number): Promise<string> {
    const code = newCredential('pl_ac_');
    const em = this.db.em();
    em.create(AuthorizationCode, {
      id: newId('acd'),
      codeHash: hashCredential(code),
      clientId: grant.clientId,
      user: grant.userId,
      workspaceIds: grant.workspaceIds,
      scopes: grant.scopes,
      redirectUri,
      codeChallenge,
      resource: grant.resource,
      familyId: newId('fam'),
      expiresAt: new Date(Date.now() + ttlSeconds * 1000),
      usedAt: null,
    });
    await em.flush();
    return code;
  }

  /** Marks the code used, once; a code already used answers `replayed` with the family its tokens belong to. */
  async redeemCode(code: string): Promise<Redemption<RedeemedCode>> {
    const em = this.db.em();
    const hash = hashCredential(code);
    const [row] = await em.execute<CodeRow[]>(
      `update gateway.oauth_authorization_code set used_at = now()
        where code_hash = ? and used_at is null
        returning id, client_id, user_id, workspace_ids, scopes, redirect_uri, code_challenge, resource, family_id, expires_at`,
      [hash],
    );
    if (!row) {
      const [used] = await em.execute<{ family_id: string }[]>(
        'select family_id from gateway.oauth_authorization_code where code_hash = ? and used_at is not null',
        [hash],
      );
      return used ? { outcome: 'replayed', familyId: used.family_id } : { outcome: 'invalid' };
    }
    if (new Date(row.expires_at).getTime() <= Date.now()) return { outcome: 'invalid' };
    return {
      outcome: 'redeemed',
      value: {
        clientId: row.client_id,
        userId: row.user_id,
        workspaceIds: row.workspace_ids,
        scopes: row.scopes,
        resource: row.resource,
        redirectUri: row.redirect_uri,
        codeChallenge: row.code_challenge,
        familyId: row.family_id,
      },
    };
  }

  /**
   * Rotation: the presented refresh token is spent once; presenting it again answers `replayed`.
   * A request for scopes the grant lacks spends nothing (`scope_exceeded`).
   */
  async rotateRefreshToken(token: string, requestedScopes: Scope[] = []): Promise<Redemption<RotatedRefreshToken>> {
    const em = this.db.em();
    const hash = hashCredential(token);
    const [row] = await em.execute<RefreshRow[]>(
      `update gateway.oauth_refresh_token set rotated_at = now()
        where token_hash = ? and rotated_at is null and revoked_at is null and expires_at > now() and scopes @> ?::jsonb
        returning family_id, client_id, user_id, workspace_ids, scopes, resource, expires_at, rotated_at, revoked_at`,
      [hash, JSON.stringify(requestedScopes)],
    );
    if (row) {
      return {
        outcome: 'redeemed',
        value: {
          clientId: row.client_id,
          userId: row.user_id,
          workspaceIds: row.workspace_ids,
          scopes: requestedScopes.length > 0 ? requestedScopes : row.scopes,
          resource: row.resource,
          familyId: row.family_id,
        },
      };
    }
    const [existing] = await em.execute<{ family_id: string; spent: boolean; usable: boolean }[]>(
      `select family_id, rotated_at is not null as spent, (revoked_at is null and expires_at > now()) as usable
         from gateway.oauth_refresh_token where token_hash = ?`,
      [hash],
    );
    if (existing?.spent) return { outcome: 'replayed', familyId: existing.family_id };
    if (existing?.usable) return { outcome: 'scope_exceeded' };
    return { outcome: 'invalid' };
  }

  /** An access token and a refresh token of the grant's family, in one transaction. */
  async issueTokens(grant: Grant, familyId: string, ttl: { accessSeconds: number; refreshSeconds: number }): Promise<IssuedTokens> {
    const accessToken = newCredential(ACCESS_TOKEN_PREFIX);
    const refreshToken = newCredential(REFRESH_TOKEN_PREFIX);
    const now = Date.now();
    await this.db.em().transactional(async (em) => {
      em.create(AccessToken, {
        id: newId('tok'),
        tokenHash: hashCredential(accessToken),
        user: grant.userId,
        workspaceIds: grant.workspaceIds,
        scopes: grant.scopes,
        clientId: grant.clientId,
        familyId,
        expiresAt: new Date(now + ttl.accessSeconds * 1000),
        revokedAt: null,
      });
      em.create(RefreshToken, {
        id: newId('rtk'),
        tokenHash: hashCredential(refreshToken),
        familyId,
        clientId: grant.clientId,
        user: grant.userId,
        workspaceIds: grant.workspaceIds,
        scopes: grant.scopes,
        resource: grant.resource,
        expiresAt: new Date(now + ttl.refreshSeconds * 1000),
        rotatedAt: null,
        revokedAt: null,
      });
    });
    return { accessToken, refreshToken, accessTokenExpiresIn: ttl.accessSeconds, scopes: grant.scopes };
  }

  /** Revokes every refresh and access token of a grant; answers the revoked access tokens' hashes. */
  async revokeFamily(familyId: string): Promise<string[]> {
    return this.db.em().transactional(async (em) => {
      await em.execute('update gateway.oauth_refresh_token set revoked_at = now() where family_id = ? and revoked_at is null', [familyId]);
      const rows = await em.execute<{ token_hash: string }[]>(
        'update gateway.oauth_access_token set revoked_at = now() where family_id = ? and revoked_at is null returning token_hash',
        [familyId],
      );
      return rows.map((r) => r.token_hash);
    });
  }

  /** The family and client of a refresh or access token, whatever its state (revocation looks tokens up this way). */
  async tokenOwner(
    token: string,
  ): Promise<{ kind: 'refresh' | 'access'; familyId: string | null; clientId: string | null; hash: string } | null> {
    const hash = hashCredential(token);
    const em = this.db.em();
    const [refresh] = await em.execute<{ family_id: string; client_id: string }[]>(
      'select family_id, client_id from gateway.oauth_refresh_token where token_hash = ?',
      [hash],
    );
    if (refresh) return { kind: 'refresh', familyId: refresh.family_id, clientId: refresh.client_id, hash };
    const [access] = await em.execute<{ family_id: string | null; client_id: string | null }[]>(
      'select family_id, client_id from gateway.oauth_access_token where token_hash = ?',
      [hash],
    );
    return access ? { kind: 'access', familyId: access.family_id, clientId: access.client_id, hash } : null;
  }

  async revokeAccessToken(hash: string): Promise<string[]> {
    const rows = await this.db.execute<{ token_hash: string }[]>(
      'update gateway.oauth_access_token set revoked_at = now() where token_hash = ? and revoked_at is null returning token_hash',
      [hash],
    );
    return rows.map((r) => r.token_hash);
  }
}
