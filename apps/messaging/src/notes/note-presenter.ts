import { domainEvent, type CannedReply as CannedReplyRecord, type ConversationNote as NoteRecord } from '@platica/contracts';
import type { CannedReply } from './canned-reply.entity';
import type { ConversationNote } from './conversation-note.entity';

/** A note as the API answers it, the people named by email where `emails` knows them. */
export function noteRecord(note: ConversationNote, emails: ReadonlyMap<string, string> = new Map()): NoteRecord {
  const named = (id: string) => {
    const email = emails.get(id);
    return email ? { id, email } : { id };
  };
  return {
    id: note.id,
    conversationId: note.conversationRef,
    text: note.text,
    author: { type: note.authorType, ...named(note.authorId) },
    mentions: note.mentions.map(named),
    createdAt: new Date(note.createdAt).toISOString(),
  };
}

export function cannedReplyRecord(reply: CannedReply): CannedReplyRecord {
  return {
    id: reply.id,
    shortcut: reply.shortcut,
    text: reply.text,
    createdAt: new Date(reply.createdAt).toISOString(),
    updatedAt: new Date(reply.updatedAt).toISOString(),
  };
}

/** A note was written: `mentions` (user ids) are whom the console notifies. */
export function conversationNoteCreated(note: ConversationNote, emails: ReadonlyMap<string, string>) {
  return domainEvent('conversation.note.created', note.workspaceId, {
    conversationId: note.conversationRef,
    note: noteRecord(note, emails),
    mentions: note.mentions,
  });
}

export function conversationNoteDeleted(note: ConversationNote, deletedBy: string) {
  return domainEvent('conversation.note.deleted', note.workspaceId, {
    conversationId: note.conversationRef,
    note: noteRecord(note),
    deletedBy,
  });
}

export function cannedReplyChanged(
  type: 'canned_reply.created' | 'canned_reply.updated' | 'canned_reply.deleted',
  reply: CannedReply,
  changedBy: string,
) {
  return domainEvent(type, reply.workspaceId, { cannedReply: cannedReplyRecord(reply), changedBy });
}
