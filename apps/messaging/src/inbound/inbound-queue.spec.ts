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
  return { service, batches, accept };
}

// On the fake clock (Date.now and setTimeout): the gathering is judged to the millisecond, whatever the machine's load.
beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
afterEach(() => jest.useRealTimers());

describe('InboundQueue', () => {
  it('processes a lone delivery at once', async () => {
    const { service, batches, accept } = queue();
    const id = await accept();
    await jest.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([{ ids: [id], at: 1_000_000 }]);
    await service.stop();
  });

  it('gathers deliveries arriving while a batch was just started into the next one, started a tenth of a second after it', async () => {
    const { service, batches, accept } = queue();
    const first = await accept();
    await jest.advanceTimersByTimeAsync(0);
    const gathered = [];
    for (let i = 0; i < 3; i++) {
      gathered.push(await accept());
      await jest.advanceTimersByTimeAsync(10);
    }
    expect(batches.map((b) => b.ids)).toEqual([[first]]);
    await jest.advanceTimersByTimeAsync(70);
    expect(batches).toEqual([
      { ids: [first], at: 1_000_000 },
      { ids: gathered, at: 1_000_100 },
    ]);
    await service.stop();
  });
});
