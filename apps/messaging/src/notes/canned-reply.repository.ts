import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode } from '@platica/errors';
import { Database, type Transaction } from '@platica/platform';
import { CannedReply } from './canned-reply.entity';

@Injectable()
export class CannedReplyRepository {
  constructor(private readonly db: Database) {}

  /** The workspace's canned replies by shortcut; with `q`, those whose shortcut starts with it, then those whose text holds it. */
  async list(workspaceId: string, q: string | undefined): Promise<CannedReply[]> {
    const all = await this.db.em().find(CannedReply, { workspaceId }, { orderBy: { shortcut: 'asc' } });
    const term = q?.trim().toLowerCase();
    if (!term) return all;
    const byShortcut = all.filter((reply) => reply.shortcut.startsWith(term));
    const byText = all.filter((reply) => !byShortcut.includes(reply) && reply.text.toLowerCase().includes(term));
    return [...byShortcut, ...byText];
  }

  find(workspaceId: string, id: string, transaction?: Transaction): Promise<CannedReply | null> {
    return this.db.em(transaction).findOne(CannedReply, { id, workspaceId });
  }

  /** Writes the new or changed reply; a shortcut the workspace has already is 409 naming it. */
  async save(transaction: Transaction, reply: CannedReply): Promise<void> {
    const em = this.db.em(transaction);
    em.persist(reply);
    try {
      await em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        throw new DomainError(ErrorCode.Conflict, `The workspace has a canned reply /${reply.shortcut} already`, [
          { path: ['shortcut'], message: 'is taken in this workspace' },
        ]);
      }
      throw error;
    }
  }

  async delete(transaction: Transaction, reply: CannedReply): Promise<void> {
    const em = this.db.em(transaction);
    em.remove(reply);
    await em.flush();
  }
}
