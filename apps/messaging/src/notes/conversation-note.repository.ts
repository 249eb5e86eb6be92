import { Injectable } from '@nestjs/common';
import { Database, type Transaction } from '@platica/platform';
import { ConversationNote } from './conversation-note.entity';

@Injectable()
export class ConversationNoteRepository {
  constructor(private readonly db: Database) {}

  /** The conversation's notes, oldest first. */
  listOf(conversationRef: string): Promise<ConversationNote[]> {
    return this.db.em().find(ConversationNote, { conversationRef }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  /** The conversation's latest `limit` notes, oldest first (what a turn's model may be given). */
  async latestOf(conversationRef: string, limit: number): Promise<ConversationNote[]> {
    const latest = await this.db.em().find(ConversationNote, { conversationRef }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit });
    return latest.reverse();
  }

  find(conversationRef: string, id: string, transaction?: Transaction): Promise<ConversationNote | null> {
    return this.db.em(transaction).findOne(ConversationNote, { id, conversationRef });
  }

  async insert(transaction: Transaction, note: ConversationNote): Promise<void> {
    const em = this.db.em(transaction);
    em.persist(note);
    await em.flush();
  }

  async delete(transaction: Transaction, note: ConversationNote): Promise<void> {
    const em = this.db.em(transaction);
    em.remove(note);
    await em.flush();
  }
}
