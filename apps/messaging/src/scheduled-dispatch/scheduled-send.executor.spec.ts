import { fake, newTestService } from '@platica/testing/test-service';
import { MessagingConfigService } from '../config/messaging.config';
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
function world(options: { storeFailures?: number; recordedAcceptances?: boolean } = {}) {
  let storeFailures = options.storeFailures ?? 0;
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
      markFailed: async () => {},
    }),
    fake(SendMessageService, {
      sendMessage: async (_command, sendOptions: SendOptions = {}) => {
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
    fake(MessagingConfigService, { values: { SCHEDULED_CONFIRMATION_GRACE_MS: 30_000 } as MessagingConfigService['values'] }),
  );
  return { ...built, graphCalls, stored, confirmationsAwaited };
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
});
