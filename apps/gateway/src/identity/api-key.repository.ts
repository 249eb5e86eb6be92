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

  /** The new key; null when a live key of the workspace already has the name. */
  async create(input: {
    workspaceId: string;
    ownerId: string;
    name: string;
    keyHash: string;
    rateLimitPerSecond: number;
    expiresAt: Date | null;
  }): Promise<ApiKey | null> {
    const em = this.db.em();
    const key = em.create(ApiKey, {
      id: newId('key'),
      workspace: em.getReference(Workspace, input.workspaceId),
      owner: em.getReference(User, input.ownerId),
      name: input.name,
      keyHash: input.keyHash,
      rateLimitPerSecond: input.rateLimitPerSecond,
      expiresAt: input.expiresAt,
      lastUsedAt: null,
      revokedAt: null,
    });
    try {
      await em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) return null;
      throw error;
    }
    return key;
  }

  /** The workspace's key with this id, or null. */
  find(workspaceId: string, id: string): Promise<ApiKey | null> {
    return this.db.em().findOne(ApiKey, { id, workspace: workspaceId });
  }

  /**
   * Marks the key revoked (once: a repeated revoke keeps the first date) and answers the hash
   * it had at that moment, read under the row's lock so a rotation finishing at the same time
   * cannot leave a value unannounced. Null when the workspace has no such key.
   */
  async revoke(workspaceId: string, id: string): Promise<{ key: ApiKey; revokedHash: string } | null> {
    const rows = await this.db.execute<{ key_hash: string }[]>(
      `update gateway.api_key set revoked_at = coalesce(revoked_at, now()) where id = ? and workspace_id = ? returning key_hash`,
      [id, workspaceId],
    );
    if (!rows[0]) return null;
    const key = await this.db.em().findOne(ApiKey, { id }, { refresh: true });
    return key && { key, revokedHash: rows[0].key_hash };
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
