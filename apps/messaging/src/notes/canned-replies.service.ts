import { Injectable } from '@nestjs/common';
import type { cannedReplyOperations, OperationRequest } from '@platica/contracts';
import { DomainError } from '@platica/errors';
import { newId, recordEvent, requestScopedId, UnitOfWork, withStatus, writeScope } from '@platica/platform';
import { actorOf } from '../conversations/actor';
import { CannedReply } from './canned-reply.entity';
import { CannedReplyRepository } from './canned-reply.repository';
import { cannedReplyChanged, cannedReplyRecord } from './note-presenter';

/** The workspace's canned replies (docs/sending-messages.md › Canned replies); each change records its event. */
@Injectable()
export class CannedRepliesService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly replies: CannedReplyRepository,
  ) {}

  async list(request: OperationRequest<typeof cannedReplyOperations.list>) {
    const replies = await this.replies.list(writeScope(request).id, request.query.q);
    return { cannedReplies: replies.map(cannedReplyRecord) };
  }

  async create(request: OperationRequest<typeof cannedReplyOperations.create>) {
    const workspaceId = writeScope(request).id;
    // A keyed request's reply is named after its reference: a retry finds it (docs/sending-messages.md › Retrying safely).
    const id = request.requestRef ? requestScopedId('cr', request.requestRef, 'canned-reply') : newId('cr');
    const earlier = request.requestRef ? await this.replies.find(workspaceId, id) : null;
    if (earlier) return withStatus(201, { status: 'success', message: 'Canned reply added', data: cannedReplyRecord(earlier) });
    const now = new Date();
    const reply = Object.assign(new CannedReply(), {
      id,
      workspaceId,
      shortcut: request.body.shortcut.toLowerCase(),
      text: request.body.text,
      createdAt: now,
      updatedAt: now,
    });
    await this.unitOfWork.run(async (transaction) => {
      await this.replies.save(transaction, reply);
      await recordEvent(transaction, 'messaging', cannedReplyChanged('canned_reply.created', reply, changedBy(request)));
    });
    return withStatus(201, { status: 'success', message: 'Canned reply added', data: cannedReplyRecord(reply) });
  }

  async update(request: OperationRequest<typeof cannedReplyOperations.update>) {
    const reply = await this.unitOfWork.run(async (transaction) => {
      const found = await this.found(request, transaction);
      const { shortcut, text } = request.body;
      Object.assign(found, {
        ...(shortcut !== undefined ? { shortcut: shortcut.toLowerCase() } : {}),
        ...(text !== undefined ? { text } : {}),
        updatedAt: new Date(),
      });
      await this.replies.save(transaction, found);
      await recordEvent(transaction, 'messaging', cannedReplyChanged('canned_reply.updated', found, changedBy(request)));
      return found;
    });
    return { status: 'success', message: 'Canned reply updated', data: cannedReplyRecord(reply) };
  }

  async delete(request: OperationRequest<typeof cannedReplyOperations.delete>) {
    const reply = await this.unitOfWork.run(async (transaction) => {
      const found = await this.found(request, transaction);
      await this.replies.delete(transaction, found);
      await recordEvent(transaction, 'messaging', cannedReplyChanged('canned_reply.deleted', found, changedBy(request)));
      return found;
    });
    return { status: 'success', message: 'Canned reply deleted', data: cannedReplyRecord(reply) };
  }

  private async found(
    request: OperationRequest<typeof cannedReplyOperations.update | typeof cannedReplyOperations.delete>,
    transaction: Parameters<CannedReplyRepository['find']>[2],
  ) {
    const reply = await this.replies.find(writeScope(request).id, request.params.id, transaction);
    if (!reply) throw DomainError.notFound('Canned reply', request.params.id);
    return reply;
  }
}

const changedBy = (request: { auth: OperationRequest<typeof cannedReplyOperations.create>['auth'] }) =>
  actorOf(request.auth).actorId ?? request.auth.principal;
