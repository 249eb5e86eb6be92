import { addressedChannels, parseMetaPayload, type ChannelRef } from './meta-payload';

const wa: ChannelRef = { id: 'wb-1', workspaceId: 'ws_1', platform: 'whatsapp', externalId: '100' };
const fb: ChannelRef = { id: 'fb-1', workspaceId: 'ws_1', platform: 'facebook', externalId: '400' };

const whatsapp = (value: Record<string, unknown>) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '200',
      changes: [
        {
          field: 'messages',
          value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '521', phone_number_id: '100' }, ...value },
        },
      ],
    },
  ],
});

describe('Meta webhook payloads', () => {
  it('finds the channels a delivery addresses', () => {
    expect(addressedChannels(whatsapp({}))).toEqual({ platform: 'whatsapp', externalIds: ['100'] });
    expect(addressedChannels({ object: 'instagram', entry: [{ id: '300' }] })).toEqual({ platform: 'instagram', externalIds: ['300'] });
    expect(addressedChannels({ object: 'user', entry: [] })).toBeNull();
  });

  it('reads WhatsApp texts, media, replies and statuses, ignoring other channels', () => {
    const items = parseMetaPayload(
      whatsapp({
        contacts: [{ wa_id: '5215550001', profile: { name: 'Luis' } }],
        messages: [
          { from: '5215550001', id: 'wamid.1', timestamp: '1700000000', type: 'text', text: { body: 'hola' } },
          {
            from: '5215550001',
            id: 'wamid.2',
            timestamp: '1700000001',
            type: 'image',
            image: { id: 'm1', mime_type: 'image/png', caption: 'c' },
          },
          {
            from: '5215550001',
            id: 'wamid.3',
            timestamp: '1700000002',
            type: 'interactive',
            interactive: { type: 'button_reply', button_reply: { id: 'yes', title: 'Sí' } },
          },
          {
            from: '5215550001',
            id: 'wamid.4',
            timestamp: '1700000003',
            type: 'interactive',
            interactive: { type: 'nfm_reply', nfm_reply: { body: 'Sent', response_json: '{"flow_token":"flt_1","date":"x"}' } },
          },
        ],
        statuses: [
          { id: 'wamid.out', status: 'read', timestamp: '1700000004', recipient_id: '5215550001', biz_opaque_callback_data: 'msg_1' },
        ],
      }),
      new Map([['100', wa]]),
    );
    expect(items.map((i) => i.kind)).toEqual(['message', 'message', 'message', 'message', 'status']);
    expect(items[0]).toMatchObject({
      contact: '5215550001',
      profileName: 'Luis',
      content: 'hola',
      contentType: 'text',
      timestamp: new Date(1_700_000_000_000),
    });
    expect(items[1]).toMatchObject({
      contentType: 'image',
      content: '[image]\nc',
      images: [{ mediaId: 'm1', mimeType: 'image/png', caption: 'c' }],
    });
    expect(items[2]).toMatchObject({ content: 'Sí', payload: { reply: { type: 'button', id: 'yes', title: 'Sí' } } });
    expect(items[3]).toMatchObject({ payload: { reply: { type: 'flow', flowToken: 'flt_1' } } });
    expect(items[4]).toMatchObject({ externalId: 'wamid.out', status: 'read', callbackData: 'msg_1' });
    expect(parseMetaPayload(whatsapp({ messages: [{ from: '1', id: 'x', type: 'text', text: { body: 'x' } }] }), new Map())).toEqual([]);
  });

  it("reads Messenger messages, the page's echoes, postbacks, deliveries and reads", () => {
    const entry = (messaging: unknown[]) => ({ object: 'page', entry: [{ id: '400', time: 1, messaging }] });
    const items = parseMetaPayload(
      entry([
        { sender: { id: '77' }, recipient: { id: '400' }, timestamp: 1_700_000_000_000, message: { mid: 'm_1', text: 'hola' } },
        { sender: { id: '400' }, recipient: { id: '77' }, timestamp: 1, message: { mid: 'm_2', text: 'eco', is_echo: true } },
        {
          sender: { id: '77' },
          recipient: { id: '400' },
          timestamp: 2,
          message: { mid: 'm_3', attachments: [{ type: 'image', payload: { url: 'https://x/i.png' } }] },
        },
        { sender: { id: '77' }, recipient: { id: '400' }, timestamp: 3, postback: { title: 'Empezar', payload: 'START' } },
        { sender: { id: '77' }, recipient: { id: '400' }, timestamp: 4, delivery: { mids: ['m_out'], watermark: 4 } },
        { sender: { id: '77' }, recipient: { id: '400' }, timestamp: 5, read: { watermark: 5 } },
      ]),
      new Map([['400', fb]]),
    );
    expect(items.map((i) => i.kind)).toEqual(['message', 'message', 'message', 'message', 'status', 'read']);
    expect(items[0]).toMatchObject({ contact: '77', phoneNumber: null, content: 'hola', externalId: 'm_1', startsTurn: true });
    expect(items[0]).not.toHaveProperty('echo');
    expect(items[1]).toMatchObject({ contact: '77', content: 'eco', externalId: 'm_2', echo: true, startsTurn: false });
    expect(items[2]).toMatchObject({ contentType: 'image', images: [{ url: 'https://x/i.png' }] });
    expect(items[3]).toMatchObject({ content: 'Empezar', payload: { reply: { type: 'postback', payload: 'START' } } });
    expect(items[4]).toMatchObject({ externalId: 'm_out', status: 'delivered' });
  });
});
