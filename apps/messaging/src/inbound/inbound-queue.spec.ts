import { fake, newTestService } from '@platica/testing/test-service';
import { ChannelRepository, type OpenChannel } from '../channels/channel.repository';
import { InboundEventRepository } from './inbound-event.repository';
import { InboundQueue } from './inbound-queue';
import { InboundStore, type PendingDelivery } from './inbound-store';

const channel = { id: 'ch_1', workspaceId: 'ws_1', platform: 'whatsapp', externalId: '111' } as OpenChannel;

/** A queue over fakes: what each processing transaction was given, and when. */
function queue() {
  const batches: { ids: string[]; at: number }[] = [];
  const { service } = newTestService(
    InboundQueue,
    fake(InboundEventRepository, { insert: async () => undefined }),
    fake(InboundStore, {
      process: async (deliveries: PendingDelivery[]) => {
        batches.push({ ids: deliveries.map((d) => d.id), at: Date.now() });
        return deliveries.map((d) => d.id);
      },
    }),
    fake(ChannelRepository, {}),
  );
  const accept = () => service.accept('{}', {}, [channel]);
  const processed = async (count: number) => {
    while (batches.flatMap((b) => b.ids).length < count) await new Promise((resolve) => setTimeout(resolve, 5));
  };
  return { service, batches, accept, processed };
}

describe('InboundQueue', () => {
  it('processes a lone delivery at once', async () => {
    const { service, batches, accept, processed } = queue();
    const started = Date.now();
    await accept();
    await processed(1);
    expect(batches).toHaveLength(1);
    expect(batches[0]!.at - started).toBeLessThan(80);
    await service.stop();
  });

  it('gathers deliveries arriving while a batch was just started into the next one, started a tenth of a second after it', async () => {
    const { service, batches, accept, processed } = queue();
    const first = await accept();
    await processed(1);
    const gathered = [];
    for (let i = 0; i < 3; i++) {
      gathered.push(await accept());
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await processed(4);
    expect(batches.map((b) => b.ids)).toEqual([[first], gathered]);
    expect(batches[1]!.at - batches[0]!.at).toBeGreaterThanOrEqual(95);
    await service.stop();
  });
});
