import type { GuardrailVerdict, ModerationAction, ModerationSource } from '@platica/contracts';
import { DomainError } from '@platica/errors';
import { recordEvent, type Transaction } from '@platica/platform';
import type { Client } from '../clients/client.entity';
import type { ClientRepository } from '../clients/client.repository';
import type { Conversation } from '../conversations/conversation.entity';
import { CHAT_SOURCE, type ConversationRepository } from '../conversations/conversation.repository';
import { conversationStatusUpdated } from '../conversations/domain-events';
import type { MessageRepository } from '../messages/message.repository';

/** One strike as its source found it, with the agent's thresholds that decide what it leads to. */
export type Strike = Omit<GuardrailVerdict, 'source' | 'ruleIndex'> & { source: ModerationSource };

/** What a strike led to: the client as now recorded, and whether the customer is to be handed to a person. */
export interface StrikeOutcome {
  client: Client;
  action: ModerationAction;
  handOver: boolean;
}

/**
 * A strike on a client's `moderation`, from any source (the guardrails' `lexicon`, `openai`,
 * `llm_guardrail`; a person's flag, `supervisor`), in the transaction that stores what carries
 * it (the guardrail's message, the flagged message): the same path for all. The conversation's
 * strikes are its guardrail messages and flagged messages; it becomes `spam` when they reach
 * `conversationStrikeThreshold`; the client is blocked (`guardrails_threshold_reached`, by no one,
 * `client.blocked`) when its strikes reach `clientStrikeThreshold`. `lastAction` takes the spec's
 * values: `warn` for a strike that led to nothing more, `assist` for one that also hands the
 * customer to a person (a `high` violation on an agent with human assistance on: the caller does
 * the hand-over), `spam` once it made the conversation spam or blocked the client (the block
 * itself is told by `status` and `blockedReason`; docs/agents.md › Guardrails). A chat thread is
 * never `spam` (the spec's chat statuses are `active`, `finished`, `expired`): there only the
 * client's threshold applies.
 */
export class Strikes {
  constructor(
    private readonly clients: ClientRepository,
    private readonly conversations: ConversationRepository,
    private readonly messages: MessageRepository,
  ) {}

  async record(tx: Transaction, conversation: Conversation, strike: Strike): Promise<StrikeOutcome> {
    const client = await this.clients.lockForUpdate(tx, conversation.clientId);
    const clientStrikes = (client.moderation?.totalStrikes ?? 0) + 1;
    const conversationStrikes = await this.messages.countGuardrailStrikes(tx, conversation.id);
    const blocks = client.status !== 'blocked' && clientStrikes >= strike.clientStrikeThreshold;
    const spam = conversation.source !== CHAT_SOURCE && conversationStrikes >= strike.conversationStrikeThreshold;
    const handOver = !blocks && !spam && strike.handOver === true;
    const action: ModerationAction = blocks || spam ? 'spam' : handOver ? 'assist' : 'warn';
    await this.clients.recordStrike(tx, client, {
      source: strike.source,
      action,
      severity: strike.severity,
      categories: strike.categories,
      matchedTerms: strike.matchedTerms,
    });
    if (spam && conversation.status !== 'spam') {
      const current = await this.conversations.findInWorkspace(conversation.workspaceId, conversation.id, tx);
      if (!current) throw DomainError.notFound('Conversation', conversation.id);
      const previousStatus = current.status;
      await this.conversations.update(tx, current, { status: 'spam' });
      await recordEvent(tx, 'messaging', conversationStatusUpdated(current, previousStatus));
    }
    if (blocks) await this.clients.setStatus(tx, client, { reason: 'guardrails_threshold_reached', by: null });
    return { client, action, handOver };
  }
}
