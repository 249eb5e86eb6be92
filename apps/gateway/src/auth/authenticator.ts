import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode } from '@platica/errors';
import { hashCredential } from '@platica/platform';
import { GatewayConfigService } from '../config/gateway-config.service';
import { IdentityRepository } from '../identity/identity.repository';
import { AccessTokenRepository } from '../oauth/access-token.repository';
import { ACCESS_TOKEN_PREFIX, API_KEY_PREFIX, type Credential } from '../credentials/credential';
import { CredentialRevocations } from '../credentials/credential-revocations';

/** The spec's request rate (Limits); API keys may carry a higher one. */
const DEFAULT_RATE_LIMIT_PER_SECOND = 30;

interface CacheEntry {
  credential: Credential | null;
  expiresAt: number;
}

/**
 * Resolves `Authorization: Bearer <credential>` to a Credential. Lookups are by the
 * credential's hash and cached briefly in memory (PLATICA_CREDENTIAL_CACHE_MS), which keeps
 * Postgres off the hot path. A revocation through the OAuth endpoints evicts the entry on
 * every replica at once (CredentialRevocations); anything else revoked in the database (a key
 * deleted by hand) stops working within the cache's lifetime. An entry never outlives the
 * credential's own expiry. While revocations cannot reach this replica (Redis is down), the
 * cache is not used: every credential is read from PostgreSQL.
 */
@Injectable()
export class Authenticator {
  private readonly cache = new Map<string, CacheEntry>();
  /** Bumped by every revocation, so a lookup that raced one is not cached. */
  private revocationGeneration = 0;

  constructor(
    private readonly identity: IdentityRepository,
    private readonly accessTokens: AccessTokenRepository,
    private readonly config: GatewayConfigService,
    private readonly revocations: CredentialRevocations,
  ) {
    revocations.onRevoked((hashes) => {
      this.revocationGeneration += 1;
      if (hashes === 'all') this.cache.clear();
      else for (const hash of hashes) this.cache.delete(hash);
    });
  }

  /**
   * The credential when it is in memory and valid, without a database lookup or an error:
   * the route pipeline admits such a request in one Redis round trip (route-pipeline.ts).
   */
  known(authorization: string | undefined): Credential | undefined {
    const token = bearerToken(authorization);
    if (!token) return undefined;
    return this.cached(hashCredential(token))?.credential ?? undefined;
  }

  async authenticate(authorization: string | undefined): Promise<Credential> {
    const token = bearerToken(authorization);
    if (!token) throw unauthenticated('Missing credential: send Authorization: Bearer <API key or access token>');
    const hash = hashCredential(token);
    const cached = this.cached(hash);
    let credential: Credential | null;
    if (cached) {
      credential = cached.credential;
    } else {
      const generation = this.revocationGeneration;
      credential = await this.resolve(token, hash);
      if (generation === this.revocationGeneration) this.remember(hash, credential);
    }
    if (!credential) throw unauthenticated('Invalid credential: the key or token is unknown, expired or revoked');
    return credential;
  }

  /** The entry to trust, if any: none while revocations cannot reach this replica. */
  private cached(hash: string): CacheEntry | undefined {
    if (!this.revocations.listening) return undefined;
    const entry = this.cache.get(hash);
    return entry && entry.expiresAt > Date.now() ? entry : undefined;
  }

  private async resolve(token: string, hash: string): Promise<Credential | null> {
    if (token.startsWith(API_KEY_PREFIX)) return this.identity.credentialForApiKey(hash);
    if (token.startsWith(ACCESS_TOKEN_PREFIX)) return this.accessTokens.credentialFor(hash, DEFAULT_RATE_LIMIT_PER_SECOND);
    return null;
  }

  private remember(hash: string, credential: Credential | null): void {
    const ttl = this.config.values.PLATICA_CREDENTIAL_CACHE_MS;
    if (ttl === 0 || !this.revocations.listening) return;
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(hash, { credential, expiresAt: Math.min(Date.now() + ttl, credential?.expiresAt ?? Infinity) });
  }
}

export function bearerToken(authorization: string | undefined): string | null {
  if (!authorization) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  return match?.[1] ?? null;
}

function unauthenticated(message: string): DomainError {
  return new DomainError(ErrorCode.Unauthenticated, message, 'Authorization');
}
