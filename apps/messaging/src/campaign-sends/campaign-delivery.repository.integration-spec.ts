import type { MikroORM } from '@mikro-orm/postgresql';
import { dropDatabase, ensureDatabase } from '@platica/devstack';
import { Database, migrate, openDatabase } from '@platica/platform';
import { newIsolation, type Isolation } from '@platica/testing';
import { messagingDatabase } from '../database';
import { CampaignDeliveryRepository } from './campaign-delivery.repository';

/**
 * The delivery records of campaign messages on messaging's real schema: the first attempt of a
 * message records it under its attempt id; an attempt that knows the recorded one never called
 * Graph takes the record over, once, and only while it is still that attempt's.
 */
describe('campaign delivery records (integration)', () => {
  let isolation: Isolation;
  let orm: MikroORM;
  let deliveries: CampaignDeliveryRepository;

  beforeAll(async () => {
    isolation = newIsolation();
    await ensureDatabase(isolation.databaseUrl);
    await migrate(messagingDatabase, isolation.databaseUrl);
    orm = await openDatabase(messagingDatabase, isolation.databaseUrl);
    deliveries = new CampaignDeliveryRepository(new Database(orm));
  });

  afterAll(async () => {
    await orm?.close(true);
    await dropDatabase(isolation.databaseUrl);
  });

  it('records a message once, under the attempt that was first', async () => {
    const first = await deliveries.begin([
      { messageId: 'msg_a', runId: 'run_1', attemptId: 'att_1' },
      { messageId: 'msg_b', runId: 'run_1', attemptId: 'att_2' },
    ]);
    expect(first).toEqual(new Set(['msg_a', 'msg_b']));
    expect(await deliveries.begin([{ messageId: 'msg_a', runId: 'run_1', attemptId: 'att_3' }])).toEqual(new Set());
    expect(await deliveries.find('msg_a')).toEqual({ status: 'attempting', externalId: null, error: null, attemptId: 'att_1' });
  });

  it('lets an attempt take over a record still attempting under the attempt it names, and no other', async () => {
    await deliveries.begin([{ messageId: 'msg_c', runId: 'run_1', attemptId: 'att_c1' }]);
    expect(await deliveries.takeOver('msg_c', 'att_other', 'att_c2')).toBe(false);
    expect(await deliveries.takeOver('msg_c', 'att_c1', 'att_c2')).toBe(true);
    // Taken: the earlier attempt's name no longer holds it.
    expect(await deliveries.takeOver('msg_c', 'att_c1', 'att_c3')).toBe(false);
    expect((await deliveries.find('msg_c'))?.attemptId).toBe('att_c2');

    await deliveries.delivered([{ messageId: 'msg_c', externalId: 'wamid.c' }]);
    expect(await deliveries.takeOver('msg_c', 'att_c2', 'att_c4')).toBe(false);
    expect(await deliveries.find('msg_c')).toMatchObject({ status: 'delivered', externalId: 'wamid.c' });
  });
});
