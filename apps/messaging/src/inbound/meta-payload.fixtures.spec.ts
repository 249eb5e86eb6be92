import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { metaFixture } from '../../e2e/fixtures/meta/load';
import { PLATICA_ECHO_METADATA } from '../graph/graph-payloads';
import { parseMetaPayload, type ChannelRef, type InboundItem, type InboundMessage } from './meta-payload';

/** Real payloads (apps/messaging/e2e/fixtures/meta/README.md: pywa's test data, Meta's documented examples). */
const wa: ChannelRef = { id: 'wb-1', workspaceId: 'ws_1', platform: 'whatsapp', externalId: '100' };
const fb: ChannelRef = { id: 'fb-1', workspaceId: 'ws_1', platform: 'facebook', externalId: '400' };
const ig: ChannelRef = { id: 'ig-1', workspaceId: 'ws_1', platform: 'instagram', externalId: '500' };

function parsed(file: string, name: string, channel: ChannelRef): InboundItem[] {
  return parseMetaPayload(metaFixture(file, name, { channelExternalId: channel.externalId! }), new Map([[channel.externalId!, channel]]));
}
function message(file: string, name: string, channel: ChannelRef = wa): InboundMessage {
  const [item] = parsed(file, name, channel);
  expect(item?.kind).toBe('message');
  return item as InboundMessage;
}
const pywa = (name: string) => message('pywa/message.json', name);

