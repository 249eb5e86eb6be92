import { Injectable } from '@nestjs/common';
import { presenceOperation, type OperationRequest } from '@platica/contracts';
import { DomainError, ErrorCode } from '@platica/errors';
import { NatsHandle, writeScope } from '@platica/platform';
import { IdentityRepository } from '../identity/identity.repository';
import { PRESENCE_TTL_SECONDS, publishPresence } from './presence';

/**
 * Presence (docs/events.md › Presence), published at once on the workspace's presence subject,
 * which every replica relays on its event streams. Nothing is looked up but the caller's name: a
 * presence reaches only streams of the caller's own workspace, so naming a conversation that
 * does not exist there tells nobody anything.
 */
@Injectable()
export class PresenceService {
  constructor(
    private readonly nats: NatsHandle,
    private readonly identity: IdentityRepository,
  ) {}

  async publish(request: OperationRequest<typeof presenceOperation>) {
    const { userId } = request.auth;
    if (!userId) throw new DomainError(ErrorCode.Forbidden, 'Presence is a person’s: this credential has no user', {});
    const user = await this.identity.user(userId);
    const presence = {
      conversationId: request.params.conversationId,
      userId,
      name: user?.name || user?.email || request.auth.userEmail || userId,
      activity: request.body.activity,
      ttlSeconds: PRESENCE_TTL_SECONDS,
      at: new Date().toISOString(),
    };
    publishPresence(this.nats.connection, writeScope(request).id, presence);
    return { status: 'success' as const, message: `Presence ${presence.activity} relayed`, data: presence };
  }
}
