import { randomBytes } from 'node:crypto';
import { FakeLlm, lastOf, MessagingWorkspace, startTestStack, textOf, withAgents, type TestStack } from '@platica/testing';

/**
 * Chat attachments with the SSRF guard on (a stack without PLATICA_ALLOW_PRIVATE_NETWORKS):
 * every attachment URL, images included, must be a public http(s) address. One aimed at the
 * cloud metadata address, loopback or a private network, in any IPv6 form that embeds such an
 * IPv4 address, is refused with 400 naming `attachments.<i>.url`, and no model request carries it.
 */
describe('chat attachments and the SSRF guard (e2e)', () => {
  let t: TestStack;
  let llm: FakeLlm;
  let ws: MessagingWorkspace;
  let agentId: string;

  beforeAll(async () => {
    llm = await FakeLlm.start();
    // A stack of its own: private networks refused (PLATICA_ALLOW_PRIVATE_NETWORKS=false), a process setting.
    t = await startTestStack({ ...llm.env(), PLATICA_ALLOW_PRIVATE_NETWORKS: 'false' });
    ws = await MessagingWorkspace.seed(t, withAgents);
    agentId = ws.ids.agents.billing.id;
    expect((await ws.api.patch(`/v1/agents/${agentId}`, { enableFileAttachments: true })).status).toBe(200);
  });
  afterAll(async () => {
    await t?.stop();
    await llm?.stop();
  });

  const marker = () => `m${randomBytes(4).toString('hex')}`;
  const email = () => `c-${randomBytes(4).toString('hex')}@example.test`;

  it.each([
    'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
    'http://127.0.0.1:9/x.png',
    'http://10.0.0.1/x.png',
    'http://[::ffff:0:169.254.169.254]/latest/meta-data/',
    'http://[::ffff:169.254.169.254]/latest/meta-data/',
    'http://[64:ff9b::a9fe:a9fe]/latest/meta-data/',
    'http://[2002:a9fe:a9fe::1]/latest/meta-data/',
    'http://[::127.0.0.1]/x.png',
    'http://localhost/x.png',
  ])('refuses the image attachment %s (400 naming its url), the model never given it', async (url) => {
    const m = marker();
    const res = await ws.api.post('/v1/chat', {
      agentId,
      client: { email: email() },
      message: `[[reply:ok ${m}]] mira`,
      attachments: [
        { url: 'https://files.example.test/ticket.png', mimeType: 'image/png' },
        { url, mimeType: 'image/png' },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 400,
      error: expect.any(String),
      details: [{ path: ['attachments', 1, 'url'], message: expect.stringMatching(/non-public|local host name/) }],
    });
    expect(llm.requests.some((r) => JSON.stringify(r).includes(m))).toBe(false);
  });

  it('accepts a public image and gives it to the model by URL', async () => {
    const m = marker();
    const res = await ws.api.post('/v1/chat', {
      agentId,
      client: { email: email() },
      message: `[[reply:ok ${m}]] mira`,
      attachments: [{ url: 'https://files.example.test/ticket.png', mimeType: 'image/png' }],
    });
    expect(res.status).toBe(200);
    const request = llm.requests.find((r) => r.messages.some((msg) => msg.role === 'user' && textOf(msg).includes(m)))!;
    expect(lastOf(request.messages, 'user')!.content).toContainEqual({
      type: 'image_url',
      image_url: { url: 'https://files.example.test/ticket.png' },
    });
  });
});
