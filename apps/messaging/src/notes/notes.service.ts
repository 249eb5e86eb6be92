import { Injectable } from '@nestjs/common';
import type { noteOperations, OperationRequest } from '@platica/contracts';
import { DomainError, ErrorCode } from '@platica/errors';
import { newId, readScope, recordEvent, requestScopedId, RpcClient, UnitOfWork, withStatus, writeScope } from '@platica/platform';
import { actorOf } from '../conversations/actor';
import { ConversationRepository } from '../conversations/conversation.repository';
import { workspacePeople } from '../conversations/workspace-people';
import { ConversationNote } from './conversation-note.entity';
import { ConversationNoteRepository } from './conversation-note.repository';
import { resolveMentions } from './mentions';
import { conversationNoteCreated, conversationNoteDeleted, noteRecord } from './note-presenter';

/**
 * Private notes (docs/sending-messages.md › Notes): written by a person or an API key on a
 * conversation of the request's workspace, never sent; each write records its event.
 */
@Injectable()
export class NotesService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly conversations: ConversationRepository,
    private readonly notes: ConversationNoteRepository,
    private readonly rpc: RpcClient,
  ) {}

  async list(request: OperationRequest<typeof noteOperations.list>) {
    const conversation = await this.conversations.findById(
      readScope(request).map((w) => w.id),
      request.params.id,
    );
    if (!conversation) throw DomainError.notFound('Conversation', request.params.id);
    const notes = await this.notes.listOf(conversation.id);
    const emails = notes.length ? await this.emails(conversation.workspaceId) : new Map<string, string>();
    return { notes: notes.map((note) => noteRecord(note, emails)) };
  }

  async create(request: OperationRequest<typeof noteOperations.create>) {
    const workspaceId = writeScope(request).id;
    const conversation = await this.conversations.findById([workspaceId], request.params.id);
    if (!conversation) throw DomainError.notFound('Conversation', request.params.id);
    const people = await workspacePeople(this.rpc, workspaceId);
    // A keyed request's note is named after its reference: a retry finds it (docs/sending-messages.md › Retrying safely).
    const id = request.requestRef ? requestScopedId('note', request.requestRef, 'note') : newId('note');
    const earlier = request.requestRef ? await this.notes.find(conversation.id, id) : null;
    if (earlier) {
      const emails = new Map(people.map((person) => [person.id, person.email]));
      return withStatus(201, { status: 'success', message: 'Note written', data: noteRecord(earlier, emails) });
    }
    const mentions = resolveMentions(request.body.text, request.body.mentions ?? [], people);
    const { actorType, actorId } = actorOf(request.auth);
    const note = Object.assign(new ConversationNote(), {
      id,
      workspaceId,
      conversationRef: conversation.id,
      text: request.body.text,
      authorType: actorType,
      authorId: actorId ?? request.auth.principal,
      mentions,
      createdAt: new Date(),
    });
    const emails = new Map(people.map((person) => [person.id, person.email]));
    await this.unitOfWork.run(async (transaction) => {
      await this.notes.insert(transaction, note);
      await recordEvent(transaction, 'messaging', conversationNoteCreated(note, emails));
    });
    return withStatus(201, { status: 'success', message: 'Note written', data: noteRecord(note, emails) });
  }

  async delete(request: OperationRequest<typeof noteOperations.delete>) {
    const workspaceId = writeScope(request).id;
    const by = actorOf(request.auth).actorId ?? request.auth.principal;
    const note = await this.unitOfWork.run(async (transaction) => {
      const conversation = await this.conversations.findById([workspaceId], request.params.id);
      const found = conversation ? await this.notes.find(conversation.id, request.params.noteId, transaction) : null;
      if (!found) throw DomainError.notFound('Note', request.params.noteId);
      if (found.authorId !== by) {
        throw new DomainError(ErrorCode.Forbidden, 'Only its author deletes a note', { noteId: found.id, author: found.authorId });
      }
      await this.notes.delete(transaction, found);
      await recordEvent(transaction, 'messaging', conversationNoteDeleted(found, by));
      return found;
    });
    return { status: 'success', message: 'Note deleted', data: noteRecord(note) };
  }

  private async emails(workspaceId: string): Promise<Map<string, string>> {
    try {
      return new Map((await workspacePeople(this.rpc, workspaceId)).map((person) => [person.id, person.email]));
    } catch {
      // Without the gateway's answer the notes still read, with ids only.
      return new Map();
    }
  }
}
