import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AdminWorkspace, SeedDocument, WorkspaceProfile, WorkspaceRef, WorkspaceRole } from '@platica/contracts';
import { Database, hashCredential, newCredential, newId } from '@platica/platform';
import { API_KEY_PREFIX, type Credential } from '../credentials/credential';
import { ApiKey } from './api-key.entity';
import { hashPassword } from './password';
import { User } from './user.entity';
import { WorkspaceMember } from './workspace-member.entity';
import { Workspace } from './workspace.entity';

export interface AppliedIdentity {
  workspace: { id: string; name: string; timezone: string };
  users: { id: string; email: string }[];
  /** By ref (or name when the key has no ref); `key` is the value, only when created now. */
  apiKeys: Record<string, { id: string; name: string; key: string | null }>;
}

/** The gateway's tables: workspaces, users, memberships and API keys. */
@Injectable()
export class IdentityRepository {
  constructor(private readonly db: Database) {}

  async credentialForApiKey(keyHash: string): Promise<Credential | null> {
    const rows = await this.db.execute<
      {
        key_id: string;
        rate_limit_per_second: number;
        expires_at: Date | string | null;
        workspace_id: string;
        workspace_name: string;
        user_id: string;
        email: string;
      }[]
    >(
      `select k.id as key_id, k.rate_limit_per_second, k.expires_at, w.id as workspace_id, w.name as workspace_name, u.id as user_id, u.email
         from gateway.api_key k
         join gateway.workspace w on w.id = k.workspace_id
         join gateway.user_account u on u.id = k.owner_id
        where k.key_hash = ? and k.revoked_at is null and (k.expires_at is null or k.expires_at > now())`,
      [keyHash],
    );
    const row = rows[0];
    if (!row) return null;
    this.touch(row.key_id);
    return {
      auth: {
        principal: `key:${row.key_id}`,
        credentialType: 'api_key',
        workspaceIds: [row.workspace_id],
        workspaces: [{ id: row.workspace_id, name: row.workspace_name }],
        // An API key has full access to its workspace (spec, Authentication 2 and 9).
        scopes: ['platica:read', 'platica:write'],
        userId: row.user_id,
        userEmail: row.email,
      },
      rateLimitPerSecond: row.rate_limit_per_second,
      rateLimitSubject: `key:${row.key_id}`,
      ...(row.expires_at ? { expiresAt: new Date(row.expires_at).getTime() } : {}),
    };
  }

  /**
   * `lastUsedAt`, written at most once a minute per key: lookups reach here only on a credential
   * cache miss, and the condition skips the write when the last one is recent. Not awaited: a
   * request never waits for it, and a failed write only leaves the date older.
   */
  private touch(keyId: string): void {
    this.db
      .execute(
        `update gateway.api_key set last_used_at = now() where id = ? and (last_used_at is null or last_used_at < now() - interval '1 minute')`,
        [keyId],
      )
      .catch(() => undefined);
  }

  /** On every `GET /v1/workspaces`: plain SQL, no entity hydration. */
  async workspaces(ids: string[]): Promise<WorkspaceRef[]> {
    if (ids.length === 0) return [];
    return this.db.execute<WorkspaceRef[]>('select id, name from gateway.workspace where id in (?) order by name', [ids]);
  }

  /** The user's role in each of these workspaces they belong to. */
  async memberships(userId: string, workspaceIds: string[]): Promise<(WorkspaceRef & { role: WorkspaceRole })[]> {
    if (workspaceIds.length === 0) return [];
    return this.db.execute<(WorkspaceRef & { role: WorkspaceRole })[]>(
      `select w.id, w.name, m.role from gateway.workspace w join gateway.workspace_member m on m.workspace_id = w.id
        where m.user_id = ? and w.id in (?) order by w.name`,
      [userId, workspaceIds],
    );
  }

  async user(id: string): Promise<{ id: string; email: string; name: string | null } | null> {
    const rows = await this.db.execute<{ id: string; email: string; name: string | null }[]>(
      'select id, email, name from gateway.user_account where id = ?',
      [id],
    );
    return rows[0] ?? null;
  }

  /** Applies the seed's workspace, users and API keys in one transaction (idempotent by natural keys). */
  async applySeed(doc: SeedDocument): Promise<AppliedIdentity> {
    return this.db.em().transactional(async (em) => {
      const workspace = await upsertWorkspace(em, doc.workspace);
      const users: User[] = [];
      for (const seeded of doc.users) {
        const user = await upsertUser(em, seeded.email, seeded.name, seeded.password);
        await ensureMember(em, workspace, user, seeded.role);
        users.push(user);
      }
      await em.flush();
      const members = await em.find(WorkspaceMember, { workspace }, { populate: ['user'] });
      const byEmail = new Map(members.map((m) => [m.user.email, m.user]));
      const apiKeys: AppliedIdentity['apiKeys'] = {};
      for (const seeded of doc.apiKeys) {
        const ownerEmail = (seeded.ownerEmail ?? doc.users[0]?.email)?.toLowerCase();
        const owner = ownerEmail ? byEmail.get(ownerEmail) : undefined;
        if (!owner) throw new Error(`API key "${seeded.name}" has no owner in the workspace`); // checked before, by the seed validator
        let key = await em.findOne(ApiKey, { workspace, name: seeded.name, revokedAt: null });
        let value: string | null = null;
        if (key) {
          key.owner = owner;
          key.rateLimitPerSecond = seeded.rateLimitPerSecond;
        } else {
          value = newCredential(API_KEY_PREFIX);
          key = em.create(ApiKey, {
            id: newId('key'),
            workspace,
            owner,
            name: seeded.name,
            keyHash: hashCredential(value),
            rateLimitPerSecond: seeded.rateLimitPerSecond,
            expiresAt: null,
            lastUsedAt: null,
            revokedAt: null,
          });
        }
        apiKeys[seeded.ref ?? seeded.name] = { id: key.id, name: key.name, key: value };
      }
      await em.flush();
      return {
        workspace: { id: workspace.id, name: workspace.name, timezone: workspace.timezone },
        users: [...byEmail.values()].map((u) => ({ id: u.id, email: u.email })),
        apiKeys,
      };
    });
  }

