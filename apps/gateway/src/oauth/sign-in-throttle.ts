import { hashCredential } from '@platica/platform';
import type { RedisStore } from '../redis/redis.store';

/** Sign-ins one account may try from one address before backoff starts. */
export const FREE_SIGN_IN_ATTEMPTS = 5;
/** The first wait after the free attempts; each further attempt doubles it (OWASP: exponential lockout). */
const FIRST_BACKOFF_MS = 30_000;
const MAX_BACKOFF_MS = 15 * 60_000;
/** Failures are forgotten this long after the last one. */
const FAILURE_MEMORY_SECONDS = 3_600;

/**
 * Counts an attempt for KEYS[1] unless KEYS[2] (the backoff) is running: answers 0 when the
 * attempt may go ahead, else the milliseconds left. In one script, so concurrent attempts
 * cannot all read the counter before any of them writes it.
 */
const ATTEMPT = `
local wait = redis.call('PTTL', KEYS[2])
if wait > 0 then return wait end
local n = redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[4]))
local free = tonumber(ARGV[1])
if n >= free then
  redis.call('SET', KEYS[2], '1', 'PX', math.min(tonumber(ARGV[2]) * 2 ^ (n - free), tonumber(ARGV[3])))
end
return 0
`;

/**
 * Password guessing on the OAuth login page, throttled per account *and* client address
 * (OWASP Authentication Cheat Sheet › Login Throttling): the first attempts are free, then
 * each one waits twice as long as the last, up to 15 minutes. The attempt is counted before
 * the password is checked (and forgiven when it was right), so parallel guesses get no more
 * checks than serial ones. Keyed by address too, so nobody can lock a user out of their
 * account by failing sign-ins with the user's email from elsewhere. Without Redis no sign-in is
 * tried: it answers 503.
 */
export class SignInThrottle {
  constructor(
    private readonly store: RedisStore,
    private readonly keyPrefix: string,
  ) {}

  /** Counts an attempt; answers the seconds to wait instead when the backoff is running. */
  async attempt(account: string, address: string): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
    const [failures, backoff] = this.keys(account, address);
    const waitMs = Number(
      await this.store.required((redis) =>
        redis.eval(ATTEMPT, 2, failures, backoff, FREE_SIGN_IN_ATTEMPTS, FIRST_BACKOFF_MS, MAX_BACKOFF_MS, FAILURE_MEMORY_SECONDS),
      ),
    );
    return waitMs > 0 ? { allowed: false, retryAfterSeconds: Math.ceil(waitMs / 1000) } : { allowed: true };
  }

  /** The password was right: the account starts afresh from this address. */
  async forgive(account: string, address: string): Promise<void> {
    await this.store.required((redis) => redis.del(...this.keys(account, address)));
  }

  private keys(account: string, address: string): [string, string] {
    const key = `${this.keyPrefix}oauth:sign-in:${hashCredential(`${account}\n${address}`)}`;
    return [`${key}:failures`, `${key}:backoff`];
  }
}
