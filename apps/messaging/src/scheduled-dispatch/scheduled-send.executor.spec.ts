import { DomainError, ErrorCode } from '@platica/errors';
import { fake, newTestService } from '@platica/testing/test-service';
import { MessagingConfigService } from '../config/messaging.config';
import { InboundEventRepository } from '../inbound/inbound-event.repository';
import { BatchTransaction } from '../messages/batch-transaction.repository';
import type { SendOptions } from '../messages/send-command';
import { SendMessageService } from '../messages/send-message.service';
import { ScheduledMessageRepository, type ClaimedSend } from '../scheduled/scheduled-message.repository';
import { ScheduledSendExecutor } from './scheduled-send.executor';

/**
 * A claimed scheduled send through the executor, with a send path that calls Graph (unless told
 * what Graph already accepted) and then stores the message, and a database that goes away
 * for the first `storeFailures` writes after Graph answered.
 */
function world(options: { storeFailures?: number; recordedAcceptances?: boolean; windowClosed?: boolean; deliveryWaiting?: boolean } = {}) {
  let storeFailures = options.storeFailures ?? 0;
  const deferred: string[] = [];
  const failed: string[] = [];
  const graphCalls: string[] = [];
  const stored: { id: string; externalId: string }[] = [];
  const confirmationsAwaited: string[] = [];
  const down = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  const built = newTestService(
    ScheduledSendExecutor,
    fake(ScheduledMessageRepository, {
      recordDeliveries: async () => {
        if (!options.recordedAcceptances) throw down();
      },
      awaitConfirmation: async (id) => {
        confirmationsAwaited.push(id);
      },
      markFailed: async (id) => {
        failed.push(id);
      },
      deferClaim: async (id) => {
        deferred.push(id);
      },
    }),
    fake(SendMessageService, {
      sendMessage: async (_command, sendOptions: SendOptions = {}) => {
        if (options.windowClosed) {
          throw new DomainError(ErrorCode.Unprocessable, 'The customer has not written to this channel: a template is needed', {
            channelId: 'ch_wa',
            conversationId: '5511999990000',
            canSendDirectMessage: false,
          });
        }
        const id = sendOptions.messageId!;
        let externalId = sendOptions.delivered?.externalId;
        if (!externalId) {
          graphCalls.push(id);
          externalId = `wamid.${graphCalls.length}`;
          await sendOptions.onDelivered!(externalId).catch(() => undefined);
        }
        if (storeFailures-- > 0) throw down();
        stored.push({ id, externalId });
        return { messageId: id, status: 'sent', timestamp: '' };
      },
    }),
    fake(BatchTransaction, {}),
    fake(InboundEventRepository, {
      awaitsProcessing: async (channelId, contact) =>
        options.deliveryWaiting === true && channelId === 'ch_wa' && contact === '5511999990000',
    }),
    fake(MessagingConfigService, { values: { SCHEDULED_CONFIRMATION_GRACE_MS: 30_000 } as MessagingConfigService['values'] }),
  );
  return { ...built, graphCalls, stored, confirmationsAwaited, deferred, failed };
}

const claimed = (attempts: number, deliveredExternalId: string | null = null): ClaimedSend => ({
  id: 'sch_1',
  workspaceId: 'ws_1',
  kind: 'service',
  request: { channelId: 'ch_wa', conversationId: '5511999990000', content: 'Recordatorio' } as ClaimedSend['request'],
  actor: { principal: 'key_1', credentialType: 'api_key' } as unknown as ClaimedSend['actor'],
  attempts,
  deliveredExternalId,
});

describe('ScheduledSendExecutor.run', () => {
  it('stores, without sending again, a send Graph took while the database was away', async () => {
    const w = world({ storeFailures: 1 });
    await w.service.run(claimed(1));
    expect(w.graphCalls).toEqual(['sch_1']);
    expect(w.stored).toEqual([]);

    // The claim expired while the database was down: claimed again, by this process.
    await w.service.run(claimed(2));
    expect(w.confirmationsAwaited).toEqual([]);
    expect(w.graphCalls).toEqual(['sch_1']);
    expect(w.stored).toEqual([{ id: 'sch_1', externalId: 'wamid.1' }]);
  });

  it('another process, which cannot know, waits for Meta’s status webhook before sending again', async () => {
    const w = world();
    await w.service.run(claimed(2));
    expect(w.confirmationsAwaited).toEqual(['sch_1']);
    expect(w.graphCalls).toEqual([]);
  });

  it('waits, without counting an attempt, while a delivery from the customer is still unprocessed: the window may open', async () => {
    const waiting = world({ windowClosed: true, deliveryWaiting: true });
    await waiting.service.run(claimed(1));
    expect(waiting.deferred).toEqual(['sch_1']);
    expect(waiting.failed).toEqual([]);

    const certain = world({ windowClosed: true, deliveryWaiting: false });
    await certain.service.run(claimed(1));
    expect(certain.deferred).toEqual([]);
    expect(certain.failed).toEqual(['sch_1']);
  });
});