describe('real Meta payloads: one content model, a faithful text for every type', () => {
  it('renders every pywa WhatsApp sample with no empty or undefined text', () => {
    for (const name of Object.keys(JSON.parse(readFileSync(join(__dirname, '../../e2e/fixtures/meta/pywa/message.json'), 'utf8')))) {
      const m = pywa(name);
      expect(m.content).not.toBe('');
      expect(m.content).not.toContain('undefined');
    }
  });

  it('keeps media whole and names it', () => {
    expect(pywa('image')).toMatchObject({
      content: '[image]',
      contentType: 'image',
      images: [{ mediaId: '65463453', mimeType: 'image/jpeg' }],
    });
    expect(pywa('video')).toMatchObject({
      content: '[forwarded]\n[video]\ncaption',
      files: [{ mediaId: '765756756', mimeType: 'video/mp4', type: 'video' }],
    });
    expect(pywa('document')).toMatchObject({
      content: '[forwarded]\n[document: filename.pdf]\ncaption',
      files: [{ filename: 'filename.pdf' }],
    });
    expect(pywa('voice').content).toBe('[voice message]');
    expect(pywa('audio').content).toBe('[forwarded]\n[audio]');
    expect(pywa('animated_sticker')).toMatchObject({ content: '[animated sticker]', contentType: 'sticker' });
    expect(pywa('media_with_url').images[0]).toMatchObject({ url: expect.stringContaining('lookaside.fbsbx.com') });
  });

  it('keeps locations, contacts and orders whole', () => {
    expect(pywa('chosen_location')).toMatchObject({
      content:
        '[forwarded]\n[location: Facebook HQ, 1 Hacker Way, Menlo Park, CA 94025 (37.4611978, -122.2164385) https://maps.google.com/?cid=2000000000000000000]',
      payload: { location: { latitude: 37.4611978, longitude: -122.2164385, address: '1 Hacker Way, Menlo Park, CA 94025' } },
    });
    expect(pywa('current_location').content).toBe('[forwarded]\n[location: (12.25089, 43.90539)]');
    expect(pywa('contacts').content).toBe(
      '[contacts: Chandler Bing (+1 555-555-5555 cell); Monica (+1 666-666-6666 home); Rachel Green (+1 777-777-7777 work)]',
    );
    expect(message('meta-docs/whatsapp.json', 'contacts_with_emails').content).toBe(
      '[contacts: Nick Smith (+1 (940) 555-1234 home, nick@example.com)]',
    );
    expect(pywa('order')).toMatchObject({
      contentType: 'order',
      content:
        '[order from catalog 354160437058781]\n- 3 × HAMBURGER at 30 ILS\n- 2 × FRENCH_FRIES at 35 ILS\n- 2 × SODA at 10 ILS\nTotal: 180 ILS',
      payload: {
        order: {
          catalogId: '354160437058781',
          items: expect.arrayContaining([{ productId: 'SODA', quantity: 2, itemPrice: 10, currency: 'ILS' }]),
        },
      },
      startsTurn: true,
    });
  });

  it('renders Flow answers for the model and keeps them in reply.response', () => {
    const m = message('pywa/flow_completion.json', 'completion');
    expect(m.content).toBe(
      '[form answers]\ncomment_text: Comment Text\ndelivery_rating: 4\npurchase_rating: 2\nrecommend_radio: 0\ncs_rating: 0',
    );
    expect(m.payload).toMatchObject({
      reply: { type: 'flow', flowToken: 'AQAAAAACS5FpgQ_cAAAAAD0QI3s.', response: { comment_text: 'Comment Text' } },
    });
  });

  it('keeps the click-to-WhatsApp referral', () => {
    const m = pywa('referral');
    expect(m.content).toBe('BODY\n[came from ad or post "AD_TITLE: AD_DESCRIPTION" AD_OR_POST_FB_URL]');
    expect(m.payload).toMatchObject({
      referral: { headline: 'AD_TITLE', ctwaClid: 'CTWA_CLID', sourceType: 'ad or post', sourceId: 'ADID' },
    });
  });

  it('stores what Plática cannot answer with a placeholder that starts no turn', () => {
    expect(pywa('unsupported_with_type')).toMatchObject({
      content: '[a pool message Plática cannot show]',
      contentType: 'unsupported',
      payload: { unsupported: { type: 'pool', code: 131051 } },
      startsTurn: false,
    });
    expect(pywa('unsupported')).toMatchObject({ content: '[a unknown message Plática cannot show]', startsTurn: false });
    expect(pywa('interactive_message_with_err')).toMatchObject({ contentType: 'unsupported', startsTurn: false });
    expect(message('pywa/system.json', 'phone_number_change')).toMatchObject({
      content: '[system: User A changed from 972987654321 to 972912345678]',
      payload: { system: { type: 'user_changed_number', waId: '972912345678' } },
      startsTurn: false,
    });
    expect(message('pywa/system.json', 'identity_change')).toMatchObject({
      content: '[system: User identity changed]',
      contentType: 'system',
      payload: { system: { type: 'customer_identity_changed', identity: { hash: 'xyzxyz' } } },
      startsTurn: false,
    });
  });

  it('reads WhatsApp and Messenger reactions alike', () => {
    expect(pywa('reaction')).toMatchObject({
      content: '[reacted 😮 to a message]',
      contentType: 'reaction',
      payload: { reaction: { messageId: 'wamid.yzxyzx=', emoji: '😮', action: 'react' } },
      startsTurn: false,
    });
    expect(pywa('unreaction_no_emoji')).toMatchObject({ content: '[removed a reaction]', payload: { reaction: { action: 'unreact' } } });
    expect(message('meta-docs/messenger.json', 'messenger_reaction', fb)).toMatchObject({
      content: '[reacted ❤️ to a message]',
      contentType: 'reaction',
      payload: { reaction: { messageId: 'mid.1458668856218:ed81099e15d3f4f233', emoji: '❤️', action: 'react' } },
      startsTurn: false,
    });
    expect(message('meta-docs/messenger.json', 'messenger_unreaction', fb).content).toBe('[removed a reaction]');
  });

  it('reads Messenger location, fallback and image, and Instagram unsends', () => {
    expect(message('meta-docs/messenger.json', 'messenger_location', fb)).toMatchObject({
      contentType: 'location',
      content: expect.stringMatching(/^\[location: Facebook HQ \(37\.483872693672, -122\.14900441942\) https:/),
      payload: { location: { latitude: 37.483872693672, longitude: -122.14900441942, name: 'Facebook HQ' } },
    });
    expect(message('meta-docs/messenger.json', 'messenger_fallback', fb)).toMatchObject({
      contentType: 'link',
      content: '[link: LINK_TITLE https://www.facebook.com/l.php?u=LINK_URL]',
      payload: { link: { title: 'LINK_TITLE' } },
    });
    expect(message('meta-docs/messenger.json', 'messenger_image', fb)).toMatchObject({
      content: '[image]',
      images: [{ url: expect.any(String) }],
    });
    expect(parsed('meta-docs/messenger.json', 'instagram_unsend', ig)).toEqual([{ kind: 'unsend', channel: ig, externalId: 'MESSAGE-ID' }]);
  });

  it('tells the model a WhatsApp message is a forward or a reply (context)', () => {
    expect(pywa('forwarded')).toMatchObject({ content: '[forwarded]\nforwarded text', payload: { context: { forwarded: true } } });
    expect(pywa('forwarded_many_times').content).toBe('[forwarded many times]\ntext forwarded many times');
    expect(pywa('reply')).toMatchObject({
      content: '[in reply to an earlier message]\nreplied text',
      payload: { context: { id: 'wamid.xyzxyz==' } },
      startsTurn: true,
    });
  });

  it('refuses an empty WhatsApp text as unsupported: it starts no turn', () => {
    const payload = metaFixture('pywa/message.json', 'text', { channelExternalId: wa.externalId! });
    payload.entry[0].changes[0].value.messages[0].text.body = ' ';
    const [m] = parseMetaPayload(payload, new Map([[wa.externalId!, wa]])) as InboundMessage[];
    expect(m).toMatchObject({ contentType: 'unsupported', content: '[a empty message Plática cannot show]', startsTurn: false });
  });

  it('keeps Messenger referrals: on their own (no turn), and with a Get Started postback', () => {
    expect(message('meta-docs/messenger.json', 'messenger_referral_shortlink', fb)).toMatchObject({
      contentType: 'referral',
      content: '[came from shortlink: ref REF_DATA_PASSED_IN_M.ME_PARAM]',
      payload: { referral: { ref: 'REF_DATA_PASSED_IN_M.ME_PARAM', source: 'SHORTLINK', type: 'OPEN_THREAD' } },
      startsTurn: false,
    });
    expect(message('meta-docs/messenger.json', 'messenger_referral_ad', fb)).toMatchObject({
      content: '[came from ads: "TITLE_OF_THE_AD", ref REF_DATA_IF_SPECIFIED_IN_THE_AD]',
      payload: { referral: { adId: 'ID_OF_THE_AD', headline: 'TITLE_OF_THE_AD' } },
    });
    expect(message('meta-docs/messenger.json', 'messenger_postback_referral', fb)).toMatchObject({
      externalId: 'm_MESSAGE-ID',
      content: 'TITLE_FOR_THE_CTA\n[came from shortlink: ref USER_DEFINED_REFERRAL_PARAM]',
      payload: { reply: { type: 'postback', payload: 'USER_DEFINED_PAYLOAD' }, referral: { ref: 'USER_DEFINED_REFERRAL_PARAM' } },
      startsTurn: true,
    });
  });

  it('stores a message of a conversation another app owns (handover standby) without answering it', () => {
    expect(message('meta-docs/messenger.json', 'messenger_standby_text', fb)).toMatchObject({
      content: 'hello, world!',
      externalId: 'mid.1457764197618:41d102a3e1ae206a39',
      startsTurn: false,
    });
  });

  it("reads a page's echo as its message to the customer (the recipient), never answered", () => {
    const echo = message('meta-docs/messenger.json', 'messenger_echo_text', fb);
    expect(echo).toMatchObject({
      contact: 'PSID',
      externalId: 'mid.1457764197618:41d102a3e1ae206a38',
      content: 'hello, world!',
      contentType: 'text',
      payload: { echo: { appId: '1517776481860111' } },
      timestamp: new Date(1457764197627),
      startsTurn: false,
      echo: true,
    });
    // One of another app, on the handover protocol's standby: stored all the same.
    expect(message('meta-docs/messenger.json', 'messenger_echo_standby_template', fb)).toMatchObject({
      contact: 'PSID',
      content: '[shared template: https://www.facebook.com/commerce/update/]',
      payload: { echo: { appId: 'APP_ID' } },
      startsTurn: false,
      echo: true,
    });
  });

  it("drops the echo of Plática's own Messenger send, tagged by its metadata", () => {
    const payload = metaFixture('meta-docs/messenger.json', 'messenger_echo_text', { channelExternalId: fb.externalId! });
    payload.entry[0].messaging[0].message.metadata = PLATICA_ECHO_METADATA;
    expect(parseMetaPayload(payload, new Map([[fb.externalId!, fb]]))).toEqual([]);
  });

  it('keeps the URL of a fallback attachment that spells it `URL` in its payload', () => {
    // The shape Meta's deliveries of shared links take (payload.URL), as a trial against Meta recorded it.
    const payload = metaFixture('meta-docs/messenger.json', 'messenger_fallback', { channelExternalId: fb.externalId! });
    const attachment = payload.entry[0].messaging[0].message.attachments[0];
    Object.assign(attachment, {
      url: undefined,
      title: undefined,
      payload: { title: 'Shared post', URL: 'https://www.facebook.com/share/p/1' },
    });
    const [m] = parseMetaPayload(payload, new Map([[fb.externalId!, fb]])) as InboundMessage[];
    expect(m).toMatchObject({
      contentType: 'link',
      content: '[link: Shared post https://www.facebook.com/share/p/1]',
      payload: { link: { title: 'Shared post', url: 'https://www.facebook.com/share/p/1' } },
    });
  });
});
