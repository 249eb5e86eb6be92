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
  pageInbound,
  startTestStack,
  textOf,
  withAgents,
  type ChatCompletionRequest,
  type TestStack,
} from '@platica/testing';
import { metaFixture } from './fixtures/meta/load';

/** Above NATS's 1 MiB max_payload, so a media within it still crosses in more than one chunk. */
const MAX_BYTES = 1_500_000;

/**
 * WhatsApp media (real payloads: fixtures/meta/pywa) read for the model through Graph, as
 * Meta documents it: `GET /{media-id}` with the channel's token, then the URL it answers with
 * the same token (docs/receiving-from-meta.md › WhatsApp media). The fake Graph serves both.
 */
describe('WhatsApp media read through Graph for the model (e2e)', () => {
  let t: TestStack;
  let llm: FakeLlm;
  let graph: FakeMetaGraph;
  /** Its agent takes attachments (`enableFileAttachments`); `named`'s does not. */
  let reads: MessagingWorkspace;
  let named: MessagingWorkspace;

  beforeAll(async () => {
    llm = await FakeLlm.start();
    graph = await FakeMetaGraph.start();
    // A stack of its own: its own attachment size limit, a process setting.
    t = await startTestStack({ ...llm.env(), META_GRAPH_BASE_URL: graph.url, PLATICA_ATTACHMENT_MAX_BYTES: String(MAX_BYTES) });
    reads = await MessagingWorkspace.seed(t, withAgents);
    named = await MessagingWorkspace.seed(t, withAgents);
    const sofia = reads.ids.agents.sofia.id as string;
    expect((await reads.api.patch(`/v1/agents/${sofia}`, { enableFileAttachments: true })).status).toBe(200);
    // A whole stack and two workspaces: slow to start on a loaded machine.
  }, 300_000);
  afterAll(async () => {
    await t?.stop();
    await graph?.stop();
    await llm?.stop();
  });

  const tokenOf = (ws: MessagingWorkspace) => (ws.doc.channels.find((c) => c.platform === 'whatsapp') as any).accessToken as string;

  /** A media registered with Graph for the workspace's channel, under a fresh id. */
  function media(ws: MessagingWorkspace, mimeType: string, bytes: Uint8Array, error?: { status: number; code: number; message: string }) {
    const id = newMetaId('7');
    graph.addMedia({
      id,
      phoneNumberId: ws.whatsapp.phoneNumberId,
      accessToken: tokenOf(ws),
      mimeType,
      bytes,
      ...(error ? { error } : {}),
    });
    return id;
  }

  /** Delivers a fixture's media message from a fresh customer, its media id replaced by `mediaId`; answers the customer. */
  async function deliver(ws: MessagingWorkspace, name: 'image' | 'document', mediaId: string): Promise<string> {
    const from = newPhone();
    const payload = metaFixture('pywa/message.json', name, {
      channelExternalId: ws.whatsapp.phoneNumberId,
      idPrefix: `${randomBytes(4).toString('hex')}.`,
      from,
    });
    const message = payload.entry[0].changes[0].value.messages[0];
    message[name].id = mediaId;
    // Sent now, so the WhatsApp window is open for the reply (the sample's date is 2023's).
    message.timestamp = String(Math.floor(Date.now() / 1000));
    expect((await deliverMetaWebhook(t.baseUrl, payload, ws.whatsapp.appSecret)).status).toBe(200);
    return from;
  }

  /** The model request of the workspace's turn whose last user message names `name`. */
  const turnNaming = (ws: MessagingWorkspace, name: string): Promise<ChatCompletionRequest> => {
    const prompt = (ws.doc.agents as any[]).find((a) => a.ref === 'sofia').systemPrompt as string;
    return eventually(
      `the model given ${name}`,
      async () =>
        llm.requests.find(
          (r) =>
            r.messages.some((m) => m.role === 'system' && textOf(m).includes(prompt)) && textOf(lastOf(r.messages, 'user')).includes(name),
        ),
      20_000,
    ).catch((error: Error) => {
      throw new Error(
        `${error.message}; the model was given: ${JSON.stringify(llm.requests.map((r) => lastOf(r.messages, 'user')?.content))}`.slice(
          0,
          3000,
        ),
      );
    });
  };
  const partsOf = (request: ChatCompletionRequest) => lastOf(request.messages, 'user')!.content as any[];

  /** The turn answered: its reply was sent to the customer through Graph. */
  const answered = (ws: MessagingWorkspace, contact: string) =>
    eventually(`a reply sent to ${contact}`, async () => graph.sends(ws.whatsapp.phoneNumberId).find((r) => r.body.to === contact), 20_000);

  it('an image over 1 MiB: Graph asked with the channel token, the model given its bytes', async () => {
    const bytes = new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(1_200_000)]));
    const id = media(reads, 'image/jpeg', bytes);
    await deliver(reads, 'image', id);
    const request = await turnNaming(reads, '[image (image/jpeg) sent by the customer]');
    expect(partsOf(request)).toContainEqual({
      type: 'image_url',
      image_url: { url: `data:image/jpeg;base64,${Buffer.from(bytes).toString('base64')}` },
    });
    const lookup = graph.requests.find((r) => r.method === 'GET' && r.objectId === id)!;
    expect(lookup).toMatchObject({ status: 200, authorization: `Bearer ${tokenOf(reads)}` });
    expect(lookup.path).toBe(`/v21.0/${id}`);
    expect(graph.requests.filter((r) => r.path === '/whatsapp_business/attachments/')).not.toHaveLength(0);
  });

  it('a PDF document: the model given the file after its name', async () => {
    const pdf = Buffer.from(`%PDF-1.4\n${randomBytes(2_000).toString('hex')}\n%%EOF\n`);
    await deliver(reads, 'document', media(reads, 'application/pdf', pdf));
    const request = await turnNaming(reads, '[file filename.pdf (application/pdf) sent by the customer]');
    expect(partsOf(request)).toContainEqual({
      type: 'file',
      file: { filename: 'filename.pdf', file_data: `data:application/pdf;base64,${pdf.toString('base64')}` },
    });
  });

  it('a media over PLATICA_ATTACHMENT_MAX_BYTES is named with the reason, never downloaded', async () => {
    const id = media(reads, 'application/pdf', randomBytes(MAX_BYTES + 1));
    const downloads = () => graph.requests.filter((r) => r.path === '/whatsapp_business/attachments/').length;
    const before = downloads();
    await deliver(reads, 'document', id);
    const request = await turnNaming(
      reads,
      `[file filename.pdf (application/pdf) sent by the customer; it could not be read: it is ${MAX_BYTES + 1} bytes, more than the ${MAX_BYTES} bytes read for the model]`,
    );
    expect(partsOf(request).filter((p) => p.type === 'file')).toEqual([]);
    expect(downloads()).toBe(before);
  });

  it("Graph's refusal is told to the model in one sentence, and the turn still answers", async () => {
    const id = media(reads, 'image/jpeg', randomBytes(100), { status: 400, code: 131052, message: 'Media download error' });
    const contact = await deliver(reads, 'image', id);
    const request = await turnNaming(
      reads,
      '[image (image/jpeg) sent by the customer; it could not be read: the Graph API refused it (400: Media download error)]',
    );
    expect(partsOf(request).filter((p) => p.type === 'image_url')).toEqual([]);
    await answered(reads, contact);
  });

  it('an agent without attachments: the media named, Graph not asked', async () => {
    const id = media(named, 'image/jpeg', randomBytes(100));
    const contact = await deliver(named, 'image', id);
    const request = await turnNaming(named, '[image]');
    const said = textOf(lastOf(request.messages, 'user'));
    expect(said).toBe('[image][image (image/jpeg) sent by the customer]');
    expect(said).not.toContain('undefined');
    expect(graph.requests.filter((r) => r.objectId === id)).toEqual([]);
    await answered(named, contact);
  });

  /**
   * The same media seen by a person: `GET /v1/conversations/{id}/messages/{messageId}/media`
   * through the gateway (docs/receiving-from-meta.md › Customer media). `named`'s agent reads no
   * attachments, so every Graph call for these media ids is the route's.
   */
  describe('customer media through the gateway route', () => {
    const keyOf = (ws: MessagingWorkspace) => ws.ids.apiKeys.main.key as string;
    /** The route's raw answer (bytes, not text) with `ws`'s key. */
    const fetchMedia = async (ws: MessagingWorkspace, path: string) => {
      const res = await fetch(`${t.baseUrl}${path}`, { headers: { authorization: `Bearer ${keyOf(ws)}` } });
      return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
    };
    /** The customer's stored message carrying the media, and the route's path for it. */
    async function inbound(ws: MessagingWorkspace, name: 'image' | 'document', mediaId: string) {
      const contact = await deliver(ws, name, mediaId);
      const conversation = await eventually(`a conversation with ${contact}`, async () => {
        const list = await ws.api.get(`/v1/conversations?channelId=${ws.whatsapp.id}&limit=200`);
        return list.body.workspaces?.[0]?.conversations?.find((c: any) => c.conversationId === contact);
      });
      const message = await eventually('the customer message', async () =>
        (await ws.messagesOf(conversation.id)).find((m: any) => m.role === 'user'),
      );
      return `/v1/conversations/${conversation.id}/messages/${message.id}/media`;
    }
    /** Nothing of Meta's side reaches the client: the channel token, the fake Graph's address, the CDN path. */
    const expectNoSecrets = (ws: MessagingWorkspace, answer: { headers: Headers; bytes: Buffer }) => {
      const seen = `${JSON.stringify([...answer.headers.entries()])}\n${answer.bytes.toString('latin1')}`;
      expect(seen).not.toContain(tokenOf(ws));
      expect(seen).not.toContain(new URL(graph.url).host);
      expect(seen).not.toContain('whatsapp_business');
    };

    it("an inbound image: its bytes and type, private, fetched from Graph with the channel's token once", async () => {
      const bytes = new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(1_200_000)]));
      const id = media(named, 'image/jpeg', bytes);
      const path = await inbound(named, 'image', id);
      const answer = await fetchMedia(named, path);
      expect(answer.status).toBe(200);
      expect(answer.bytes.equals(Buffer.from(bytes))).toBe(true);
      expect(Object.fromEntries(['content-type', 'content-length', 'cache-control', 'content-disposition', 'x-content-type-options'].map((h) => [h, answer.headers.get(h)]))).toEqual({
        'content-type': 'image/jpeg',
        'content-length': String(bytes.length),
        'cache-control': 'private, max-age=300',
        'content-disposition': 'inline',
        'x-content-type-options': 'nosniff',
      });
      expectNoSecrets(named, answer);
      const lookups = () => graph.requests.filter((r) => r.method === 'GET' && r.objectId === id);
      expect(lookups()).toEqual([expect.objectContaining({ status: 200, authorization: `Bearer ${tokenOf(named)}` })]);
      // Again: from the gateway's cache, Graph not asked a second time.
      const again = await fetchMedia(named, path);
      expect([again.status, again.bytes.equals(Buffer.from(bytes))]).toEqual([200, true]);
      expect(lookups()).toHaveLength(1);
    });

    it('a document: a download under its file name', async () => {
      const pdf = Buffer.from(`%PDF-1.4\n${randomBytes(500).toString('hex')}\n%%EOF\n`);
      const path = await inbound(named, 'document', media(named, 'application/pdf', pdf));
      const answer = await fetchMedia(named, path);
      expect([answer.status, answer.headers.get('content-type'), answer.bytes.equals(pdf)]).toEqual([200, 'application/pdf', true]);
      expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="filename.pdf"; filename*=UTF-8''filename.pdf`);
    });

    it("another workspace's key gets 404, and Graph is not asked", async () => {
      const id = media(named, 'image/jpeg', randomBytes(100));
      const path = await inbound(named, 'image', id);
      const answer = await fetchMedia(reads, path);
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.bytes.toString())).toMatchObject({ code: 404, error: 'Message not found' });
      expect(graph.requests.filter((r) => r.objectId === id)).toEqual([]);
      // Nor a media id of the message's own that the workspace does not have at that index.
      expect((await fetchMedia(named, `${path}?index=1`)).status).toBe(404);
    });

    it("a Messenger image: its attachment's URL fetched with no token, the bytes and type answered", async () => {
      const page = named.doc.channels.find((c) => c.platform === 'facebook') as any;
      const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(2_000)]);
      const url = graph.addAttachment({ mimeType: 'image/png', bytes: png });
      const sender = newMetaId('8');
      const payload = pageInbound('page', { accountId: page.pageId, senderId: sender, message: { attachments: [{ type: 'image', payload: { url } }] } });
      expect((await deliverMetaWebhook(t.baseUrl, payload, page.appSecret)).status).toBe(200);
      const channelId = named.ids.channels[page.ref].id as string;
      const conversation = await eventually(`a conversation with ${sender}`, async () => {
        const list = await named.api.get(`/v1/conversations?channelId=${channelId}&limit=200`);
        return list.body.workspaces?.[0]?.conversations?.find((c: any) => c.conversationId === sender);
      });
      const message = await eventually('the customer message', async () =>
        (await named.messagesOf(conversation.id)).find((m: any) => m.role === 'user'),
      );
      const answer = await fetchMedia(named, `/v1/conversations/${conversation.id}/messages/${message.id}/media`);
      expect([answer.status, answer.headers.get('content-type'), answer.bytes.equals(png)]).toEqual([200, 'image/png', true]);
      const download = graph.requests.find((r) => r.path === new URL(url).pathname)!;
      expect(download).toMatchObject({ status: 200, authorization: null });
      expectNoSecrets(named, answer);
    });

    it('a media Graph no longer has: 410 saying it can no longer be had, in the spec’s error format', async () => {
      // Never registered with the fake: Graph answers "Object with ID … does not exist", as for an expired media.
      const path = await inbound(named, 'image', newMetaId('7'));
      const answer = await fetchMedia(named, path);
      expect(answer.status).toBe(410);
      const body = JSON.parse(answer.bytes.toString());
      expect(body).toMatchObject({ code: 410, details: expect.objectContaining({ provider: 'meta' }) });
      expect(body.error).toContain('can no longer be had');
      expectNoSecrets(named, answer);
    });
  });
});
