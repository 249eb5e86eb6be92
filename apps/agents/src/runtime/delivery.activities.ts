import { createHash } from 'node:crypto';
import { generateText } from 'ai';
import { internalOperations, type TurnFailureRequest, type TurnReplyRequest, type TurnReplyResult } from '@platica/contracts';
import { agentTurns } from '@platica/platform';
import type { ConversationTurnActivities } from '@platica/workflows/activities';
import { turnModel } from './model-call-records';
import { messaging, modelAbortSignal, note, turnContextOf, turnRefOf, type TurnDeps } from './turn-deps';

type WorkingMessageInput = Parameters<ConversationTurnActivities['sendWorkingMessage']>[0];

export type DeliveryActivities = ReturnType<typeof createDeliveryActivities>;

/** What leaves the turn through messaging: the reply, the working message, a turn's failure. */
export function createDeliveryActivities(deps: TurnDeps) {
  async function deliverReply(input: TurnReplyRequest): Promise<TurnReplyResult> {
    const outcome = input.guardrail ? 'guardrail' : input.assistance ? 'assistance' : 'answered';
    // The turn's end is logged while the reply is delivered, not after: the turn's workflow
    // completes as soon as the reply is out (a customer writing again meanwhile signals a
    // completing workflow, which costs the next turn a workflow task retry). A delivery that
    // fails is retried; a turn that ends failed is logged so by recordTurnFailure.
    const [result] = await Promise.all([
      messaging(deps.rpc, internalOperations.messaging.turnReply, input),
      note(deps, turnRefOf(input.messageId, input), (ref) => deps.turnLog.end(ref, outcome, input.assistance?.reason ?? null)),
    ]);
    agentTurns.inc({ outcome: 'answered' });
    return result;
  }

  async function recordTurnFailure(input: Omit<TurnFailureRequest, 'agentId'>): Promise<void> {
    agentTurns.inc({ outcome: 'failed' });
    deps.logger.warn({ msg: 'a turn ended without a reply', conversationRef: input.conversationRef, error: input.error });
    await messaging(deps.rpc, internalOperations.messaging.turnFailure, { ...input, agentId: null });
    await note(deps, turnRefOf(input.messageId, input), (ref) =>
      deps.turnLog.end(ref, 'failed', `${input.error.code}: ${input.error.message}`),
    );
  }

  /**
   * The working message: its fixed text, or a short text the model writes from `aiPrompt`, and
   * its sticker; each delivered like a reply, as the `system` actor. The sticker's id is derived
   * from the message's, so a retried activity sends neither twice.
   */
  async function sendWorkingMessage(input: WorkingMessageInput): Promise<void> {
    const { settings } = input;
    const text = settings.message.enabled ? await workingText(input) : '';
    const send = (messageId: string, kind: TurnReplyRequest['kind'], content: string) =>
      messaging(deps.rpc, internalOperations.messaging.turnReply, {
        workspaceId: input.workspaceId,
        conversationRef: input.conversationRef,
        messageId,
        agentId: input.agentId,
        content,
        seenUpTo: null,
        kind,
      });
    if (text) await send(input.messageId, 'working-text', text);
    if (settings.sticker.enabled && settings.sticker.url)
      await send(derivedMessageId(input.messageId, 'sticker'), 'working-sticker', settings.sticker.url);
  }

  async function workingText(input: WorkingMessageInput): Promise<string> {
    const { message } = input.settings;
    if (message.mode === 'fixed') return message.fixedText ?? '';
    const context = await turnContextOf(deps.rpc, input.workspaceId, input.conversationRef);
    const lastCustomer = [...context.history].reverse().find((item) => item.role === 'user')?.content ?? '';
    const ref = turnRefOf(input.turnId, input);
    const answer = await generateText({
      model: turnModel(
        deps,
        ref,
        { purpose: 'working_message', round: null, id: input.messageId },
        { workspaceId: input.workspaceId, agentId: input.agentId, slot: 'reply' },
      ),
      system: `Write one short message telling the customer you are working on their request. ${message.aiPrompt ?? ''}`.trim(),
      prompt: lastCustomer || 'The customer is waiting.',
      maxRetries: 0,
      abortSignal: modelAbortSignal(deps.config),
    });
    return answer.text.trim();
  }

  return { deliverReply, recordTurnFailure, sendWorkingMessage };
}

/** A second message id of one send, stable across retries (`msg_` and 32 hex digits, like the workflow's). */
function derivedMessageId(messageId: string, purpose: string): string {
  return `msg_${createHash('sha256').update(`${messageId}:${purpose}`).digest('hex').slice(0, 32)}`;
}
