import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { eventually, strict } from '@platica/testing/test-service';
import type { WebhookSecrets } from '../webhooks/webhook-secrets';
import type { DeliveryOutcome } from './delivery-outcome';
import { DeliveryScheduler, type SchedulerOptions } from './delivery-scheduler';
import type { ClaimedDelivery, DeliveryRepository } from './delivery.repository';

/**
 * A loopback receiver per webhook path: `hold` keeps its requests open until `release`, and it
 * counts the requests each path has open at once.
 */
class Receiver {
  private server!: Server;
  readonly requests = new Map<string, number>();
  readonly maxOpen = new Map<string, number>();
  private readonly open = new Map<string, number>();
  private readonly held: (() => void)[] = [];
  private holding = new Set<string>();
  constructor(private readonly status: (path: string) => number) {}

  async start(): Promise<string> {
    this.server = createServer((req: IncomingMessage, res: ServerResponse) => {
      const path = req.url ?? '/';
      this.requests.set(path, (this.requests.get(path) ?? 0) + 1);
      this.open.set(path, (this.open.get(path) ?? 0) + 1);
      this.maxOpen.set(path, Math.max(this.maxOpen.get(path) ?? 0, this.open.get(path)!));
      const answer = () => {
        this.open.set(path, this.open.get(path)! - 1);
        res.writeHead(this.status(path)).end();
      };
      req.resume();
      req.on('end', () => (this.holding.has(path) ? this.held.push(answer) : answer()));
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  hold(path: string): void {
    this.holding.add(path);
  }

  release(): void {
    this.holding.clear();
    for (const answer of this.held.splice(0)) answer();
  }

  stop(): Promise<void> {
    this.release();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * The deliveries table in memory, claimed as the repository claims: due rows up to `limit`,
 * none of an excluded webhook, at most `perWebhook(id)` of each. A released row is not claimed
 * again here (in these tests its webhook is gone or the scheduler stopping).
 */
function table(rows: ClaimedDelivery[]) {
  const pending = [...rows];
  const outcomes: DeliveryOutcome[] = [];
  const released: string[] = [];
  const repository = strict<DeliveryRepository>('DeliveryRepository', {
    claim: async ({ limit, exclude, perWebhook }: Parameters<DeliveryRepository['claim']>[0]) => {
      const claimed: ClaimedDelivery[] = [];
      const taken = new Map<string, number>();
      for (const row of [...pending]) {
        if (claimed.length >= limit || exclude.includes(row.webhookId)) continue;
        if ((taken.get(row.webhookId) ?? 0) >= perWebhook(row.webhookId)) continue;
        taken.set(row.webhookId, (taken.get(row.webhookId) ?? 0) + 1);
        claimed.push(row);
        pending.splice(pending.indexOf(row), 1);
      }
      return { claimed, candidates: claimed.length };
    },
    recordOutcomes: async (written: DeliveryOutcome[]) => {
      outcomes.push(...written);
    },
    release: async (ids: string[]) => {
      released.push(...ids);
    },
  });
  return { repository, outcomes, released, pending };
}

const secrets = strict<WebhookSecrets>('WebhookSecrets', {
  openSecret: () => `whsec_${Buffer.from('k'.repeat(32)).toString('base64')}`,
  openHeaders: () => ({}),
});

const options: SchedulerOptions = { concurrency: 4, perWebhook: 1, timeoutMs: 5_000, retryScale: 1, pollIntervalMs: 20 };

function delivery(id: string, webhookId: string, baseUrl: string): ClaimedDelivery {
  return {
    id,
    webhookId,
    eventId: `evt_${id}`,
    attemptCount: 0,
    retryIndex: 0,
    runStartedAt: null,
    body: '{}',
    url: `${baseUrl}/${webhookId}`,
    secretSealed: 'sealed',
    headersSealed: 'sealed',
    webhookVersion: 'v1',
    readAt: Date.now(),
  };
}

describe('DeliveryScheduler', () => {
  let receiver: Receiver;
  let scheduler: DeliveryScheduler | null = null;
  afterEach(async () => {
    receiver.release();
    await scheduler?.stop();
    scheduler = null;
    await receiver.stop();
  });

  const statusOf = (outcomes: DeliveryOutcome[]) => Object.fromEntries(outcomes.map((o) => [o.deliveryId, o.status]));

  it("a slow receiver holds only its own slot: another webhook's delivery goes meanwhile, and its own wait their turn", async () => {
    receiver = new Receiver(() => 200);
    const base = await receiver.start();
    receiver.hold('/slow');
    const rows = table([delivery('s1', 'slow', base), delivery('s2', 'slow', base), delivery('f1', 'fast', base)]);
    scheduler = new DeliveryScheduler(rows.repository, secrets, new Agent(), options);
    scheduler.start();

    await eventually('the fast webhook delivered', async () => statusOf(rows.outcomes).f1 === 'delivered');
    expect(receiver.requests.get('/slow')).toBe(1);
    expect(statusOf(rows.outcomes).s1).toBeUndefined();

    receiver.release();
    await eventually(
      'both slow deliveries delivered',
      async () => statusOf(rows.outcomes).s2 === 'delivered' && statusOf(rows.outcomes).s1,
    );
    expect(receiver.maxOpen.get('/slow')).toBe(1);
  });

  it('a receiver answering 410 is not sent to again: its queued deliveries are released unattempted', async () => {
    receiver = new Receiver((path) => (path === '/gone' ? 410 : 200));
    const base = await receiver.start();
    const rows = table([delivery('g1', 'gone', base), delivery('g2', 'gone', base)]);
    scheduler = new DeliveryScheduler(rows.repository, secrets, new Agent(), { ...options, perWebhook: 1 });
    scheduler.start();

    await eventually('the 410 written', async () => rows.outcomes.find((o) => o.deliveryId === 'g1'));
    const gone = rows.outcomes.find((o) => o.deliveryId === 'g1')!;
    expect(gone).toMatchObject({ status: 'failed', nextAttemptAt: null, disableReason: expect.stringContaining('410') });
    await eventually('g2 released', async () => rows.released.includes('g2'));
    expect(receiver.requests.get('/gone')).toBe(1);
    expect(rows.outcomes.map((o) => o.deliveryId)).toEqual(['g1']);
  });

  it('a failed attempt is written with its next attempt time; stopping releases what is queued and finishes what is in flight', async () => {
    receiver = new Receiver((path) => (path === '/down' ? 503 : 200));
    const base = await receiver.start();
    receiver.hold('/down');
    const rows = table([delivery('d1', 'down', base), delivery('d2', 'down', base)]);
    scheduler = new DeliveryScheduler(rows.repository, secrets, new Agent(), options);
    scheduler.start();
    await eventually('d1 in flight', async () => receiver.requests.get('/down') === 1);

    const stopping = scheduler.stop();
    scheduler = null;
    receiver.release();
    await stopping;
    expect(rows.released).toEqual(['d2']);
    expect(rows.outcomes).toEqual([expect.objectContaining({ deliveryId: 'd1', status: 'pending', nextAttemptAt: expect.any(Date) })]);
    expect(receiver.requests.get('/down')).toBe(1);
  });

  it('reserves room for fresh deliveries up to twice the per-webhook limit, and none once stopped', async () => {
    receiver = new Receiver(() => 200);
    await receiver.start();
    const rows = table([]);
    scheduler = new DeliveryScheduler(rows.repository, secrets, new Agent(), { ...options, perWebhook: 2 });
    expect(scheduler.reserve('w')).toBe(false);
    scheduler.start();
    expect([1, 2, 3, 4, 5].map(() => scheduler!.reserve('w'))).toEqual([true, true, true, true, false]);
    expect(scheduler.reserve('other')).toBe(true);
    scheduler.unreserve(['w']);
    expect(scheduler.reserve('w')).toBe(true);
  });
});
