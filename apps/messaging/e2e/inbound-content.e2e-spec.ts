import { randomBytes } from 'node:crypto';
import {
  deliverMetaWebhook,
  eventually,
  FakeLlm,
  FakeMetaGraph,
  lastOf,
  MessagingWorkspace,
  newMetaId,
  newPhone,
  useSharedStack,
  textOf,
  whatsappInbound,
  withAgents,
  type StackApi,
} from '@platica/testing';
import { metaFixture } from './fixtures/meta/load';

/**
 * Every Meta message type, from real payloads (fixtures/meta/README.md), through the whole
 * stack: signed POSTs to /hooks/meta, what the conversation stores (through the gateway) and
 * what the model is given (the fake LLM's requests). docs/receiving-from-meta.md.
 */
describe('inbound content from real Meta payloads (e2e)', () => {
  let t: StackApi;
  let llm: FakeLlm;
  let graph: FakeMetaGraph;
  let ws: MessagingWorkspace;

  beforeAll(async () => {
    llm = await FakeLlm.start();
    graph = await FakeMetaGraph.start();
    t = await useSharedStack({ llm: llm, graph: graph });
    ws = await MessagingWorkspace.seed(t, withAgents);
  });
  afterAll(async () => {
    await t?.stop();
    await graph?.stop();
    await llm?.stop();
  });

  type Platform = 'whatsapp' | 'facebook' | 'instagram';
  const channelOf = (platform: Platform) => ws.doc.channels.find((c) => c.platform === platform) as any;
  const channelIdOf = (platform: Platform) => ws.ids.channels[channelOf(platform).ref].id as string;

  /** Delivers one fixture from a fresh customer; answers the customer's id. */
  async function deliver(
    platform: Platform,
    file: string,
    name: string,
    from = platform === 'whatsapp' ? newPhone() : newMetaId('9'),
    edit: (payload: any) => void = () => undefined,
  ) {
    const channel = channelOf(platform);
    const payload = metaFixture(file, name, {
      channelExternalId: platform === 'whatsapp' ? channel.phoneNumberId : channel.pageId,
      idPrefix: `${randomBytes(4).toString('hex')}.`,
      from,
    });
    edit(payload);
    const res = await deliverMetaWebhook(t.baseUrl, payload, channel.appSecret);
    expect(res.status).toBe(200);
    return from;
  }

  async function storedMessages(platform: Platform, contact: string, count = 1): Promise<any[]> {
    return eventually(`${count} stored message(s) from ${contact}`, async () => {
      const list = await ws.api.get(`/v1/conversations?channelId=${channelIdOf(platform)}&limit=200`);
      const conversation = list.body.workspaces?.[0]?.conversations?.find((c: any) => c.conversationId === contact);
      if (!conversation) return undefined;
      const detail = await ws.api.get(`/v1/conversations/${conversation.id}`);
      const messages = detail.body.workspaces[0].conversations[0].messages.filter((m: any) => m.role === 'user');
      return messages.length >= count ? messages : undefined;
    });
  }

  /** The model request of the turn this text started: its last user message carries it. */
  const modelReceived = (text: string) =>
    eventually(`the model given ${JSON.stringify(text)}`, async () =>
      llm.requests.map((r) => textOf(lastOf(r.messages, 'user'))).find((said) => said.includes(text)),
    );

  const answered: [Platform, string, string, string][] = [
    ['whatsapp', 'pywa/message.json', 'image', '[image]'],
    ['whatsapp', 'pywa/message.json', 'video', '[forwarded]\n[video]\ncaption'],
    ['whatsapp', 'pywa/message.json', 'document', '[forwarded]\n[document: filename.pdf]\ncaption'],
    ['whatsapp', 'pywa/message.json', 'voice', '[voice message]'],
    ['whatsapp', 'pywa/message.json', 'static_sticker', '[sticker]'],
    [
      'whatsapp',
      'pywa/message.json',
      'chosen_location',
      '[forwarded]\n[location: Facebook HQ, 1 Hacker Way, Menlo Park, CA 94025 (37.4611978, -122.2164385) https://maps.google.com/?cid=2000000000000000000]',
    ],
    [
      'whatsapp',
      'pywa/message.json',
      'contacts',
      '[contacts: Chandler Bing (+1 555-555-5555 cell); Monica (+1 666-666-6666 home); Rachel Green (+1 777-777-7777 work)]',
    ],
    ['whatsapp', 'meta-docs/whatsapp.json', 'contacts_with_emails', '[contacts: Nick Smith (+1 (940) 555-1234 home, nick@example.com)]'],
    [
      'whatsapp',
      'pywa/message.json',
      'order',
      '[order from catalog 354160437058781]\n- 3 × HAMBURGER at 30 ILS\n- 2 × FRENCH_FRIES at 35 ILS\n- 2 × SODA at 10 ILS\nTotal: 180 ILS',
    ],
    ['whatsapp', 'pywa/message.json', 'referral', 'BODY\n[came from ad or post "AD_TITLE: AD_DESCRIPTION" AD_OR_POST_FB_URL]'],
    [
      'whatsapp',
      'pywa/flow_completion.json',
      'completion',
      '[form answers]\ncomment_text: Comment Text\ndelivery_rating: 4\npurchase_rating: 2\nrecommend_radio: 0\ncs_rating: 0',
    ],
    ['facebook', 'meta-docs/messenger.json', 'messenger_fallback', '[link: LINK_TITLE https://www.facebook.com/l.php?u=LINK_URL]'],
    ['facebook', 'meta-docs/messenger.json', 'messenger_location', '[location: Facebook HQ (37.483872693672, -122.14900441942) https://'],
    [
      'facebook',
      'meta-docs/messenger.json',
      'messenger_postback_referral',
      'TITLE_FOR_THE_CTA\n[came from shortlink: ref USER_DEFINED_REFERRAL_PARAM]',
    ],
    ['whatsapp', 'pywa/message.json', 'forwarded', '[forwarded]\nforwarded text'],
    ['whatsapp', 'pywa/message.json', 'forwarded_many_times', '[forwarded many times]\ntext forwarded many times'],
    ['whatsapp', 'pywa/message.json', 'reply', '[in reply to an earlier message]\nreplied text'],
  ];

  it.each(answered)('%s %s › %s: stored whole and rendered for the model', async (platform, file, name, rendering) => {
    const contact = await deliver(platform, file, name);
    const [message] = await storedMessages(platform, contact);
    expect(message.content.startsWith(rendering)).toBe(true);
    const said = await modelReceived(rendering);
    expect(said).not.toContain('undefined');
  });

  const unanswered: [Platform, string, string, string, string][] = [
    ['whatsapp', 'pywa/message.json', 'unsupported_with_type', 'unsupported', '[a pool message Plática cannot show]'],
    ['whatsapp', 'pywa/message.json', 'interactive_message_with_err', 'unsupported', '[a interactive message Plática cannot show]'],
    ['whatsapp', 'pywa/system.json', 'phone_number_change', 'system', '[system: User A changed from 972987654321 to 972912345678]'],
    ['whatsapp', 'pywa/message.json', 'reaction', 'reaction', '[reacted 😮 to a message]'],
    ['whatsapp', 'pywa/message.json', 'unreaction_empty', 'reaction', '[removed a reaction]'],
    ['facebook', 'meta-docs/messenger.json', 'messenger_reaction', 'reaction', '[reacted ❤️ to a message]'],
    [
      'facebook',
      'meta-docs/messenger.json',
      'messenger_referral_shortlink',
      'referral',
      '[came from shortlink: ref REF_DATA_PASSED_IN_M.ME_PARAM]',
    ],
  ];

  it.each(unanswered)(
    '%s %s › %s: stored with its placeholder, no turn of its own; the model reads it with the next message',
    async (platform, file, name, contentType, placeholder) => {
      const contact = await deliver(platform, file, name);
      const [stored] = await storedMessages(platform, contact);
      expect(stored).toMatchObject({ content: placeholder, contentType });
      await readWithTheNextMessage(platform, contact, placeholder);
    },
  );

  it('whatsapp: an empty text (pywa › text, its body emptied) is unsupported and starts no turn', async () => {
    const contact = await deliver('whatsapp', 'pywa/message.json', 'text', newPhone(), (payload) => {
      payload.entry[0].changes[0].value.messages[0].text.body = '';
    });
    const [stored] = await storedMessages('whatsapp', contact);
    expect(stored).toMatchObject({ content: '[a empty message Plática cannot show]', contentType: 'unsupported' });
    await readWithTheNextMessage('whatsapp', contact, stored.content);
  });

  it('facebook: a message on standby (handover: another app owns the conversation) is stored and read, never answered', async () => {
    const contact = await deliver('facebook', 'meta-docs/messenger.json', 'messenger_standby_text');
    const [stored] = await storedMessages('facebook', contact);
    expect(stored).toMatchObject({ content: 'hello, world!', contentType: 'text' });
    await deliver('facebook', 'meta-docs/messenger.json', 'messenger_text', contact);
    const conversation = await eventually('the conversation', async () =>
      (await ws.api.get(`/v1/conversations?channelId=${channelIdOf('facebook')}&limit=200`)).body.workspaces?.[0]?.conversations?.find(
        (c: any) => c.conversationId === contact,
      ),
    );
    // The second message's turn reads the standby one in its history…
    await eventually('the turn of the second message', async () =>
      llm.requests.find((r) => r.messages.filter((m) => m.role === 'user' && textOf(m) === 'hello, world!').length === 2),
    );
    // …and is the conversation's only turn.
    const turns = await eventually('the turns ended', async () => {
      const res = await ws.api.get(`/v1/conversations/${conversation.id}/turns`);
      return res.body.turns?.length && res.body.turns.every((turn: any) => turn.outcome !== null) ? res.body.turns : undefined;
    });
    expect(turns).toHaveLength(1);
    expect((await storedMessages('facebook', contact, 2)).map((m) => m.content)).toEqual(['hello, world!', 'hello, world!']);
  });

  it("facebook echoes: a person's message from Meta's inbox stored as the page's, no turn, in the model's history; Plática's own echo not stored twice", async () => {
    const channel = channelOf('facebook');
    // Written now (the example's 2016 timestamp would leave the service window closed: no reply could be sent).
    const now = (payload: any) => (payload.entry[0].messaging[0].timestamp = Date.now());
    const contact = await deliver('facebook', 'meta-docs/messenger.json', 'messenger_text', newMetaId('9'), now);
    const conversation = await eventually('the conversation', async () =>
      (await ws.api.get(`/v1/conversations?channelId=${channelIdOf('facebook')}&limit=200`)).body.workspaces?.[0]?.conversations?.find(
        (c: any) => c.conversationId === contact,
      ),
    );
    const detail = async () => (await ws.api.get(`/v1/conversations/${conversation.id}`)).body.workspaces[0].conversations[0];
    // The agent's reply went through the Send API tagged as Plática's; its mid is what Graph answered.
    const send = await eventually('the agent reply sent', async () =>
      graph.sends(channel.pageId).find((r) => r.body?.recipient?.id === contact && r.status === 200),
    );
    expect(send.body.message).toMatchObject({ text: 'ECHO: hello, world!', metadata: 'platica' });
    const replyMid = (send.response as { message_id: string }).message_id;
    await eventually(
      'the reply stored',
      async () => (await detail()).messages.some((m: any) => m.content === 'ECHO: hello, world!') || undefined,
    );
    const processed = () =>
      eventually(
        'the deliveries processed',
        async () => (await t.query('select 1 from messaging.inbound_event where processed_at is null limit 1')).length === 0 || undefined,
      );

    // Its echo, untagged (as Instagram's are): matched by mid, stored once.
    await deliver('facebook', 'meta-docs/messenger.json', 'messenger_echo_text', contact, (payload) => {
      const message = payload.entry[0].messaging[0].message;
      message.mid = replyMid;
      delete message.metadata;
    });
    // A person's message from Meta's inbox, delivered twice.
    const prefix = `${randomBytes(4).toString('hex')}.`;
    const personal = metaFixture('meta-docs/messenger.json', 'messenger_echo_text', {
      channelExternalId: channel.pageId,
      idPrefix: prefix,
      from: contact,
    });
    for (let i = 0; i < 2; i++) expect((await deliverMetaWebhook(t.baseUrl, personal, channel.appSecret)).status).toBe(200);
    await processed();

    const { messages, messageCount } = await detail();
    expect(messages.filter((m: any) => m.content === 'ECHO: hello, world!')).toHaveLength(1);
    const echoes = messages.filter((m: any) => m.role === 'assistant' && m.content === 'hello, world!');
    // Stored `sent`, shown as the spec's `received` (docs/sending-messages.md › Message status), as Plática's own sends.
    expect(echoes).toEqual([expect.objectContaining({ direction: 'outgoing', status: 'received', contentType: 'text', owner: null })]);
    expect(messages.map((m: any) => [m.role, m.content])).toEqual([
      ['user', 'hello, world!'],
      ['assistant', 'ECHO: hello, world!'],
      ['assistant', 'hello, world!'],
    ]);
    expect(messageCount).toBe(3);
    // No turn of its own: the conversation's only turn is the customer's message's.
    const turns = (await ws.api.get(`/v1/conversations/${conversation.id}/turns`)).body.turns;
    expect(turns).toHaveLength(1);

    // The customer writes again: the model reads the person's message as the page's, before it.
    await deliver('facebook', 'meta-docs/messenger.json', 'messenger_text', contact, now);
    const request = await eventually('the next turn', async () =>
      llm.requests.find(
        (r) =>
          r.messages.filter((m) => m.role === 'user' && textOf(m) === 'hello, world!').length === 2 &&
          r.messages.some((m) => m.role === 'assistant' && textOf(m) === 'hello, world!'),
      ),
    );
    const said = request.messages.filter((m) => m.role !== 'system').map((m) => [m.role, textOf(m)]);
    expect(said.slice(-4)).toEqual([
      ['user', 'hello, world!'],
      ['assistant', 'ECHO: hello, world!'],
      ['assistant', 'hello, world!'],
      ['user', 'hello, world!'],
    ]);
  });

  /** The customer writes next: the turn is that text's, with `placeholder` before it in the history; no turn ended on it. */
  async function readWithTheNextMessage(platform: Platform, contact: string, placeholder: string) {
    const next =
      platform === 'whatsapp'
        ? (['pywa/message.json', 'text', 'Body Text'] as const)
        : (['meta-docs/messenger.json', 'messenger_text', 'hello, world!'] as const);
    await deliver(platform, next[0], next[1], contact);
    const request = await eventually(`the turn of the text after ${placeholder}`, async () =>
      llm.requests.find(
        (r) => textOf(lastOf(r.messages, 'user')) === next[2] && r.messages.some((m) => m.role === 'user' && textOf(m) === placeholder),
      ),
    );
    expect(request).toBeDefined();
    expect(llm.requests.filter((r) => textOf(lastOf(r.messages, 'user')) === placeholder)).toEqual([]);
  }

  it('Instagram unsend: the stored message says it was deleted; an unsend of an unknown message stores nothing', async () => {
    const contact = await deliver('instagram', 'meta-docs/messenger.json', 'instagram_text');
    expect((await storedMessages('instagram', contact))[0].content).toBe('MESSAGE-TEXT');
    const channel = channelOf('instagram');
    const prefix = `${randomBytes(4).toString('hex')}.`;
    const send = async (name: string) => {
      const payload = metaFixture('meta-docs/messenger.json', name, { channelExternalId: channel.pageId, idPrefix: prefix, from: contact });
      expect((await deliverMetaWebhook(t.baseUrl, payload, channel.appSecret)).status).toBe(200);
    };
    // Meta unsends a message it delivered before: the unsend follows the stored message.
    await send('instagram_text');
    await storedMessages('instagram', contact, 2);
    await send('instagram_unsend');
    await eventually('the unsent message marked deleted', async () => {
      const messages = await storedMessages('instagram', contact, 2);
      return messages.some((m) => m.content === '[the customer deleted this message]' && m.contentType === 'deleted') || undefined;
    });
    const stranger = await deliver('instagram', 'meta-docs/messenger.json', 'instagram_unsend_unknown');
    await eventually(
      'the delivery processed',
      async () => (await t.query('select 1 from messaging.inbound_event where processed_at is null limit 1')).length === 0,
    );
    const list = await ws.api.get(`/v1/conversations?channelId=${channelIdOf('instagram')}&limit=200`);
    expect(list.body.workspaces[0].conversations.find((c: any) => c.conversationId === stranger)).toBeUndefined();
  });

  it('finds what came in with q (issue 49 item 2): a phone typed with + and spaces, a first name, a word; clients too; never another workspace', async () => {
    const word = `zafiro${randomBytes(3).toString('hex')}`;
    const phone = newPhone();
    const wa = ws.whatsapp;
    const inbound = whatsappInbound({
      phoneNumberId: wa.phoneNumberId,
      displayPhone: wa.phoneNumber,
      from: phone,
      name: 'Marta Ibáñez',
      text: `Mi pedido ${word} llegó roto`,
    });
    expect((await deliverMetaWebhook(t.baseUrl, inbound, wa.appSecret)).status).toBe(200);
    const [message] = await storedMessages('whatsapp', phone);
    expect(message.content).toContain(word);
    // Another workspace whose customer has the same phone, name and words: never in this workspace's answers.
    const other = await MessagingWorkspace.seed(t);
    const elsewhere = (await other.customerWrites(phone, `Mi pedido ${word} llegó roto`)).conversation;

    const search = async (path: string, q: string) => {
      const res = await ws.api.get(`${path}?${new URLSearchParams({ q, limit: '200' })}`);
      expect({ q, status: res.status }).toEqual({ q, status: 200 });
      return res.body;
    };
    const typed = `+${phone.slice(0, 2)} ${phone.slice(2, 3)} ${phone.slice(3, 5)} ${phone.slice(5, 9)}-${phone.slice(9)}`;
    for (const q of [typed, phone.slice(4, 11), 'marta', 'IBANEZ', word.toUpperCase(), `${word} roto`]) {
      const body = await search('/v1/conversations', q);
      expect({ q, found: body.workspaces[0].conversations.filter((c: any) => c.conversationId === phone).length }).toEqual({ q, found: 1 });
      expect(body.workspaces.map((group: any) => group.id)).toEqual([ws.id]);
      expect(body.workspaces[0].conversations.map((c: any) => c.id)).not.toContain(elsewhere.id);
      expect(body.workspaces[0].conversationsCountCapped).toBe(false);
    }
    expect((await search('/v1/conversations', `${word} nada`)).workspaces[0]).toMatchObject({
      conversations: [],
      conversationsCount: 0,
      conversationsCountCapped: false,
    });

    const clients = (await search('/v1/clients', typed)).workspaces[0];
    expect(clients).toMatchObject({ id: ws.id, clientsCount: 1, clients: [{ phoneNumber: phone, name: 'Marta Ibáñez' }] });
    expect((await search('/v1/clients', 'marta ibanez')).workspaces[0].clients.map((c: any) => c.phoneNumber)).toContain(phone);
    // GET /v1/clients/{id} is still the lookup by id or phone.
    const byId = await ws.api.get(`/v1/clients/${clients.clients[0].id}`);
    expect(byId.body.workspaces[0].clients[0]).toMatchObject({ id: clients.clients[0].id, phoneNumber: phone });

    // Paging: a page token is bound to its q.
    const first = await ws.api.get('/v1/clients?limit=1');
    expect(first.body.nextPageToken).toEqual(expect.any(String));
    const second = await ws.api.get(`/v1/clients?limit=1&pageToken=${encodeURIComponent(first.body.nextPageToken)}`);
    expect(second.status).toBe(200);
    expect(second.body.workspaces[0].clients[0].id).not.toBe(first.body.workspaces[0].clients[0].id);
    const rebound = await ws.api.get(`/v1/clients?limit=1&q=marta&pageToken=${encodeURIComponent(first.body.nextPageToken)}`);
    expect({ status: rebound.status, details: rebound.body.details }).toEqual({
      status: 400,
      details: [expect.objectContaining({ path: ['pageToken'] })],
    });

    // Bad input: q over 200 characters is a 400 naming q, on both listings.
    for (const path of ['/v1/conversations', '/v1/clients']) {
      const res = await ws.api.get(`${path}?q=${'a'.repeat(201)}`);
      expect({ path, status: res.status, code: res.body.code, details: res.body.details }).toEqual({
        path,
        status: 400,
        code: 400,
        details: [expect.objectContaining({ path: ['q'] })],
      });
    }
  });
});
