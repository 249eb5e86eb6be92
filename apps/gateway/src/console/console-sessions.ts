import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { hashCredential } from '@platica/platform';
import { GatewayConfigService } from '../config/gateway-config.service';
import { RedisStore } from '../redis/redis.store';

/** How long a started sign-in may take (the authorization server's own pending request lives as long). */
export const LOGIN_TTL_SECONDS = 600;
/** A refresh in flight holds the session this long at most; other requests wait for it. */
const REFRESH_LOCK_MS = 10_000;
/** Deletes the refresh lock only while it is still the caller's: one that outlived its time may be another's by now. */
const RELEASE_OWN_LOCK = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/** What the console keeps between /console/login and /console/callback. */
export interface PendingLogin {
  codeVerifier: string;
  returnTo: string;
}

/** A signed-in browser: the tokens stay here, the browser only holds the session id. */
export interface ConsoleSession {
  accessToken: string;
  refreshToken: string;
  /** Epoch milliseconds. */
  accessExpiresAt: number;
}

/**
 * The backend-for-frontend's state, in Redis (shared by the gateway replicas, expiring by
 * itself): pending sign-ins keyed by their `state`, and sessions keyed by the SHA-256 of the
 * session cookie, so a Redis dump holds no usable cookie. A session lives as long as its
 * refresh token; while Redis is down the console answers 503 (RedisStore.required), as the
 * authorization server's pages do.
 */
@Injectable()
export class ConsoleSessions {
  private readonly prefix: string;
  private readonly sessionSeconds: number;

  constructor(
    private readonly store: RedisStore,
    config: GatewayConfigService,
  ) {
    this.prefix = `${config.values.PLATICA_REDIS_PREFIX}console:`;
    this.sessionSeconds = config.values.PLATICA_OAUTH_REFRESH_TOKEN_TTL_SECONDS;
  }

  static newSecret(): string {
    return randomBytes(32).toString('base64url');
  }

  async savePendingLogin(state: string, login: PendingLogin): Promise<void> {
    await this.store.required((redis) => redis.set(this.loginKey(state), JSON.stringify(login), 'EX', LOGIN_TTL_SECONDS));
  }

  /** Single use: the first callback with this state takes it. */
  async takePendingLogin(state: string): Promise<PendingLogin | null> {
    const raw = await this.store.required((redis) => redis.getdel(this.loginKey(state)));
    return raw ? (JSON.parse(raw) as PendingLogin) : null;
  }

  async find(sessionId: string): Promise<ConsoleSession | null> {
    const raw = await this.store.required((redis) => redis.get(this.sessionKey(sessionId)));
    return raw ? (JSON.parse(raw) as ConsoleSession) : null;
  }

  /** A new session, opened by a sign-in. */
  async create(sessionId: string, session: ConsoleSession): Promise<void> {
    await this.store.required((redis) => redis.set(this.sessionKey(sessionId), JSON.stringify(session), 'EX', this.sessionSeconds));
  }

  /**
   * New tokens for a session that still exists: a session signed out or expired while its
   * refresh was in flight stays gone (false) rather than coming back with the new tokens.
   */
  private async update(sessionId: string, session: ConsoleSession): Promise<boolean> {
    const key = this.sessionKey(sessionId);
    return (await this.store.required((redis) => redis.set(key, JSON.stringify(session), 'EX', this.sessionSeconds, 'XX'))) === 'OK';
  }

  async delete(sessionId: string): Promise<void> {
    await this.store.required((redis) => redis.del(this.sessionKey(sessionId), this.lockKey(sessionId)));
  }

  /**
   * Runs `refresh` for one request of the session at a time, across replicas: a refresh token
   * is single use, and a second use revokes the whole grant (reuse detection). A request that
   * finds the lock taken waits for the session to change, then uses the new tokens.
   */
  async refreshOnce(
    sessionId: string,
    stale: ConsoleSession,
    refresh: (session: ConsoleSession) => Promise<ConsoleSession | null>,
  ): Promise<ConsoleSession | null> {
    const lock = this.lockKey(sessionId);
    const owner = randomBytes(16).toString('hex');
    const taken = await this.store.required((redis) => redis.set(lock, owner, 'PX', REFRESH_LOCK_MS, 'NX'));
    if (taken === 'OK') {
      try {
        const current = await this.find(sessionId);
        if (!current) return null;
        if (current.accessToken !== stale.accessToken) return current;
        const fresh = await refresh(current);
        if (fresh) return (await this.update(sessionId, fresh)) ? fresh : null;
        await this.delete(sessionId);
        return null;
      } finally {
        await this.store.required((redis) => redis.eval(RELEASE_OWN_LOCK, 1, lock, owner)).catch(() => undefined);
      }
    }
    for (let waited = 0; waited < REFRESH_LOCK_MS; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const current = await this.find(sessionId);
      if (!current || current.accessToken !== stale.accessToken) return current;
    }
    return null;
  }

  private loginKey(state: string): string {
    return `${this.prefix}login:${hashCredential(state)}`;
  }

  private sessionKey(sessionId: string): string {
    return `${this.prefix}session:${hashCredential(sessionId)}`;
  }

  private lockKey(sessionId: string): string {
    return `${this.prefix}refreshing:${hashCredential(sessionId)}`;
  }
}
