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

  /** Marks the key revoked (once: a repeated revoke keeps the first date); null when the workspace has no such key. */
  async revoke(workspaceId: string, id: string): Promise<ApiKey | null> {
    const em = this.db.em();
    const key = await em.findOne(ApiKey, { id, workspace: workspaceId });
    if (!key) return null;
    if (!key.revokedAt) {
      key.revokedAt = new Date();
      await em.flush();
    }
    return key;
  }

  /** Gives a live key a new hash; the previous hash with it. Null when the workspace has no such key. */
  async replaceHash(workspaceId: string, id: string, keyHash: string): Promise<{ key: ApiKey; previousHash: string } | null> {
    const em = this.db.em();
    const key = await em.findOne(ApiKey, { id, workspace: workspaceId });
    if (!key) return null;
    const previousHash = key.keyHash;
    if (!key.revokedAt) {
      key.keyHash = keyHash;
      await em.flush();
    }
    return { key, previousHash };
  }
}
