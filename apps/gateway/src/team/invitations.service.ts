import { Injectable } from '@nestjs/common';
import { hashCredential } from '@platica/platform';
import { GatewayConfigService } from '../config/gateway-config.service';
import { hashPassword, verifyPassword } from '../identity/password';
import { SignInThrottle } from '../oauth/sign-in-throttle';
import { RedisStore } from '../redis/redis.store';
import { TeamRepository, type OpenInvitation } from './team.repository';

/** The seed's bounds on a password (docs/seed.md › users). */
export const MIN_PASSWORD_LENGTH = 8;
const MAX_PASSWORD_LENGTH = 200;

/** What accepting gave: joined, the link no longer open, or the form to show again with why (and the HTTP status). */
export type Acceptance =
  | { outcome: 'joined' }
  | { outcome: 'closed' }
  | { outcome: 'refused'; invitation: OpenInvitation; status: 400 | 401 | 429; error: string };

/**
 * Accepting an invitation (docs/team.md › Invitations): a new person chooses a password; one who
 * has an account confirms theirs, which is throttled like the sign-in page (and counted with it).
 */
@Injectable()
export class InvitationsService {
  private readonly throttle: SignInThrottle;

  constructor(
    private readonly team: TeamRepository,
    store: RedisStore,
    config: GatewayConfigService,
  ) {
    this.throttle = new SignInThrottle(store, config.values.PLATICA_REDIS_PREFIX);
  }

  /** The open invitation a link's token names, or null (used, cancelled, replaced, expired or unknown). */
  open(token: string): Promise<OpenInvitation | null> {
    return this.team.openInvitation(hashCredential(token));
  }

  async accept(input: { token: string; password: string; name: string | null; address: string }): Promise<Acceptance> {
    const invitation = input.token ? await this.open(input.token) : null;
    if (!invitation) return { outcome: 'closed' };
    const existing = invitation.user?.passwordHash;
    if (existing) {
      const attempt = await this.throttle.attempt(invitation.email, input.address);
      if (!attempt.allowed) return { outcome: 'refused', invitation, status: 429, error: 'Too many attempts: try again in a few minutes.' };
      if (!(await verifyPassword(input.password, existing))) {
        return { outcome: 'refused', invitation, status: 401, error: 'That is not the password of this account.' };
      }
      await this.throttle.forgive(invitation.email, input.address);
    } else if (input.password.length < MIN_PASSWORD_LENGTH || input.password.length > MAX_PASSWORD_LENGTH) {
      const error = `The password needs ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters.`;
      return { outcome: 'refused', invitation, status: 400, error };
    }
    const joined = await this.team.accept(invitation, {
      passwordHash: existing ? null : await hashPassword(input.password),
      name: input.name,
    });
    return joined ? { outcome: 'joined' } : { outcome: 'closed' };
  }
}
