import type { Operation, OperationRequest, webhookOperations } from '@platica/contracts';
import { ErrorCode } from '@platica/errors';
import { fake, freezeTime, newTestService, refusal, testAuth } from '@platica/testing/test-service';
import { WebhookDispatcherConfigService, type WebhookDispatcherConfig } from '../config/webhook-dispatcher.config';
import type { DeletedWebhook } from './deleted-webhook.entity';
import type { Webhook } from './webhook.entity';
import { WebhookRepository } from './webhook.repository';
import { WebhookSecrets } from './webhook-secrets';
import { WebhooksService } from './webhooks.service';

const NOW = '2026-11-20T12:00:00.000Z';
const auth = testAuth();

function webhook(id: string, workspaceId: string, fields: Partial<Webhook> = {}): Webhook {
  return {
    id,
    workspaceId,
    name: id,
    url: 'https://93.184.216.34/hooks',
    events: ['message.created'],
    active: true,
    secretSealed: 'sealed:whsec_1',
    headersSealed: 'sealed:{}',
    disabledReason: null,
    disabledAt: null,
    failingSince: null,
    createdAt: new Date('2026-11-01T00:00:00Z'),
    updatedAt: new Date('2026-11-01T00:00:00Z'),
    ...fields,
  } as Webhook;
}

/** Webhooks in memory, "sealed" by a readable prefix: what is stored is told apart from what is shown. */
function world() {
  const stored = [
    webhook('wh_1', 'ws_1'),
    webhook('wh_2', 'ws_2', { active: false, disabledReason: 'failing for 3 days', disabledAt: new Date('2026-11-15T00:00:00Z') }),
  ];
  const deleted: { id: string; workspaceId: string; deletedAt: Date }[] = [];
  const built = newTestService(
    WebhooksService,
    fake(WebhookRepository, {
      create: async (values) => {
        const made = { ...values, createdAt: new Date(), updatedAt: new Date() } as Webhook;
        stored.push(made);
        return made;
      },
      listIn: async (workspaceIds) => stored.filter((w) => workspaceIds.includes(w.workspaceId)),
      findIn: async (workspaceIds, id) => stored.find((w) => w.id === id && workspaceIds.includes(w.workspaceId)) ?? null,
      update: async (workspaceId, id, change) => {
        const found = stored.find((w) => w.id === id && w.workspaceId === workspaceId);
        if (found) change(found);
        return found ?? null;
      },
      delete: async (workspaceId, id) => {
        const index = stored.findIndex((w) => w.id === id && w.workspaceId === workspaceId);
        if (index < 0) return null;
        deleted.push({ id, workspaceId, deletedAt: new Date() });
        return stored.splice(index, 1)[0]!;
      },
      findDeletedIn: async (workspaceIds, id) =>
        (deleted.find((d) => d.id === id && workspaceIds.includes(d.workspaceId)) as DeletedWebhook | undefined) ?? null,
    }),
    fake(WebhookSecrets, {
      sealSecret: (secret) => `sealed:${secret}`,
      openSecret: (sealed) => sealed.replace(/^sealed:/, ''),
      sealHeaders: (headers) => `sealed:${JSON.stringify(headers)}`,
      openHeaders: (sealed) => JSON.parse(sealed.replace(/^sealed:/, '')) as Record<string, string>,
    }),
    fake(WebhookDispatcherConfigService, { values: { PLATICA_ALLOW_PRIVATE_NETWORKS: false } as WebhookDispatcherConfig }),
  );
  return { ...built, stored };
}

function request<Op extends Operation>(fields: { params?: object; body?: unknown; workspaceId?: string }) {
  return {
    auth,
    workspaceId: 'ws_1',
    params: {},
    query: {},
    body: undefined,
    requestId: 'req_1',
    ...fields,
  } as unknown as OperationRequest<Op>;
}

