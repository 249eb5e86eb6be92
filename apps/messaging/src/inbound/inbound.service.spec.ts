import { createHmac } from 'node:crypto';
import { ErrorCode } from '@platica/errors';
import { fake, newTestService, refusal } from '@platica/testing/test-service';
import { ChannelRepository, type OpenChannel } from '../channels/channel.repository';
import { InboundQueue } from './inbound-queue';
import { InboundService } from './inbound.service';

function channel(id: string, externalId: string, appSecret: string | null, platform: OpenChannel['platform'] = 'whatsapp'): OpenChannel {
  return {
    id,
    workspaceId: `ws_of_${id}`,
    platform,
    name: id,
    naturalKey: externalId,
    externalId,
    phoneNumber: null,
    defaultAgentId: null,
    secrets: appSecret ? ({ accessToken: 't', appSecret, verifyToken: 'v' } as OpenChannel['secrets']) : null,
  };
}

/** Channels by (platform, external id), the verify tokens that exist, and the deliveries the queue accepted. */
function world(channels: OpenChannel[] = [channel('ch_1', '111', 'secret-one'), channel('ch_2', '222', 'secret-two')]) {
  const accepted: { raw: string; payload: unknown; channels: OpenChannel[] }[] = [];
  const lookups: string[] = [];
  const built = newTestService(
    InboundService,
    fake(ChannelRepository, {
      verifyTokenExists: async (token) => token === 'known-token',
      findByExternalId: async (platform, externalId) => {
        lookups.push(`${platform}|${externalId}`);
        return channels.filter((c) => c.platform === platform && c.externalId === externalId);
      },
    }),
    fake(InboundQueue, {
      accept: async (raw, payload, addressed) => {
        accepted.push({ raw, payload, channels: addressed });
        return `inb_${accepted.length}`;
      },
    }),
  );
  return { ...built, accepted, lookups };
}

const whatsapp = (...phoneNumberIds: string[]) =>
  Buffer.from(
    JSON.stringify({
      object: 'whatsapp_business_account',
      entry: phoneNumberIds.map((id) => ({ id: 'waba', changes: [{ field: 'messages', value: { metadata: { phone_number_id: id } } }] })),
    }),
  );

const sign = (raw: Buffer, secret: string) => `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

describe('InboundService.verify', () => {
  it("echoes the challenge of a subscription with a channel's verify token", async () => {
    const { service } = world();
    expect(await service.verify({ mode: 'subscribe', verifyToken: 'known-token', challenge: '1158201444' })).toEqual({
      challenge: '1158201444',
    });
  });

  it.each([
    ['another mode', { mode: 'unsubscribe', verifyToken: 'known-token', challenge: 'c' }],
    ['no token', { mode: 'subscribe', verifyToken: null, challenge: 'c' }],
    ['no challenge', { mode: 'subscribe', verifyToken: 'known-token', challenge: null }],
    ['an unknown token', { mode: 'subscribe', verifyToken: 'guess', challenge: 'c' }],
  ])('refuses %s with 403', async (_case, verification) => {
    const { service } = world();
    expect((await refusal(service.verify(verification))).code).toBe(ErrorCode.Forbidden);
  });
});

describe('InboundService.receive', () => {
  it('stores a delivery signed with the app secret of the channel it addresses, for that channel only, and answers its id', async () => {
    const { service, accepted, lookups } = world();
    const raw = whatsapp('111');
    expect(await service.receive(raw, sign(raw, 'secret-one'))).toEqual({ received: true, id: 'inb_1' });
    expect(lookups).toEqual(['whatsapp|111']);
    expect(accepted).toEqual([
      { raw: raw.toString('utf8'), payload: JSON.parse(raw.toString('utf8')), channels: [expect.objectContaining({ id: 'ch_1' })] },
    ]);
  });

  it('keeps, of a delivery addressing two channels, those whose secret verifies; the same channel once; an uppercase signature too', async () => {
    const { service, accepted } = world([
      channel('ch_1', '111', 'shared'),
      channel('ch_2', '222', 'other'),
      channel('ch_3', '333', 'shared'),
    ]);
    const raw = whatsapp('111', '222', '333', '111');
    await service.receive(raw, sign(raw, 'shared').toUpperCase().replace('SHA256=', 'sha256='));
    expect(accepted[0]!.channels.map((c) => c.id)).toEqual(['ch_1', 'ch_3']);
  });

  it('hands the queue a channel once when two addressed ids lead to it', async () => {
    const shared = channel('ch_1', '111', 'secret-one');
    // The repository answering the same channel under a second id (e.g. a renumbered phone still cached).
    const { service, accepted } = world([shared, { ...shared, externalId: '999' }]);
    const raw = whatsapp('111', '999');
    await service.receive(raw, sign(raw, 'secret-one'));
    expect(accepted[0]!.channels.map((c) => c.id)).toEqual(['ch_1']);
  });

  it('reads the channels a page delivery addresses by its entry ids', async () => {
    const { service, accepted, lookups } = world([channel('ch_fb', 'page_1', 'fb-secret', 'facebook')]);
    const raw = Buffer.from(JSON.stringify({ object: 'page', entry: [{ id: 'page_1', messaging: [] }] }));
    await service.receive(raw, sign(raw, 'fb-secret'));
    expect(lookups).toEqual(['facebook|page_1']);
    expect(accepted[0]!.channels.map((c) => c.id)).toEqual(['ch_fb']);
  });

  it.each([
    ['no signature', null],
    ['a malformed signature', 'sha1=abc'],
    ["another channel's secret", 'secret-two'],
  ])('refuses a delivery with %s (401 naming the header) and stores nothing', async (_case, secretOrHeader) => {
    const { service, accepted } = world();
    const raw = whatsapp('111');
    const header = secretOrHeader === 'secret-two' ? sign(raw, 'secret-two') : secretOrHeader;
    const error = await refusal(service.receive(raw, header));
    expect([error.code, error.details]).toEqual([ErrorCode.Unauthenticated, { header: 'X-Hub-Signature-256' }]);
    expect(accepted).toEqual([]);
  });

  it('refuses a signature over other bytes, and a channel without an app secret verifies nothing (401)', async () => {
    const { service, accepted } = world([channel('ch_1', '111', 'secret-one'), channel('ch_4', '444', null)]);
    const raw = whatsapp('111');
    const tampered = await refusal(service.receive(whatsapp('111', '111'), sign(raw, 'secret-one')));
    expect(tampered.code).toBe(ErrorCode.Unauthenticated);
    const bare = whatsapp('444');
    const noSecret = await refusal(service.receive(bare, sign(bare, '')));
    expect(noSecret.code).toBe(ErrorCode.Unauthenticated);
    expect(accepted).toEqual([]);
  });

  it('refuses a body that is not JSON, or not a Meta delivery object (400), before looking up channels', async () => {
    const { service, lookups, accepted } = world();
    const text = Buffer.from('not json');
    const notJson = await refusal(service.receive(text, sign(text, 'secret-one')));
    expect([notJson.code, notJson.details]).toEqual([ErrorCode.Validation, [{ path: [], message: 'the body is not JSON' }]]);
    const other = Buffer.from(JSON.stringify({ object: 'user', entry: [] }));
    const unsupported = await refusal(service.receive(other, sign(other, 'secret-one')));
    expect([unsupported.code, (unsupported.details as { path: string[] }[])[0]!.path]).toEqual([ErrorCode.Validation, ['object']]);
    expect([lookups, accepted]).toEqual([[], []]);
  });
});
