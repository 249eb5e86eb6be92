import createClient, { type Middleware } from 'openapi-fetch';
import { endLiveUpdates } from './live-updates';
import type { paths } from './openapi';

/** Set on every request: the gateway's console backend refuses an unsafe method without it (CSRF). */
export const CSRF_HEADER = 'x-platica-console';

/** An API answer other than success: the status and the API's `{code, error, details}` body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(typeof body === 'object' && body !== null && 'error' in body ? String(body.error) : `HTTP ${status}`);
  }

  /** The answer's `details`: named fields, or the fields at fault (forms/server-errors.ts reads those). */
  get details(): unknown {
    return typeof this.body === 'object' && this.body !== null && 'details' in this.body ? this.body.details : undefined;
  }

  /** One named field of `details` (a 403's `requiredRole`, a 502's `messageId`), unknown until checked. */
  detail(name: string): unknown {
    const details = this.details;
    return typeof details === 'object' && details !== null && !Array.isArray(details) ? Reflect.get(details, name) : undefined;
  }
}

/** Set while signing out: the 401s of requests still in flight must not send the browser elsewhere. */
let signingOut = false;

/**
 * Signs out (the grant revoked, the session, its streams and its cookie gone), then the sign-in
 * page says so. The tab's event stream is closed first, whether or not the sign-out succeeds.
 */
export async function signOut(): Promise<void> {
  signingOut = true;
  endLiveUpdates();
  // Unreachable or refused, the tab leaves the session all the same: its stream is closed already.
  await fetch('/console/logout', { method: 'POST', headers: { [CSRF_HEADER]: '1' }, credentials: 'same-origin' }).catch(() => undefined);
  window.location.assign('/console/signin?signedout=1');
}

/** Where a 401 sends the browser: the console's sign-in page, saying whether a session ended. */
export function toSignIn(expired: boolean): void {
  if (signingOut) return;
  const back = window.location.pathname + window.location.search;
  window.location.assign(`/console/signin?${expired ? 'expired=1&' : ''}returnTo=${encodeURIComponent(back)}`);
}

const consoleSession: Middleware = {
  onRequest({ request }) {
    request.headers.set(CSRF_HEADER, '1');
    return request;
  },
  async onResponse({ response }) {
    if (response.status === 401) {
      const body: unknown = await response
        .clone()
        .json()
        .catch(() => null);
      toSignIn(new ApiError(response.status, body).detail('reason') === 'session_expired');
    }
    return response;
  },
};

/**
 * The public API, typed from the gateway's OpenAPI document, through the console's backend:
 * `/console/api/v1/...` carries the session cookie and the gateway adds the bearer token. The
 * browser never sees a token.
 */
export const api = createClient<paths>({ baseUrl: '/console/api', credentials: 'same-origin' });
api.use(consoleSession);

/** The answer's data, or an ApiError: what react-query's functions want. */
export async function data<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data: body, error, response } = await call;
  if (error !== undefined || body === undefined) throw new ApiError(response.status, error);
  return body;
}
