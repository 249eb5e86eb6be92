import { defineEntity, p } from '@mikro-orm/core';

/**
 * A private note on a conversation (docs/sending-messages.md › Notes): kept apart from the
 * messages, so nothing that sends, counts or lists messages ever sees one.
 */
const ConversationNoteSchema = defineEntity({
  name: 'ConversationNote',
  tableName: 'conversation_note',
  properties: {
    id: p.text().primary(),
    workspaceId: p.text(),
    /** The canonical conversation id (`conversation.id`). */
    conversationRef: p.text(),
    text: p.text(),
    /** `user` (a signed-in person, `authorId` their user id) or `api` (`authorId` is `key:<id>`). */
    authorType: p.text().$type<'user' | 'api'>(),
    authorId: p.text(),
    /** The user ids the note mentions. */
    mentions: p.json<string[]>(),
    createdAt: p.datetime(),
  },
  indexes: [{ properties: ['conversationRef', 'createdAt'], name: 'conversation_note_conversation_created_at_index' }],
});
export class ConversationNote extends ConversationNoteSchema.class {}
ConversationNoteSchema.setClass(ConversationNote);
