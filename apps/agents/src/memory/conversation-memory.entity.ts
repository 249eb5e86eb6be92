import { defineEntity, p } from '@mikro-orm/core';

/**
 * What the runtime remembers of one conversation (ARCHITECTURE.md › Agent runtime): the summary
 * of the client's previous conversation with the agent (`recallLastConversation`), made once,
 * and the running summary of this conversation's older messages (context summarisation), with
 * the latest message it covers. Kept here, beside the agent's configuration, and keyed by the
 * canonical conversation id, so a turn never computes either twice.
 */
const ConversationMemorySchema = defineEntity({
  name: 'ConversationMemory',
  tableName: 'conversation_memory',
  properties: {
    conversationRef: p.text().primary(),
    workspaceId: p.text(),
    /** Whether the previous conversation was looked for (found or not): it is looked for once. */
    recallChecked: p.boolean().default(false),
    recalledConversationRef: p.text().nullable(),
    recallSummary: p.text().nullable(),
    contextSummary: p.text().nullable(),
    /** The newest message the context summary covers, and its time (the history after it is given in full). */
    summarizedUpTo: p.text().nullable(),
    summarizedUpToAt: p.datetime().nullable(),
    summarizedMessages: p.integer().default(0),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export class ConversationMemory extends ConversationMemorySchema.class {}
ConversationMemorySchema.setClass(ConversationMemory);
