import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TeamInvitation, TeamMember, WorkspaceRole } from '@platica/contracts';
import { Database, newId } from '@platica/platform';

type MemberRow = { user_id: string; email: string; name: string | null; role: WorkspaceRole; created_at: Date | string };
type InvitationRow = {
  id: string;
  email: string;
  role: WorkspaceRole;
  invited_by: string | null;
  created_at: Date | string;
  expires_at: Date | string;
};

/** What a removal ended, to be told to every replica (CredentialRevocations). */
export interface EndedCredentials {
  accessTokenHashes: string[];
  apiKeyHashes: string[];
}

/** The invitation a token opens, when it is still open. */
export interface OpenInvitation {
  id: string;
  workspaceId: string;
  workspaceName: string;
  email: string;
  role: WorkspaceRole;
  /** The invited person's account, when they have one, and whether it has a password. */
  user: { id: string; passwordHash: string | null } | null;
}

const MEMBER_COLUMNS = 'u.id as user_id, u.email, u.name, m.role, m.created_at';
const INVITATION_COLUMNS = 'id, email, role, invited_by, created_at, expires_at';

/**
 * The workspace's people, memberships and invitations (docs/team.md). Changes to who is an admin
 * take turns per workspace (an advisory lock), so two demotions at once cannot leave none.
 */
@Injectable()
export class TeamRepository {
  constructor(private readonly db: Database) {}

  async list(workspaceId: string): Promise<{ members: TeamMember[]; invitations: TeamInvitation[] }> {
    const [members, invitations] = await Promise.all([
      this.db.execute<MemberRow[]>(
        `select ${MEMBER_COLUMNS} from gateway.workspace_member m join gateway.user_account u on u.id = m.user_id
          where m.workspace_id = ? order by u.email`,
        [workspaceId],
      ),
      this.db.execute<InvitationRow[]>(
        `select ${INVITATION_COLUMNS} from gateway.invitation
          where workspace_id = ? and closed_at is null and expires_at > now() order by created_at`,
        [workspaceId],
      ),
    ]);
    return { members: members.map(memberView), invitations: invitations.map(invitationView) };
  }

  /** A new invitation (closing any open one to the same email), or `member` when the email is in the workspace already. */
  async invite(input: {
    workspaceId: string;
    email: string;
    role: WorkspaceRole;
    invitedBy: string | null;
    tokenHash: string;
    expiresAt: Date;
  }): Promise<TeamInvitation | 'member'> {
    return this.db.em().transactional(async (em) => {
      await lockWorkspace(em, input.workspaceId);
      const [member] = await em.execute<{ user_id: string }[]>(
        `select m.user_id from gateway.workspace_member m join gateway.user_account u on u.id = m.user_id
          where m.workspace_id = ? and u.email = ?`,
        [input.workspaceId, input.email],
      );
      if (member) return 'member' as const;
      await em.execute(`update gateway.invitation set closed_at = now() where workspace_id = ? and email = ? and closed_at is null`, [
        input.workspaceId,
        input.email,
      ]);
      const [row] = await em.execute<InvitationRow[]>(
        `insert into gateway.invitation (id, workspace_id, email, role, token_hash, invited_by, created_at, expires_at, closed_at)
         values (?, ?, ?, ?, ?, ?, now(), ?, null) returning ${INVITATION_COLUMNS}`,
        [newId('inv'), input.workspaceId, input.email, input.role, input.tokenHash, input.invitedBy, input.expiresAt],
      );
      return invitationView(row!);
    });
  }

  async cancelInvitation(workspaceId: string, id: string): Promise<TeamInvitation | null> {
    const [row] = await this.db.execute<InvitationRow[]>(
      `update gateway.invitation set closed_at = now() where id = ? and workspace_id = ? and closed_at is null and expires_at > now()
        returning ${INVITATION_COLUMNS}`,
      [id, workspaceId],
    );
    return row ? invitationView(row) : null;
  }

  /**
   * The member with the new role, `last_admin` when it would leave the workspace without an
   * admin, or null when the user is not a member. Also the hashes of the person's live access
   * tokens, so every replica forgets the role it cached.
   */
  async changeRole(
    workspaceId: string,
    userId: string,
    role: WorkspaceRole,
  ): Promise<{ member: TeamMember; accessTokenHashes: string[] } | 'last_admin' | null> {
    return this.db.em().transactional(async (em) => {
      await lockWorkspace(em, workspaceId);
      const current = await memberOf(em, workspaceId, userId);
      if (!current) return null;
      if (current.role === 'admin' && role !== 'admin' && (await adminCount(em, workspaceId)) <= 1) return 'last_admin' as const;
      await em.execute('update gateway.workspace_member set role = ? where workspace_id = ? and user_id = ?', [role, workspaceId, userId]);
      const tokens = await em.execute<{ token_hash: string }[]>(
        `select token_hash from gateway.oauth_access_token
          where user_id = ? and revoked_at is null and expires_at > now() and workspace_ids @> ?::jsonb`,
        [userId, JSON.stringify([workspaceId])],
      );
      return { member: memberView({ ...current, role }), accessTokenHashes: tokens.map((t) => t.token_hash) };
    });
  }

