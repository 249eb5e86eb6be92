import { Injectable, Logger } from '@nestjs/common';
import { internalOperations, messagingOperations, type TypedDomainEvent } from '@platica/contracts';
import { RpcClient, serviceRequest } from '@platica/platform';
import { AgentRepository } from '../agents/agent.repository';
import { OutsideTurnCalls } from '../models/outside-turn-calls';
import { DraftedExchangeRepository, type ExchangeRef } from './drafted-exchange.repository';
import { draftKnowledgeEntry } from './knowledge-entry-drafter';
import { latestPersonExchange, type ShownMessage } from './person-exchange';

/** The consumers' durable names (shared by the service's replicas). */
export const HAND_BACKS_CONSUMER = 'agents-knowledge-proposals-hand-backs';
export const CLOSES_CONSUMER = 'agents-knowledge-proposals-closes';

/** Messages read to find the person's exchange: the latest page of the conversation. */
const MESSAGES_READ = 100;
/** A drafting held longer than this was left by a consumer that died: another takes it. */
const CLAIM_STALE_MS = 5 * 60_000;
const MODEL_TIMEOUT_MS = 60_000;
/** How long a drafting waits for a slot among its workspace's model calls in flight (then the event is redelivered). */
const SLOT_WAIT_MS = 60_000;
const CLOSED = new Set(['finished', 'expired']);
/**
 * Older events are not drafted: a new durable consumer reads the stream from its start, and a
 * deployment must not spend a model call on every hand-back the stream still holds.
 */
const FRESH_FOR_MS = 24 * 3_600_000;

/**
 * Learning from people (docs/knowledge-from-people.md): when a person's part of a conversation
 * ends, handed back to the agent or closed, the exchange they had is drafted into a knowledge
 * entry by the model and kept by the tools service as a pending proposal. Consumers of
 * `conversation.operation.updated` and `conversation.status.updated` (at least once): an
 * exchange is taken once (agents.drafted_exchange), and the tools service stores one proposal
 * per exchange, so a redelivery or a close after a hand-back never proposes it twice. The model
 * is the conversation's agent's reply model and fallback (the workspace's default without an
 * agent), recorded and priced, in a slot of the workspace's bound (models/outside-turn-calls.ts).
 */
@Injectable()
export class ExchangeDrafting {
  private readonly logger = new Logger('knowledge-proposals');

  constructor(
    private readonly rpc: RpcClient,
    private readonly calls: OutsideTurnCalls,
    private readonly agents: AgentRepository,
    private readonly exchanges: DraftedExchangeRepository,
  ) {}

  async onOperationUpdated(event: TypedDomainEvent<'conversation.operation.updated'>): Promise<void> {
    const { previousOperation, operation, conversation } = event.data;
    if (!isFresh(event)) return;
    if (previousOperation === 'assistance' && operation === 'automatic')
      await this.draft(event.workspaceId, conversation.id, conversation.agentId);
  }

  async onStatusUpdated(event: TypedDomainEvent<'conversation.status.updated'>): Promise<void> {
    const { status, conversation } = event.data;
    if (!isFresh(event)) return;
    if (CLOSED.has(status)) await this.draft(event.workspaceId, conversation.id, conversation.agentId);
  }

  /** Drafts the conversation's latest person exchange, unless none or already taken. */
  async draft(workspaceId: string, conversationRef: string, agentId: string | null): Promise<void> {
    const page = await this.rpc.call(messagingOperations.conversationsMessages, {
      ...serviceRequest('agents', workspaceId, undefined),
      params: { id: conversationRef },
      query: { limit: String(MESSAGES_READ) },
    });
    const exchange = latestPersonExchange(page.messages as ShownMessage[]);
    if (!exchange) return;
    const ref: ExchangeRef = { workspaceId, conversationRef, exchangeKey: exchange.exchangeKey };
    if (!(await this.exchanges.claim(ref, CLAIM_STALE_MS))) return;
    try {
      const agent = agentId ? await this.agents.find(workspaceId, agentId) : null;
      const entry = await this.calls.run(
        {
          workspaceId,
          agent: agent && { id: agent.id, models: agent.models ?? null },
          purpose: 'knowledge_proposal',
          subjectId: conversationRef,
          holder: `knowledge-proposal:${workspaceId}:${conversationRef}:${exchange.exchangeKey}`,
          slotWaitMs: SLOT_WAIT_MS,
          answerAwaited: false,
        },
        (model) => draftKnowledgeEntry(model, exchange, AbortSignal.timeout(MODEL_TIMEOUT_MS)),
      );
      if (!entry) {
        await this.exchanges.finish(ref, 'nothing', null);
        this.logger.log({ msg: 'nothing reusable in a person’s exchange', workspaceId, conversationRef });
        return;
      }
      const { proposalId } = await this.rpc.call(
        internalOperations.tools.knowledgePropose,
        serviceRequest('agents', workspaceId, {
          workspaceId,
          conversationRef,
          exchangeKey: exchange.exchangeKey,
          agentId,
          answeredBy: exchange.answeredBy,
          messageIds: exchange.messageIds,
          ...entry,
        }),
      );
      await this.exchanges.finish(ref, 'proposed', proposalId);
      this.logger.log({ msg: 'a knowledge entry proposed from a person’s answer', workspaceId, conversationRef, proposalId });
    } catch (error) {
      // The event is redelivered (the consumer naks it): the next delivery drafts the exchange again.
      await this.exchanges.release(ref);
      throw error;
    }
  }
}

function isFresh(event: { occurredAt: string }): boolean {
  return Date.now() - Date.parse(event.occurredAt) < FRESH_FOR_MS;
}
