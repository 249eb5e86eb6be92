import { Injectable } from '@nestjs/common';
import { Database } from '@platica/platform';
import { ConversationMemory } from './conversation-memory.entity';

/** The runtime's memory of conversations (one row each, made on its first turn that needs one). */
@Injectable()
export class ConversationMemoryRepository {
  constructor(private readonly db: Database) {}

  find(workspaceId: string, conversationRef: string): Promise<ConversationMemory | null> {
    return this.db.em().findOne(ConversationMemory, { workspaceId, conversationRef });
  }

  /** The recall was looked for: its summary, or none (it is not looked for again). */
  async saveRecall(
    workspaceId: string,
    conversationRef: string,
    recall: { conversationRef: string; summary: string } | null,
  ): Promise<void> {
    await this.db.execute(
      `insert into agents.conversation_memory (conversation_ref, workspace_id, recall_checked, recalled_conversation_ref, recall_summary, updated_at)
       values (?, ?, true, ?, ?, now())
       on conflict (conversation_ref) do update set recall_checked = true, recalled_conversation_ref = excluded.recalled_conversation_ref,
         recall_summary = excluded.recall_summary, updated_at = now()`,
      [conversationRef, workspaceId, recall?.conversationRef ?? null, recall?.summary ?? null],
    );
  }

  /** The running summary now covers the messages up to `upTo`. */
  async saveContextSummary(
    workspaceId: string,
    conversationRef: string,
    summary: string,
    upTo: { id: string; createdAt: Date },
    foldedMessages: number,
  ): Promise<void> {
    await this.db.execute(
      `insert into agents.conversation_memory
         (conversation_ref, workspace_id, recall_checked, context_summary, summarized_up_to, summarized_up_to_at, summarized_messages, updated_at)
       values (?, ?, false, ?, ?, ?, ?, now())
       on conflict (conversation_ref) do update set context_summary = excluded.context_summary,
         summarized_up_to = excluded.summarized_up_to, summarized_up_to_at = excluded.summarized_up_to_at,
         summarized_messages = conversation_memory.summarized_messages + excluded.summarized_messages, updated_at = now()`,
      [conversationRef, workspaceId, summary, upTo.id, upTo.createdAt, foldedMessages],
    );
  }
}
