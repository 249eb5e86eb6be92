import { Injectable } from '@nestjs/common';
import { teamOperations, type OperationRequest } from '@platica/contracts';
import { DomainError, ErrorCode } from '@platica/errors';
import { hashCredential, newCredential, withStatus, writeScope } from '@platica/platform';
import { GatewayConfigService } from '../config/gateway-config.service';
import { CredentialRevocations } from '../credentials/credential-revocations';
import { TeamRepository } from './team.repository';

/** An invitation link works this long, once. */
const INVITATION_TTL_MS = 7 * 24 * 3600_000;
export const INVITATION_PREFIX = 'pl_inv_';
/** Where an invited person sets their password (served by InvitationPages). */
export const INVITATION_PATH = 'oauth/invitation';

/**
 * The workspace's people (docs/team.md). Only admins reach these operations (the route
 * pipeline's role check: the `team` area is not an agent's). What a change ends is told to every
 * gateway replica at once (CredentialRevocations): a removed person's tokens and keys answer 401
 * on their next request wherever it lands, and a changed role applies from the next request.
 */
@Injectable()
export class TeamService {
  constructor(
    private readonly team: TeamRepository,
    private readonly revocations: CredentialRevocations,
    private readonly config: GatewayConfigService,
  ) {}

  list(request: OperationRequest<typeof teamOperations.list>) {
    return this.team.list(writeScope(request).id);
  }

  async invite(request: OperationRequest<typeof teamOperations.invite>) {
    const token = newCredential(INVITATION_PREFIX);
    const email = request.body.email.trim().toLowerCase();
    const invitation = await this.team.invite({
      workspaceId: writeScope(request).id,
      email,
      role: request.body.role,
      invitedBy: request.auth.userEmail ?? null,
      tokenHash: hashCredential(token),
      expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
    });
    if (invitation === 'member') {
      throw new DomainError(ErrorCode.Conflict, 'This person is a member of the workspace already: change their role instead', [
        { path: ['email'], message: 'already a member of the workspace' },
      ]);
    }
    const invitationUrl = `${this.config.publicUrl}/${INVITATION_PATH}?token=${encodeURIComponent(token)}`;
    return withStatus(201, {
      status: 'success' as const,
      message: 'Invitation created: give the link to your colleague now, it is not shown again',
      data: { ...invitation, invitationUrl },
    });
  }

  async cancelInvitation(request: OperationRequest<typeof teamOperations.cancelInvitation>) {
    const cancelled = await this.team.cancelInvitation(writeScope(request).id, request.params.invitationId);
    if (!cancelled) throw DomainError.notFound('Pending invitation', request.params.invitationId);
    return { status: 'success' as const, message: 'Invitation cancelled: its link no longer works', data: cancelled };
  }

  async changeRole(request: OperationRequest<typeof teamOperations.changeRole>) {
    const changed = await this.team.changeRole(writeScope(request).id, request.params.userId, request.body.role);
    if (!changed) throw DomainError.notFound('Member', request.params.userId);
    if (changed === 'last_admin') throw lastAdmin('role', 'demoted');
    // Not a revocation: every replica forgets the role it cached with these tokens.
    await this.revocations.publish(changed.accessTokenHashes);
    return { status: 'success' as const, message: `Role changed to ${changed.member.role}`, data: changed.member };
  }

  async remove(request: OperationRequest<typeof teamOperations.remove>) {
    const { userId } = request.params;
    const ended = await this.team.remove(writeScope(request).id, userId);
    if (!ended) throw DomainError.notFound('Member', userId);
    if (ended === 'last_admin') throw lastAdmin('userId', 'removed');
    await this.revocations.publish([...ended.accessTokenHashes, ...ended.apiKeyHashes]);
    return {
      status: 'success' as const,
      message: 'Member removed: their sessions, tokens and API keys of the workspace no longer work',
      data: { userId, revokedAccessTokens: ended.accessTokenHashes.length, revokedApiKeys: ended.apiKeyHashes.length },
    };
  }
}

function lastAdmin(field: string, what: 'demoted' | 'removed'): DomainError {
  return new DomainError(ErrorCode.Conflict, `The workspace's last admin cannot be ${what}: make someone else admin first`, [
    { path: [field], message: 'the only admin of the workspace' },
  ]);
}
