import { Injectable } from '@nestjs/common';
import type { Scope, WorkspaceRole } from '@platica/contracts';
import { DomainError, type FieldIssue } from '@platica/errors';
import { Database, hashCredential, newCredential, newId } from '@platica/platform';
import { ACCESS_TOKEN_PREFIX, type Credential } from '../credentials/credential';
import { User } from '../identity/user.entity';
import { WorkspaceMember } from '../identity/workspace-member.entity';
import { AccessToken } from './access-token.entity';

export interface MintedToken {
  token: string;
  expiresAt: string;
  scopes: Scope[];
  workspaceIds: string[];
}

/** OAuth access tokens, looked up by hash. A token reaches only workspaces its user still belongs to. */
@Injectable()
export class AccessTokenRepository {
  constructor(private readonly db: Database) {}

  async credentialFor(tokenHash: string, rateLimitPerSecond: number): Promise<Credential | null> {
    const rows = await this.db.execute<
      {
        token_id: string;
        scopes: Scope[];
        expires_at: string | Date;
        user_id: string;
        email: string;
        workspace_id: string;
        workspace_name: string;
        role: WorkspaceRole;
      }[]
    >(
      `select t.id as token_id, t.scopes, t.expires_at, u.id as user_id, u.email, w.id as workspace_id, w.name as workspace_name, m.role
         from gateway.oauth_access_token t
         join gateway.user_account u on u.id = t.user_id
         join gateway.workspace_member m on m.user_id = u.id
         join gateway.workspace w on w.id = m.workspace_id
        where t.token_hash = ? and t.revoked_at is null and t.expires_at > now()
          and w.id in (select jsonb_array_elements_text(t.workspace_ids))
        order by w.name`,
      [tokenHash],
    );
    const first = rows[0];
    if (!first) return null;
    return {
      auth: {
        principal: `user:${first.user_id}`,
        credentialType: 'oauth_token',
        workspaceIds: rows.map((r) => r.workspace_id),
        workspaces: rows.map((r) => ({ id: r.workspace_id, name: r.workspace_name })),
        scopes: first.scopes,
        userId: first.user_id,
        userEmail: first.email,
      },
      rateLimitPerSecond,
      rateLimitSubject: `token:${first.token_id}`,
      expiresAt: new Date(first.expires_at).getTime(),
      roles: Object.fromEntries(rows.map((r) => [r.workspace_id, r.role])),
    };
  }

  /** Mints a token for a user over workspaces they belong to (admin API; the OAuth flow reuses it). */
  async mint(input: {
    userEmail: string;
    workspaceIds: string[];
    scopes: Scope[];
    ttlSeconds: number;
    clientId?: string;
  }): Promise<MintedToken> {
    const em = this.db.em();
    const user = await em.findOne(User, { email: input.userEmail.toLowerCase() });
    if (!user) throw DomainError.validation([{ path: ['userEmail'], message: 'no user with this email' }]);
    const memberships = await em.find(WorkspaceMember, { user, workspace: { $in: input.workspaceIds } });
    const member = new Set(memberships.map((m) => m.workspace.id));
    const issues: FieldIssue[] = input.workspaceIds
      .map((id, index) => ({ id, index }))
      .filter(({ id }) => !member.has(id))
      .map(({ index }) => ({ path: ['workspaceIds', index], message: 'not a workspace of this user' }));
    if (issues.length > 0) throw DomainError.validation(issues);

    const token = newCredential(ACCESS_TOKEN_PREFIX);
    const expiresAt = new Date(Date.now() + input.ttlSeconds * 1000);
    em.create(AccessToken, {
      id: newId('tok'),
      tokenHash: hashCredential(token),
      user,
      workspaceIds: [...new Set(input.workspaceIds)],
      scopes: [...new Set(input.scopes)],
      clientId: input.clientId ?? null,
      expiresAt,
      revokedAt: null,
    });
    await em.flush();
    return {
      token,
      expiresAt: expiresAt.toISOString(),
      scopes: [...new Set(input.scopes)],
      workspaceIds: [...new Set(input.workspaceIds)],
    };
  }
}
