import { Injectable } from '@nestjs/common';
import { SignJWT } from 'jose';
import { REDACTED, type CallContext, type TestOutcome } from '@platica/contracts';
import type { StoredDefinition } from './custom-api-definition';
import { assembleRequest, CallProblem, displayValues, resolveValues, type AssembledRequest, type CallValues } from './request-assembly';
import { capBytes } from '../shared/byte-cap';
import { OutboundHttp } from '../shared/outbound-http';
import { NetworkProblem, type RemoteAnswer } from '../shared/outbound-request';
import { parseBody, trimResponse, valueAt } from './response-trim';

/** What one run of a custom API gave (the test endpoint's `data`, and a tool call's result). */
export interface CallResult {
  outcome: TestOutcome;
  httpStatus: number | null;
  durationMs: number;
  /** The request as shown: write-only values redacted. */
  request: { method: string; url: string; headers?: Record<string, string>; body?: string | null };
  /** The trimmed answer (success), the remote API's error body (http-error), or null. */
  response: unknown;
  error: string | null;
}

/**
 * Builds and sends custom API requests. Every call goes through the SSRF-guarded dispatcher
 * (libs/platform/src/net: the address dialled is checked after DNS), bounded by the API's
 * `timeoutMs` from start to the end of the answer and by a read cap on the answer's size.
 * Redirects are not followed: a 3xx is the remote API's answer (an `http-error`).
 */
@Injectable()
export class CustomApiCaller {
  private readonly tokens = new Map<string, { token: string; expiresAt: number }>();

  constructor(private readonly http: OutboundHttp) {}

  /**
   * One run: `full` carries the stored secrets, `shown` is the redacted definition that
   * builds the request as answered. A dry run builds and calls nothing.
   */
  async run(
    apiKey: string,
    full: StoredDefinition,
    shown: StoredDefinition,
    input: Record<string, unknown>,
    context: CallContext,
    dryRun: boolean,
  ): Promise<CallResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    let display: AssembledRequest | null = null;
    let httpStatus: number | null = null;
    try {
      const values = resolveValues(full, input, context);
      display = await shownAssembly(shown, displayValues(full, values), full.periodicAuth?.enabled ?? false);
      if (dryRun)
        return {
          outcome: 'success',
          httpStatus: null,
          durationMs: elapsed(),
          request: shownRequest(display, true),
          response: null,
          error: null,
        };
      const timeoutMs = full.request.settings.timeoutMs;
      const periodicToken = full.periodicAuth?.enabled ? await this.periodicToken(apiKey, full, timeoutMs) : undefined;
      const real = await assembleRequest(full, values, { periodicToken, sign: (payload) => this.sign(full, payload) });
      const answer = await this.send(real, timeoutMs);
      // Kept for a mapping error on this answer (strictPath): the remote did answer, with this status.
      httpStatus = answer.status;
      const ok = answer.status >= 200 && answer.status < 300;
      const response = ok
        ? trimResponse(answer.text, answer.contentType, full.response)
        : capBytes(parseBody(answer.text, answer.contentType), full.response.maxBytes);
      return {
        outcome: ok ? 'success' : 'http-error',
        httpStatus: answer.status,
        durationMs: elapsed(),
        request: shownRequest(display, false),
        response,
        error: ok ? null : `the remote API answered ${answer.status}`,
      };
    } catch (error) {
      const outcome: TestOutcome = error instanceof CallProblem ? error.outcome : 'network-error';
      const message = error instanceof Error ? error.message : String(error);
      const request = display ? shownRequest(display, dryRun) : { method: full.request.method, url: shown.request.url };
      return { outcome, httpStatus, durationMs: elapsed(), request, response: null, error: message };
    }
  }

  private send(call: AssembledRequest, timeoutMs: number): Promise<RemoteAnswer> {
    return this.http.send(call, timeoutMs);
  }

  /** The periodicAuth token, fetched when missing or older than `refreshSeconds` (cached per API version). */
  private async periodicToken(apiKey: string, definition: StoredDefinition, timeoutMs: number): Promise<string> {
    const auth = definition.periodicAuth!;
    const cached = this.tokens.get(apiKey);
    if (cached && cached.expiresAt > Date.now()) return cached.token;
    const headers: Record<string, string> = {};
    for (const header of auth.headers.filter((h) => h.enabled !== false)) headers[header.key.toLowerCase()] = header.value;
    if (auth.body !== undefined)
      headers['content-type'] ??= /^\s*[{[]/.test(auth.body) ? 'application/json' : 'application/x-www-form-urlencoded';
    const answer = await this.send(
      { method: auth.method, url: auth.url, headers, body: auth.method === 'POST' ? auth.body : undefined },
      timeoutMs,
    );
    if (answer.status < 200 || answer.status >= 300) throw new NetworkProblem(`periodicAuth: the token endpoint answered ${answer.status}`);
    const token = valueAt(parseBody(answer.text, answer.contentType), auth.tokenPath);
    if (typeof token !== 'string' || !token)
      throw new CallProblem('mapping-error', `periodicAuth: no token at "${auth.tokenPath}" in the answer`);
    this.tokens.set(apiKey, { token, expiresAt: Date.now() + auth.refreshSeconds * 1_000 });
    return token;
  }

  private async sign(definition: StoredDefinition, payload: unknown): Promise<string> {
    const { key, algorithm } = definition.encryptPayload!;
    const claims =
      payload && typeof payload === 'object' && !Array.isArray(payload) ? (payload as Record<string, unknown>) : { data: payload };
    return new SignJWT(claims).setProtectedHeader({ alg: algorithm, typ: 'JWT' }).setIssuedAt().sign(new TextEncoder().encode(key));
  }
}

/**
 * The request as answered, write-only values redacted; when a redacted value makes it
 * unbuildable (a constant deciding the host), the URL template stands in for it.
 */
async function shownAssembly(shown: StoredDefinition, values: CallValues, periodicAuth: boolean): Promise<AssembledRequest> {
  try {
    return await assembleRequest(shown, values, { periodicToken: periodicAuth ? REDACTED : undefined });
  } catch {
    return { method: shown.request.method, url: shown.request.url, headers: {}, body: undefined };
  }
}

function shownRequest(request: AssembledRequest, withDetail: boolean): CallResult['request'] {
  const { method, url } = request;
  return withDetail ? { method, url, headers: request.headers, body: request.body ?? null } : { method, url };
}
