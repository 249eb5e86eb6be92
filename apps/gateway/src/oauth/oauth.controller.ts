import { Body, Controller, Get, HttpCode, Post, Query, Req, Res, UseFilters } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, ErrorCode } from '@platica/errors';
import { DEPENDENCY_RETRY_AFTER_SECONDS } from '@platica/platform';
import { GatewayConfigService } from '../config/gateway-config.service';
import { authorizationServerPaths } from './authorization-server-metadata';
import { consentPage, errorPage, loginPage } from './authorization-pages';
import { OAuthClientRegistration } from './oauth-client-registration';
import { OAuthError, OAuthErrorFilter } from './oauth-error';
import {
  AuthorizationRequestRejected,
  OAuthAuthorizationService,
  newBrowserBinding,
  type AuthorizationStep,
} from './oauth-authorization.service';
import { OAuthTokenService, type TokenResponse } from './oauth-token.service';

const BROWSER_COOKIE = 'platica_oauth';
const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' };

/**
 * The authorization server's HTTP endpoints (paths in authorization-server-metadata.ts):
 * registration (RFC 7591), the authorization endpoint with its login and consent pages, the
 * token endpoint (RFC 6749) and revocation (RFC 7009). Thin: the rules live in the services.
 */
@Controller()
@UseFilters(OAuthErrorFilter)
export class OAuthController {
  constructor(
    private readonly registration: OAuthClientRegistration,
    private readonly authorization: OAuthAuthorizationService,
    private readonly tokens: OAuthTokenService,
    private readonly config: GatewayConfigService,
  ) {}

  @Post(authorizationServerPaths.registration)
  async register(@Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await reply
      .status(201)
      .headers(NO_STORE)
      .send(await this.registration.register(body, request.ip));
  }

  @Get(authorizationServerPaths.authorization)
  async authorize(@Query() query: Record<string, unknown>, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const binding = browserBinding(request) ?? newBrowserBinding();
    void reply.header('set-cookie', this.browserCookie(binding));
    await this.answer(reply, () => this.authorization.start(query, binding));
  }

  @Post(`${authorizationServerPaths.authorization}/login`)
  async login(@Body() form: Record<string, unknown>, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.answer(reply, () => this.authorization.login(form ?? {}, browserBinding(request), request.ip));
  }

  @Post(`${authorizationServerPaths.authorization}/consent`)
  async consent(@Body() form: Record<string, unknown>, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.answer(reply, () => this.authorization.consent(form ?? {}, browserBinding(request)));
  }

  @Post(authorizationServerPaths.token)
  async token(@Body() form: Record<string, unknown> | undefined, @Res() reply: FastifyReply): Promise<void> {
    const answer: TokenResponse = await this.tokens.exchange(formOf(form));
    await reply.status(200).headers(NO_STORE).send(answer);
  }

  @Post(authorizationServerPaths.revocation)
  @HttpCode(200)
  async revoke(@Body() form: Record<string, unknown> | undefined, @Res() reply: FastifyReply): Promise<void> {
    await this.tokens.revoke(formOf(form));
    await reply.status(200).headers(NO_STORE).send();
  }

  /** The browser flow's answers: a page, or a redirect back to the client. Requests that cannot be redirected get an error page. */
  private async answer(reply: FastifyReply, step: () => Promise<AuthorizationStep>): Promise<void> {
    let page: { status: number; html: string; retryAfterSeconds?: number };
    try {
      const next = await step();
      if (next.page === 'redirect') {
        await reply.status(302).headers(NO_STORE).header('location', next.location).send();
        return;
      }
      const basePath = new URL(this.config.publicUrl).pathname.replace(/\/+$/, '');
      page =
        next.page === 'login'
          ? {
              status: next.retryAfterSeconds ? 429 : next.error ? 401 : 200,
              html: loginPage({ ...next, basePath }),
              retryAfterSeconds: next.retryAfterSeconds,
            }
          : { status: next.error ? 400 : 200, html: consentPage({ ...next, basePath }) };
    } catch (error) {
      if (error instanceof DomainError && error.code === ErrorCode.Unavailable) {
        // Redis, which holds the pending request, is down: the browser is told to come back.
        page = {
          status: 503,
          html: errorPage('Signing in is unavailable for a moment. Please try again in a few seconds.'),
          retryAfterSeconds: DEPENDENCY_RETRY_AFTER_SECONDS,
        };
      } else if (error instanceof AuthorizationRequestRejected || error instanceof OAuthError) {
        page = { status: 400, html: errorPage(error.message) };
      } else {
        throw error;
      }
    }
    await reply
      .status(page.status)
      .headers({
        ...NO_STORE,
        'content-type': 'text/html; charset=utf-8',
        // No script at all; the page cannot be framed (clickjacking of the consent button).
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
        'x-frame-options': 'DENY',
        'referrer-policy': 'no-referrer',
        ...(page.retryAfterSeconds ? { 'retry-after': String(page.retryAfterSeconds) } : {}),
      })
      .send(page.html);
  }

  private browserCookie(value: string): string {
    const url = new URL(this.config.publicUrl);
    const path = `${url.pathname.replace(/\/+$/, '')}/oauth`;
    return `${BROWSER_COOKIE}=${value}; Path=${path}; Max-Age=600; HttpOnly; SameSite=Lax${url.protocol === 'https:' ? '; Secure' : ''}`;
  }
}

function browserBinding(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === BROWSER_COOKIE && /^[\w-]{43}$/.test(value.join('='))) return value.join('=');
  }
  return undefined;
}

/** RFC 6749 §3.2: the token and revocation endpoints take application/x-www-form-urlencoded bodies. */
function formOf(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new OAuthError('invalid_request', 'send the parameters as application/x-www-form-urlencoded');
  }
  return body as Record<string, unknown>;
}
