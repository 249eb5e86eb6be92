import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { Scope, WorkspaceRef } from '@platica/contracts';
import { constantTimeEquals, hashCredential } from '@platica/platform';
import { GatewayConfigService } from '../config/gateway-config.service';
import { IdentityRepository } from '../identity/identity.repository';
import { verifyPassword } from '../identity/password';
import { RedisStore } from '../redis/redis.store';
import { OAuthError } from './oauth-error';
import { isFirstPartyClient } from './first-party-clients';
import { OAuthGrantRepository } from './oauth-grant.repository';
import { checkCodeChallenge, checkResource, parseScope, redirectUriMatches } from './oauth-rules';
import { SignInThrottle } from './sign-in-throttle';

/** How long a user has to log in and consent. */
const PENDING_TTL_SECONDS = 600;
/** How long an authorization code may wait for its exchange (OAuth 2.1 §4.1.2: short). */
const CODE_TTL_SECONDS = 120;
/** Sign-ins one authorization request may try; the request ends with the last failure. */
const MAX_LOGIN_ATTEMPTS = 5;

/** An authorization request that passed every check, waiting for the user's login and consent. */
export interface PendingAuthorization {
  clientId: string;
  clientName: string | null;
  redirectUri: string;
  state: string | null;
  codeChallenge: string;
  scopes: Scope[];
  resource: string | null;
  /** SHA-256 of the browser cookie the flow is bound to. */
  browserHash: string;
  csrfToken: string;
  userId: string | null;
  email: string | null;
  /**
   * Whether some user already consented to this client. Until then its redirect URI is the
   * registrant's choice (open registration), so errors are shown here rather than sent there
   * (RFC 9700 §4.11.2: the authorization server as open redirector).
   */
  trustedRedirect: boolean;
}

/** What the page shows next. */
export type AuthorizationStep =
  | { page: 'login'; requestId: string; pending: PendingAuthorization; error?: string; retryAfterSeconds?: number }
  | { page: 'consent'; requestId: string; pending: PendingAuthorization; email: string; workspaces: WorkspaceRef[]; error?: string }
  | { page: 'redirect'; location: string };

/** A request that may not redirect back (unknown client, unregistered redirect URI): shown as an error page. */
export class AuthorizationRequestRejected extends Error {}

