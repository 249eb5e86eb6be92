import { Injectable } from '@nestjs/common';
import { internalOperations, type messagingOperations, type OperationRequest } from '@platica/contracts';
import { DomainError, DomainReason, ErrorCode } from '@platica/errors';
import { RpcClient, serviceRequest, UnitOfWork, writeScope } from '@platica/platform';
import { ClientRepository } from '../clients/client.repository';
import { EMPTY_MODERATION } from '../clients/client.presenter';
import { actorOf } from '../conversations/actor';
import { ConversationRepository } from '../conversations/conversation.repository';
import { MessageRepository } from '../messages/message.repository';
import { Strikes } from './strikes';

/**
 * A person flags a customer's message (docs/agents.md › Flagging a customer's message): a strike
 * with their severity and note, `lastSource: supervisor`, counted against the conversation's
 * agent's guardrail thresholds through the guardrails' own strike path. Nothing is sent to the
 * customer; the flag is kept on the message, one per message.
 */
@Injectable()
export class MessageFlagsService {
  private readonly strikes: Strikes;

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly conversations: ConversationRepository,
    private readonly messages: MessageRepository,
    clients: ClientRepository,
    private readonly rpc: RpcClient,
  ) {
    this.strikes = new Strikes(clients, conversations, messages);
  }

  async flag(request: OperationRequest<typeof messagingOperations.messagesFlag>) {
    const workspaceId = writeScope(request).id;
    const { id, messageId } = request.params;
    const found = await this.conversations.findById([workspaceId], id);
    if (!found) throw DomainError.notFound('Conversation', id);
    // The agent's thresholds, asked before the transaction (no lock held across a call to another service).
    const thresholds = await this.rpc.call(
      internalOperations.agents.strikeThresholds,
      serviceRequest('messaging', workspaceId, { agentId: found.agentId ?? null }),
    );
    const { actorType, actorId } = actorOf(request.auth);
    const flag = {
      severity: request.body.severity,
      note: request.body.note || null,
      flaggedBy: { id: actorId ?? request.auth.principal, type: actorType },
      flaggedAt: new Date().toISOString(),
    };
    return this.unitOfWork.run(async (tx) => {
      // One flag per message, however many people press at once.
      await this.messages.lockId(tx, messageId);
      const message = await this.messages.findById(messageId, tx);
      if (!message || message.workspaceId !== workspaceId || message.conversationRef !== found.id) {
        throw DomainError.notFound('Message', messageId);
      }
      if (message.direction !== 'incoming') {
        throw DomainError.refused(ErrorCode.Unprocessable, DomainReason.NotACustomerMessage, "Only a customer's message can be flagged", {
          messageId,
          direction: message.direction,
        });
      }
      if (message.payload?.supervisorFlag) {
        throw DomainError.refused(
          ErrorCode.Conflict,
          DomainReason.MessageAlreadyFlagged,
          'The message was flagged already: one strike per message',
          {
            messageId,
            flag: message.payload.supervisorFlag,
          },
        );
      }
      await this.messages.recordFlag(tx, message, flag);
      const conversation = (await this.conversations.findInWorkspace(workspaceId, found.id, tx)) ?? found;
      const { client } = await this.strikes.record(tx, conversation, {
        source: 'supervisor',
        severity: flag.severity,
        categories: [],
        matchedTerms: [],
        ...thresholds,
      });
      const after = await this.conversations.findInWorkspace(workspaceId, found.id, tx);
      return {
        status: 'success',
        message: 'Message flagged',
        data: {
          messageId,
          conversationId: found.id,
          clientId: client.id,
          flag,
          moderation: { ...EMPTY_MODERATION, ...client.moderation },
          clientStatus: client.status,
          conversationStatus: after?.status ?? conversation.status,
        },
      };
    });
  }
}