  /** The OAuth login page's lookup: a user and their password hash (null when they cannot log in). */
  async userForLogin(email: string): Promise<{ id: string; email: string; passwordHash: string | null } | null> {
    const user = await this.db.em().findOne(User, { email: email.trim().toLowerCase() });
    return user ? { id: user.id, email: user.email, passwordHash: user.passwordHash ?? null } : null;
  }

  /** The workspaces a user belongs to, by name: what the consent page offers. */
  async workspacesOfUser(userId: string): Promise<WorkspaceRef[]> {
    return this.db.execute<WorkspaceRef[]>(
      'select w.id, w.name from gateway.workspace w join gateway.workspace_member m on m.workspace_id = w.id where m.user_id = ? order by w.name, w.id',
      [userId],
    );
  }

  /** Emails of the workspace's users, for validating `owners` of a seed before applying it. */
  async memberEmails(workspaceName: string): Promise<Set<string>> {
    const workspace = await this.db.em().findOne(Workspace, { name: workspaceName });
    return workspace ? this.memberEmailsOf(workspace.id) : new Set();
  }

  /** The operator sets a workspace's credit limit (`PATCH /admin/v1/workspaces/{id}`); null when there is no such workspace. */
  async setCreditLimit(workspaceId: string, creditLimit: number | null): Promise<AdminWorkspace | null> {
    const [row] = await this.db.execute<AdminWorkspace[]>(
      'update gateway.workspace set credit_limit = ?, updated_at = now() where id = ? returning id, name, timezone, credit_limit as "creditLimit"',
      [creditLimit, workspaceId],
    );
    return row ?? null;
  }

  /** Timezone, credit limit and users of each workspace (usage figures, the credit check): two plain queries. */
  async profiles(ids: string[]): Promise<WorkspaceProfile[]> {
    if (ids.length === 0) return [];
    const em = this.db.em();
    const workspaces = await em.execute<{ id: string; timezone: string; credit_limit: number | null }[]>(
      'select id, timezone, credit_limit from gateway.workspace where id in (?)',
      [ids],
    );
    const users = await em.execute<{ workspace_id: string; id: string; email: string; role: WorkspaceRole }[]>(
      'select m.workspace_id, u.id, u.email, m.role from gateway.workspace_member m join gateway.user_account u on u.id = m.user_id where m.workspace_id in (?) order by u.email',
      [ids],
    );
    return workspaces.map((w) => ({
      id: w.id,
      timezone: w.timezone,
      creditLimit: w.credit_limit,
      users: users.filter((u) => u.workspace_id === w.id).map((u) => ({ id: u.id, email: u.email, role: u.role })),
    }));
  }

  async memberEmailsOf(workspaceId: string): Promise<Set<string>> {
    const members = await this.db.em().find(WorkspaceMember, { workspace: workspaceId }, { populate: ['user'] });
    return new Set(members.map((m) => m.user.email));
  }
}

/** The seed's workspace: `creditLimit` is set when the document gives it (null removes it), else left as it is. */
async function upsertWorkspace(em: EntityManager, seeded: SeedDocument['workspace']): Promise<Workspace> {
  const { name, timezone, creditLimit } = seeded;
  const existing = await em.findOne(Workspace, { name });
  if (existing) {
    existing.timezone = timezone;
    if (creditLimit !== undefined) existing.creditLimit = creditLimit;
    return existing;
  }
  return em.create(Workspace, { id: newId('ws'), name, timezone, creditLimit: creditLimit ?? null });
}

async function upsertUser(em: EntityManager, rawEmail: string, name: string | undefined, password: string | undefined): Promise<User> {
  const email = rawEmail.toLowerCase();
  const passwordHash = password ? await hashPassword(password) : undefined;
  const existing = await em.findOne(User, { email });
  if (existing) {
    if (name !== undefined) existing.name = name;
    if (passwordHash) existing.passwordHash = passwordHash;
    return existing;
  }
  return em.create(User, { id: newId('usr'), email, name: name ?? null, passwordHash: passwordHash ?? null });
}

/** A seeded user is an `admin` unless the document says otherwise; a role given again changes it. */
async function ensureMember(em: EntityManager, workspace: Workspace, user: User, role: WorkspaceRole | undefined): Promise<void> {
  const existing = await em.findOne(WorkspaceMember, { workspace, user });
  if (!existing) em.create(WorkspaceMember, { workspace, user, role: role ?? 'admin' });
  else if (role) existing.role = role;
}