/** The browser flow's starting point: a fresh binding value for the flow's cookie. */
export function newBrowserBinding(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The authorization endpoint (RFC 6749 §4.1.1, OAuth 2.1 §4.1) and the login and consent
 * steps behind it. A pending request lives in Redis (shared by the gateway replicas, gone
 * after 10 minutes), bound to the browser by a cookie and to each form by a CSRF token; while
 * Redis is down, every step answers 503 (RedisStore.required).
 */
@Injectable()
export class OAuthAuthorizationService {
  private readonly signIns: SignInThrottle;

  constructor(
    private readonly grants: OAuthGrantRepository,
    private readonly identity: IdentityRepository,
    private readonly store: RedisStore,
    private readonly config: GatewayConfigService,
  ) {
    this.signIns = new SignInThrottle(store, config.values.PLATICA_REDIS_PREFIX);
  }

  /** Validates the request; never redirects for an unknown client or an unregistered redirect URI. */
  async start(query: Record<string, unknown>, browserBinding: string): Promise<AuthorizationStep> {
    const clientId = single(query, 'client_id');
    if (!clientId) throw new AuthorizationRequestRejected('The request names no client (client_id).');
    const client = await this.grants.findClient(clientId);
    if (!client) throw new AuthorizationRequestRejected('The client is not registered with this server.');
    const given = single(query, 'redirect_uri');
    let redirectUri: string;
    if (given === undefined) {
      if (client.redirectUris.length !== 1)
        throw new AuthorizationRequestRejected('The request names no redirect_uri and the client registered several.');
      redirectUri = client.redirectUris[0]!;
    } else {
      if (!client.redirectUris.some((registered) => redirectUriMatches(registered, given))) {
        throw new AuthorizationRequestRejected('The redirect_uri is not one the client registered.');
      }
      redirectUri = given;
    }
    const state = single(query, 'state') ?? null;
    const trustedRedirect = client.authorizedAt !== null && client.authorizedAt !== undefined;
    try {
      if (single(query, 'response_type') !== 'code') throw new OAuthError('unsupported_response_type', 'response_type must be code');
      const codeChallenge = checkCodeChallenge(single(query, 'code_challenge'), single(query, 'code_challenge_method'));
      const scopes = parseScope(single(query, 'scope'));
      const resource = checkResource(single(query, 'resource'), this.config.publicUrl);
      const requestId = randomBytes(32).toString('base64url');
      const pending: PendingAuthorization = {
        clientId,
        clientName: client.clientName ?? null,
        redirectUri,
        state,
        codeChallenge,
        scopes,
        resource,
        browserHash: hashCredential(browserBinding),
        csrfToken: randomBytes(32).toString('base64url'),
        userId: null,
        email: null,
        trustedRedirect,
      };
      await this.save(requestId, pending, 'new');
      return { page: 'login', requestId, pending };
    } catch (error) {
      if (error instanceof OAuthError) return this.refuse({ redirectUri, state, trustedRedirect }, error);
      throw error;
    }
  }

  async login(form: Record<string, unknown>, browserBinding: string | undefined, address: string): Promise<AuthorizationStep> {
    const { requestId, pending } = await this.load(form, browserBinding);
    const email = single(form, 'email') ?? '';
    const password = single(form, 'password') ?? '';
    const account = email.trim().toLowerCase();
    // Both budgets are spent before the password is checked (one Redis operation each), so
    // concurrent submissions cannot all pass a check made before any of them is counted.
    const attemptsKey = this.attemptsKey(requestId);
    const [[, attempt]] = (await this.store.required((redis) =>
      redis.multi().incr(attemptsKey).expire(attemptsKey, PENDING_TTL_SECONDS).exec(),
    )) as [[Error | null, number]];
    if (attempt > MAX_LOGIN_ATTEMPTS) return this.tooManyAttempts(requestId, pending);
    const throttle = await this.signIns.attempt(account, address);
    if (!throttle.allowed) {
      pending.csrfToken = randomBytes(32).toString('base64url');
      if (!(await this.save(requestId, pending))) return this.tooManyAttempts(requestId, pending);
      const wait = throttle.retryAfterSeconds;
      return {
        page: 'login',
        requestId,
        pending,
        retryAfterSeconds: wait,
        error: `Too many failed sign-ins for this account from your network. Try again in ${wait < 120 ? `${wait} second(s)` : `${Math.ceil(wait / 60)} minute(s)`}.`,
      };
    }
    const user = email ? await this.identity.userForLogin(email) : null;
    // Same work whether or not the user exists, so timing does not reveal accounts.
    const valid = await verifyPassword(password, user?.passwordHash ?? UNUSABLE_PASSWORD_HASH);
    if (!user || !user.passwordHash || !valid) {
      if (attempt >= MAX_LOGIN_ATTEMPTS) return this.tooManyAttempts(requestId, pending);
      pending.csrfToken = randomBytes(32).toString('base64url');
      if (!(await this.save(requestId, pending))) return this.tooManyAttempts(requestId, pending);
      return { page: 'login', requestId, pending, error: 'The email or password is not correct.' };
    }
    await this.signIns.forgive(account, address);
    pending.userId = user.id;
    pending.email = user.email;
    if (isFirstPartyClient(pending.clientId)) return this.grantFirstParty(requestId, pending);
    pending.csrfToken = randomBytes(32).toString('base64url');
    if (!(await this.save(requestId, pending))) return this.tooManyAttempts(requestId, pending);
    return { page: 'consent', requestId, pending, email: user.email, workspaces: await this.identity.workspacesOfUser(user.id) };
  }

  /** Plática's own client (first-party-clients.ts): no consent page; every workspace of the user, the scopes asked for. */
  private async grantFirstParty(requestId: string, pending: PendingAuthorization): Promise<AuthorizationStep> {
    const workspaces = await this.identity.workspacesOfUser(pending.userId!);
    if (!(await this.discard(requestId))) throw new AuthorizationRequestRejected('This authorization request was already answered.');
    if (workspaces.length === 0) return this.refuse(pending, new OAuthError('access_denied', 'the user belongs to no workspace'));
    const code = await this.grants.createCode(
      {
        clientId: pending.clientId,
        userId: pending.userId!,
        workspaceIds: workspaces.map((w) => w.id),
        scopes: pending.scopes,
        resource: pending.resource,
      },
      pending.redirectUri,
      pending.codeChallenge,
      CODE_TTL_SECONDS,
    );
    return { page: 'redirect', location: this.redirect(pending.redirectUri, { code, state: pending.state }) };
  }

  /** The request's sign-in budget is spent: it ends, as a denial. */
  private async tooManyAttempts(requestId: string, pending: PendingAuthorization): Promise<AuthorizationStep> {
    await this.discard(requestId);
    return this.refuse(pending, new OAuthError('access_denied', 'too many failed logins'));
  }

  async consent(form: Record<string, unknown>, browserBinding: string | undefined): Promise<AuthorizationStep> {
    const { requestId, pending } = await this.load(form, browserBinding);
    if (!pending.userId) throw new AuthorizationRequestRejected('Log in before granting access.');
    if (single(form, 'decision') !== 'approve') {
      await this.discard(requestId);
      return this.refuse(pending, new OAuthError('access_denied', 'the user denied access'));
    }
    const workspaces = await this.identity.workspacesOfUser(pending.userId);
    const chosen = many(form, 'workspace');
    const access = single(form, 'access');
    const problem =
      chosen.length === 0
        ? 'Choose at least one workspace.'
        : chosen.some((id) => !workspaces.some((w) => w.id === id))
          ? 'Choose among your workspaces.'
          : access !== 'read' && !(access === 'write' && pending.scopes.includes('platica:write'))
            ? 'Choose the access to grant.'
            : null;
    if (problem) {
      return { page: 'consent', requestId, pending, email: pending.email ?? '', workspaces, error: problem };
    }
    // Single use: whoever deletes the pending request issues the code.
    if (!(await this.discard(requestId))) throw new AuthorizationRequestRejected('This authorization request was already answered.');
    const scopes: Scope[] = access === 'write' ? ['platica:read', 'platica:write'] : ['platica:read'];
    await this.grants.markClientAuthorized(pending.clientId);
    const code = await this.grants.createCode(
      { clientId: pending.clientId, userId: pending.userId, workspaceIds: [...new Set(chosen)], scopes, resource: pending.resource },
      pending.redirectUri,
      pending.codeChallenge,
      CODE_TTL_SECONDS,
    );
    return { page: 'redirect', location: this.redirect(pending.redirectUri, { code, state: pending.state }) };
  }

  private async load(
    form: Record<string, unknown>,
    browserBinding: string | undefined,
  ): Promise<{ requestId: string; pending: PendingAuthorization }> {
    const requestId = single(form, 'request') ?? '';
    const raw = requestId ? await this.store.required((redis) => redis.get(this.key(requestId))) : null;
    if (!raw)
      throw new AuthorizationRequestRejected(
        'This authorization request expired or was already answered. Start again from your application.',
      );
    const pending = JSON.parse(raw) as PendingAuthorization;
    const csrf = single(form, 'csrf_token') ?? '';
    if (
      !browserBinding ||
      !constantTimeEquals(hashCredential(browserBinding), pending.browserHash) ||
      !constantTimeEquals(csrf, pending.csrfToken)
    ) {
      throw new AuthorizationRequestRejected(
        'The form could not be verified (its security token is missing or stale). Start again from your application.',
      );
    }
    return { requestId, pending };
  }

  /** Stores the request; an update never brings back a request that ended meanwhile (answers false then). */
  private async save(requestId: string, pending: PendingAuthorization, mode: 'new' | 'update' = 'update'): Promise<boolean> {
    const key = this.key(requestId);
    const value = JSON.stringify(pending);
    const stored = await this.store.required((redis) =>
      mode === 'new' ? redis.set(key, value, 'EX', PENDING_TTL_SECONDS) : redis.set(key, value, 'EX', PENDING_TTL_SECONDS, 'XX'),
    );
    return stored === 'OK';
  }

  private async discard(requestId: string): Promise<boolean> {
    const [[, deleted]] = (await this.store.required((redis) =>
      redis.multi().del(this.key(requestId)).del(this.attemptsKey(requestId)).exec(),
    )) as [[Error | null, number], [Error | null, number]];
    return deleted === 1;
  }

  private attemptsKey(requestId: string): string {
    return `${this.key(requestId)}:attempts`;
  }

  private key(requestId: string): string {
    return `${this.config.values.PLATICA_REDIS_PREFIX}oauth:pending:${hashCredential(requestId)}`;
  }

  /**
   * An error answer (RFC 6749 §4.1.2.1): redirected to a client a user already trusted; for any
   * other client shown on our own page, since its redirect URI is whatever its registrant chose
   * and redirecting there would lend this server's name to a phishing site (RFC 9700 §4.11.2).
   */
  private refuse(request: Pick<PendingAuthorization, 'redirectUri' | 'state' | 'trustedRedirect'>, error: OAuthError): AuthorizationStep {
    if (!request.trustedRedirect) {
      throw new AuthorizationRequestRejected(
        `The application's request could not be completed (${error.error}: ${error.description}). ` +
          'You are not sent back to it because nobody has authorized this application here yet.',
      );
    }
    return {
      page: 'redirect',
      location: this.redirect(request.redirectUri, { error: error.error, error_description: error.description, state: request.state }),
    };
  }

  /** RFC 9207: every answer names the issuer, so a client talking to several servers cannot be mixed up. */
  private redirect(redirectUri: string, values: Record<string, string | null>): string {
    const url = new URL(redirectUri);
    for (const [name, value] of Object.entries(values)) if (value !== null) url.searchParams.set(name, value);
    url.searchParams.set('iss', this.config.publicUrl);
    return url.toString();
  }
}

/** A well-formed scrypt hash no password matches (random salt and hash), checked when the user is unknown. */
const UNUSABLE_PASSWORD_HASH = `scrypt$${randomBytes(16).toString('base64url')}$${randomBytes(32).toString('base64url')}`;

/** A parameter given once; a repeated one is refused (RFC 6749 §3.1). */
function single(source: Record<string, unknown>, name: string): string | undefined {
  const value = source[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw new OAuthError('invalid_request', `${name} must be sent once`);
  return value;
}

function many(source: Record<string, unknown>, name: string): string[] {
  const value = source[name];
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string' && v.length > 0);
}
