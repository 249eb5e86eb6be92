import { Body, Controller, Get, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GatewayConfigService } from '../config/gateway-config.service';
import { invitationClosedPage, invitationPage } from './invitation-pages';
import { InvitationsService, MIN_PASSWORD_LENGTH } from './invitations.service';
import type { OpenInvitation } from './team.repository';
import { INVITATION_PATH } from './team.service';

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
    private readonly invitations: InvitationsService,
    private readonly config: GatewayConfigService,
  ) {}

  @Get(INVITATION_PATH)
  async show(@Query('token') token: unknown, @Res() reply: FastifyReply): Promise<void> {
    const invitation = typeof token === 'string' ? await this.invitations.open(token) : null;
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
    const acceptance = await this.invitations.accept({
      token,
      password: typeof form?.password === 'string' ? form.password : '',
      name: typeof form?.name === 'string' && form.name.trim() ? form.name.trim().slice(0, 100) : null,
      address: request.ip,
    });
    switch (acceptance.outcome) {
      case 'closed':
        return this.send(reply, 404, invitationClosedPage());
      case 'refused':
        return this.send(reply, acceptance.status, this.page(acceptance.invitation, token, acceptance.error));
      case 'joined':
        await reply
          .status(303)
          .headers({ 'cache-control': 'no-store', location: `${this.basePath}/console/login` })
          .send();
    }
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
      minPasswordLength: MIN_PASSWORD_LENGTH,
      error,
    });
  }

  private async send(reply: FastifyReply, status: number, html: string): Promise<void> {
    await reply.status(status).headers(PAGE_HEADERS).send(html);
  }
}
