import { Body, Controller, Get, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hashCredential } from '@platica/platform';
import { GatewayConfigService } from '../config/gateway-config.service';
import { hashPassword, verifyPassword } from '../identity/password';
import { SignInThrottle } from '../oauth/sign-in-throttle';
import { RedisStore } from '../redis/redis.store';
import { invitationClosedPage, invitationPage } from './invitation-pages';
import { TeamRepository, type OpenInvitation } from './team.repository';
import { INVITATION_PATH } from './team.service';

const MIN_PASSWORD_LENGTH = 10;
const PAGE_HEADERS = {
  'cache-control': 'no-store',
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
  'x-frame-options': 'DENY',
  // The token is in the address: it must not leave in a Referer.
  'referrer-policy': 'no-referrer',
};

/**
 * The link an invitation gives (docs/team.md › Invitations): the invited person chooses a
 * password (or confirms theirs, when the email has an account already) and joins with the
 * invitation's role, then signs in to the console as anyone does. The link works once.
 */
@Controller()
export class InvitationPagesController {
  constructor(
    private readonly team: TeamRepository,
    private readonly config: GatewayConfigService,
    store: RedisStore,
  ) {
    this.throttle = new SignInThrottle(store, config.values.PLATICA_REDIS_PREFIX);
  }
  private readonly throttle: SignInThrottle;

  @Get(INVITATION_PATH)
  async show(@Query('token') token: unknown, @Res() reply: FastifyReply): Promise<void> {
    const invitation = typeof token === 'string' ? await this.team.openInvitation(hashCredential(token)) : null;
    if (!invitation) return this.send(reply, 404, invitationClosedPage());
    await this.send(reply, 200, this.page(invitation, token as string));
  }

  @Post(INVITATION_PATH)
  async accept(
    @Body() form: Record<string, unknown> | undefined,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const token = typeof form?.token === 'string' ? form.token : '';
    const password = typeof form?.password === 'string' ? form.password : '';
    const name = typeof form?.name === 'string' && form.name.trim() ? form.name.trim().slice(0, 100) : null;
    const invitation = token ? await this.team.openInvitation(hashCredential(token)) : null;
    if (!invitation) return this.send(reply, 404, invitationClosedPage());
    const existing = invitation.user?.passwordHash;
    if (existing) {
      // Guessing an account's password here is throttled as on the sign-in page, and counted with it.
      const attempt = await this.throttle.attempt(invitation.email, request.ip);
      if (!attempt.allowed) return this.send(reply, 429, this.page(invitation, token, 'Too many attempts: try again in a few minutes.'));
      if (!(await verifyPassword(password, existing))) {
        return this.send(reply, 401, this.page(invitation, token, 'That is not the password of this account.'));
      }
      await this.throttle.forgive(invitation.email, request.ip);
    } else if (password.length < MIN_PASSWORD_LENGTH) {
      return this.send(reply, 400, this.page(invitation, token, `The password needs at least ${MIN_PASSWORD_LENGTH} characters.`));
    }
    const accepted = await this.team.accept(invitation, { passwordHash: existing ? null : await hashPassword(password), name });
    if (!accepted) return this.send(reply, 404, invitationClosedPage());
    await reply
      .status(303)
      .headers({ 'cache-control': 'no-store', location: `${this.basePath}/console/login` })
      .send();
  }

  private get basePath(): string {
    return new URL(this.config.publicUrl).pathname.replace(/\/+$/, '');
  }

  private page(invitation: OpenInvitation, token: string, error?: string): string {
    return invitationPage({
      action: `${this.basePath}/${INVITATION_PATH}`,
      token,
      workspaceName: invitation.workspaceName,
      email: invitation.email,
      role: invitation.role,
      hasPassword: Boolean(invitation.user?.passwordHash),
      error,
    });
  }

  private async send(reply: FastifyReply, status: number, html: string): Promise<void> {
    await reply.status(status).headers(PAGE_HEADERS).send(html);
  }
}