  /**
   * Removes the member and ends, in the same transaction, every OAuth grant of theirs that reaches
   * the workspace (refresh and access tokens: console sessions too) and every live API key they
   * created there, with the keys those keys minted. `last_admin` when they are its only admin.
   */
  async remove(workspaceId: string, userId: string): Promise<EndedCredentials | 'last_admin' | null> {
    return this.db.em().transactional(async (em) => {
      await lockWorkspace(em, workspaceId);
      const current = await memberOf(em, workspaceId, userId);
      if (!current) return null;
      if (current.role === 'admin' && (await adminCount(em, workspaceId)) <= 1) return 'last_admin' as const;
      await em.execute('delete from gateway.workspace_member where workspace_id = ? and user_id = ?', [workspaceId, userId]);
      const reaching = JSON.stringify([workspaceId]);
      await em.execute(
        `update gateway.oauth_refresh_token set revoked_at = now() where user_id = ? and revoked_at is null and workspace_ids @> ?::jsonb`,
        [userId, reaching],
      );
      const tokens = await em.execute<{ token_hash: string }[]>(
        `update gateway.oauth_access_token set revoked_at = now() where user_id = ? and revoked_at is null and workspace_ids @> ?::jsonb
          returning token_hash`,
        [userId, reaching],
      );
      const apiKeyHashes: string[] = [];
      // Their keys, then one generation of minted keys a statement, as ApiKeyRepository.revoke does.
      let revoked = await em.execute<{ id: string; key_hash: string }[]>(
        `update gateway.api_key set revoked_at = now() where workspace_id = ? and owner_id = ? and revoked_at is null returning id, key_hash`,
        [workspaceId, userId],
      );
      while (revoked.length > 0) {
        apiKeyHashes.push(...revoked.map((key) => key.key_hash));
        revoked = await em.execute<{ id: string; key_hash: string }[]>(
          `update gateway.api_key set revoked_at = now() where workspace_id = ? and created_by_key_id in (?) and revoked_at is null
            returning id, key_hash`,
          [workspaceId, revoked.map((key) => key.id)],
        );
      }
      return { accessTokenHashes: tokens.map((t) => t.token_hash), apiKeyHashes };
    });
  }

  /** The open, unexpired invitation with this token hash, or null. */
  async openInvitation(tokenHash: string): Promise<OpenInvitation | null> {
    const [row] = await this.db.execute<
      {
        id: string;
        workspace_id: string;
        workspace_name: string;
        email: string;
        role: WorkspaceRole;
        user_id: string | null;
        password_hash: string | null;
      }[]
    >(
      `select i.id, i.workspace_id, w.name as workspace_name, i.email, i.role, u.id as user_id, u.password_hash
         from gateway.invitation i
         join gateway.workspace w on w.id = i.workspace_id
         left join gateway.user_account u on u.email = i.email
        where i.token_hash = ? and i.closed_at is null and i.expires_at > now()`,
      [tokenHash],
    );
    if (!row) return null;
    return {
      id: row.id,
      workspaceId: row.workspace_id,
      workspaceName: row.workspace_name,
      email: row.email,
      role: row.role,
      user: row.user_id ? { id: row.user_id, passwordHash: row.password_hash } : null,
    };
  }

  /**
   * Accepts the invitation once: closes it, creates the user (with `passwordHash`, `name`) when
   * the email has no account, sets the password of an account that had none, and adds the
   * membership. False when the invitation was accepted or closed meanwhile.
   */
  async accept(invitation: OpenInvitation, input: { passwordHash: string | null; name: string | null }): Promise<boolean> {
    return this.db.em().transactional(async (em) => {
      const closed = await em.execute<{ id: string }[]>(
        'update gateway.invitation set closed_at = now() where id = ? and closed_at is null and expires_at > now() returning id',
        [invitation.id],
      );
      if (closed.length === 0) return false;
      const [user] = await em.execute<{ id: string }[]>(
        `insert into gateway.user_account (id, email, name, password_hash, created_at, updated_at) values (?, ?, ?, ?, now(), now())
         on conflict (email) do update set password_hash = coalesce(gateway.user_account.password_hash, excluded.password_hash), updated_at = now()
         returning id`,
        [newId('usr'), invitation.email, input.name, input.passwordHash],
      );
      await em.execute(
        `insert into gateway.workspace_member (workspace_id, user_id, role, created_at) values (?, ?, ?, now())
         on conflict (workspace_id, user_id) do nothing`,
        [invitation.workspaceId, user!.id, invitation.role],
      );
      return true;
    });
  }
}

function lockWorkspace(em: EntityManager, workspaceId: string) {
  return em.execute(`select pg_advisory_xact_lock(hashtext('gateway.workspace_member:' || ?))`, [workspaceId]);
}

async function memberOf(em: EntityManager, workspaceId: string, userId: string): Promise<MemberRow | undefined> {
  const [row] = await em.execute<MemberRow[]>(
    `select ${MEMBER_COLUMNS} from gateway.workspace_member m join gateway.user_account u on u.id = m.user_id
      where m.workspace_id = ? and m.user_id = ?`,
    [workspaceId, userId],
  );
  return row;
}

async function adminCount(em: EntityManager, workspaceId: string): Promise<number> {
  const [row] = await em.execute<{ count: number }[]>(
    `select count(*)::int as count from gateway.workspace_member where workspace_id = ? and role = 'admin'`,
    [workspaceId],
  );
  return row?.count ?? 0;
}

function memberView(row: MemberRow): TeamMember {
  return { userId: row.user_id, email: row.email, name: row.name, role: row.role, joinedAt: new Date(row.created_at).toISOString() };
}

function invitationView(row: InvitationRow): TeamInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedBy: row.invited_by,
    createdAt: new Date(row.created_at).toISOString(),
    expiresAt: new Date(row.expires_at).toISOString(),
  };
}
