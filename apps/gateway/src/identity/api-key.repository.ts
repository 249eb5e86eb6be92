import { Injectable } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { Database, newId } from '@platica/platform';
import { ApiKey } from './api-key.entity';
import { User } from './user.entity';
import { Workspace } from './workspace.entity';

/** API keys as the management operations see them (the credential lookup is IdentityRepository's). */
@Injectable()
export class ApiKeyRepository {
  constructor(private readonly db: Database) {}

  list(workspaceIds: string[]): Promise<ApiKey[]> {
    return this.db.em().find(ApiKey, { workspace: { $in: workspaceIds } }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  /**
   * The new key, or why not: a live key of the workspace has the name, the workspace holds
   * `maxLive` live keys already, or the key making it (`createdByKeyId`) was revoked meanwhile.
   * Creations in one workspace take turns (an advisory lock), so concurrent ones cannot pass the
   * bound together; the parent's row is read under a share lock, so a revocation running at the
   * same moment either waits for this key (and revokes it too) or is seen here.
   */
  async create(input: {
    workspaceId: string;
    ownerId: string;
    createdByKeyId: string | null;
    name: string;
    keyHash: string;
    rateLimitPerSecond: number;
    expiresAt: Date | null;
    maxLive: number;
  }): Promise<{ key: ApiKey } | { refused: 'name_taken' | 'limit_reached' | 'parent_revoked' }> {
    try {
      return await this.db.em().transactional(async (em) => {
        await em.execute(`select pg_advisory_xact_lock(hashtext('gateway.api_key:' || ?))`, [input.workspaceId]);
        if (input.createdByKeyId) {
          const [parent] = await em.execute<{ revoked_at: Date | null }[]>(
            'select revoked_at from gateway.api_key where id = ? for share',
            [input.createdByKeyId],
          );
          if (!parent || parent.revoked_at) return { refused: 'parent_revoked' as const };
        }
        const [live] = await em.execute<{ count: number }[]>(
          `select count(*)::int as count from gateway.api_key
            where workspace_id = ? and revoked_at is null and (expires_at is null or expires_at > now())`,
          [input.workspaceId],
        );
        if ((live?.count ?? 0) >= input.maxLive) return { refused: 'limit_reached' as const };
        const key = em.create(ApiKey, {
          id: newId('key'),
          workspace: em.getReference(Workspace, input.workspaceId),
          owner: em.getReference(User, input.ownerId),
          createdByKeyId: input.createdByKeyId,
          name: input.name,
          keyHash: input.keyHash,
          rateLimitPerSecond: input.rateLimitPerSecond,
          expiresAt: input.expiresAt,
          lastUsedAt: null,
          revokedAt: null,
        });
        await em.flush();
        return { key };
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) return { refused: 'name_taken' };
      throw error;
    }
  }

  /** The workspace's key with this id, or null. */
  find(workspaceId: string, id: string): Promise<ApiKey | null> {
    return this.db.em().findOne(ApiKey, { id, workspace: workspaceId });
  }

  /**
   * Marks the key revoked (once: a repeated revoke keeps the first date), and with it every
   * live key it minted, and theirs (docs/authentication.md › Keys minted by a key). Answers the
   * hashes they had at that moment, read under the rows' locks so a rotation finishing at the
   * same time cannot leave a value unannounced. Null when the workspace has no such key.
   */
  async revoke(workspaceId: string, id: string): Promise<{ key: ApiKey; revokedHashes: string[] } | null> {
    const revokedHashes = await this.db.em().transactional(async (em) => {
      const [revoked] = await em.execute<{ key_hash: string }[]>(
        `update gateway.api_key set revoked_at = coalesce(revoked_at, now()) where id = ? and workspace_id = ? returning key_hash`,
        [id, workspaceId],
      );
      if (!revoked) return null;
      const hashes = [revoked.key_hash];
      // One generation a statement: each reads afresh, so a key minted while this runs is caught too.
      for (let parents = [id]; parents.length > 0;) {
        const children = await em.execute<{ id: string; key_hash: string }[]>(
          `update gateway.api_key set revoked_at = now()
            where workspace_id = ? and created_by_key_id in (?) and revoked_at is null
            returning id, key_hash`,
          [workspaceId, parents],
        );
        hashes.push(...children.map((child) => child.key_hash));
        parents = children.map((child) => child.id);
      }
      return hashes;
    });
    if (!revokedHashes) return null;
    const key = await this.db.em().findOne(ApiKey, { id }, { refresh: true });
    return key && { key, revokedHashes };
  }

  /**
   * Gives a live key a new hash only if it still has `previousHash` (compare and swap): of two
   * rotations that read the same value, the second matches nothing, so only one new value ever
   * works. False when the key was rotated, revoked or expired meanwhile.
   */
  async swapHash(id: string, previousHash: string, keyHash: string): Promise<boolean> {
    const changed = await this.db.execute<{ id: string }[]>(
      `update gateway.api_key set key_hash = ?
        where id = ? and key_hash = ? and revoked_at is null and (expires_at is null or expires_at > now())
        returning id`,
      [keyHash, id, previousHash],
    );
    return changed.length === 1;
  }
}