describe('WebhooksService', () => {
  beforeEach(() => freezeTime(NOW));
  afterEach(() => jest.useRealTimers());

  it('creates an active webhook with its events once each and a generated secret, stored sealed (201)', async () => {
    const { service, stored } = world();
    const reply = await service.create(
      request<typeof webhookOperations.create>({
        body: { name: 'CRM', url: 'https://93.184.216.34/in', events: ['message.created', 'message.created', 'conversation.created'] },
      }),
    );
    expect(reply.status).toBe(201);
    const made = stored.find((w) => w.id === reply.body.data.id)!;
    expect(made).toMatchObject({
      workspaceId: 'ws_1',
      active: true,
      events: ['message.created', 'conversation.created'],
      headersSealed: 'sealed:{}',
    });
    expect(made.id).toMatch(/^wh_/);
    expect(made.secretSealed).toMatch(/^sealed:.{16,}/);
  });

  it.each([
    ['a private address', 'http://10.0.0.5/hooks'],
    ['a cloud metadata address', 'http://169.254.169.254/latest'],
    ['a scheme other than http(s)', 'ftp://93.184.216.34/hooks'],
  ])('refuses a URL on %s (400 on url) and stores nothing', async (_case, url) => {
    const { service, stored } = world();
    const error = await refusal(
      service.create(request<typeof webhookOperations.create>({ body: { name: 'x', url, events: ['message.created'] } })),
    );
    expect([error.code, (error.details as { path: string[] }[])[0]!.path]).toEqual([ErrorCode.Validation, ['url']]);
    expect(stored).toHaveLength(2);
  });

  it('lists the webhooks of each workspace in scope with their secrets and headers opened', async () => {
    const { service } = world();
    const answer = await service.list(request({ workspaceId: undefined }));
    expect(answer.workspaces).toEqual([
      expect.objectContaining({
        id: 'ws_1',
        webhooksCount: 1,
        webhooks: [expect.objectContaining({ id: 'wh_1', secret: 'whsec_1', headers: {} })],
      }),
      expect.objectContaining({
        id: 'ws_2',
        webhooks: [
          expect.objectContaining({
            id: 'wh_2',
            active: false,
            disabledReason: 'failing for 3 days',
            disabledAt: '2026-11-15T00:00:00.000Z',
          }),
        ],
      }),
    ]);
  });

  it("never reveals another workspace's webhook: 404 to read, change or delete it", async () => {
    const { service, stored } = world();
    for (const attempt of [
      () => service.get(request({ params: { id: 'wh_2' } })),
      () => service.update(request<typeof webhookOperations.update>({ params: { id: 'wh_2' }, body: { name: 'mine' } })),
      () => service.delete(request({ params: { id: 'wh_2' } })),
    ]) {
      const error = await refusal(attempt());
      expect([error.code, error.details]).toEqual([ErrorCode.NotFound, { id: 'wh_2' }]);
    }
    expect(stored.find((w) => w.id === 'wh_2')!.name).toBe('wh_2');
  });

  it('switching a disabled webhook back on clears why the dispatcher stopped it, so failures count afresh', async () => {
    const { service, stored } = world();
    stored[1]!.failingSince = new Date('2026-11-12T00:00:00Z');
    const answer = await service.update(
      request<typeof webhookOperations.update>({ workspaceId: 'ws_2', params: { id: 'wh_2' }, body: { active: true } }),
    );
    expect(answer.data).toMatchObject({ active: true, disabledReason: null, disabledAt: null, lastUpdate: NOW });
    expect(stored[1]!.failingSince).toBeNull();
  });

  it('changes only what the request names: its events once each, a new secret and headers sealed', async () => {
    const { service, stored } = world();
    await service.update(
      request<typeof webhookOperations.update>({
        params: { id: 'wh_1' },
        body: { events: ['conversation.created', 'conversation.created'], secret: 'whsec_new', headers: { 'x-api-key': 'k' } },
      }),
    );
    expect(stored[0]).toMatchObject({
      name: 'wh_1',
      url: 'https://93.184.216.34/hooks',
      active: true,
      events: ['conversation.created'],
      secretSealed: 'sealed:whsec_new',
      headersSealed: 'sealed:{"x-api-key":"k"}',
    });
  });

  it('refuses an unsafe URL in an update before changing anything', async () => {
    const { service, stored } = world();
    const error = await refusal(
      service.update(
        request<typeof webhookOperations.update>({ params: { id: 'wh_1' }, body: { name: 'moved', url: 'http://127.0.0.1/x' } }),
      ),
    );
    expect((error.details as { path: string[] }[])[0]!.path).toEqual(['url']);
    expect(stored[0]!.name).toBe('wh_1');
  });

  it('deletes a webhook of the workspace', async () => {
    const { service, stored } = world();
    expect(await service.delete(request({ params: { id: 'wh_1' } }))).toEqual({
      status: 'success',
      message: 'Webhook deleted',
      data: { id: 'wh_1', workspaceId: 'ws_1' },
    });
    expect(stored.map((w) => w.id)).toEqual(['wh_2']);
  });

  it('answers 410 naming when for a webhook its own workspace deleted, and still 404 to another workspace', async () => {
    const { service } = world();
    await service.delete(request({ params: { id: 'wh_1' } }));
    for (const attempt of [
      () => service.get(request({ params: { id: 'wh_1' } })),
      () => service.update(request<typeof webhookOperations.update>({ params: { id: 'wh_1' }, body: { name: 'again' } })),
      () => service.delete(request({ params: { id: 'wh_1' } })),
    ]) {
      const error = await refusal(attempt());
      expect([error.code, error.details]).toEqual([ErrorCode.Gone, { id: 'wh_1', deletedAt: NOW }]);
    }
    const elsewhere = await refusal(service.get(request({ workspaceId: 'ws_2', params: { id: 'wh_1' } })));
    expect(elsewhere.code).toBe(ErrorCode.NotFound);
  });
});
