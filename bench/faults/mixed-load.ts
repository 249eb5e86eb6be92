/* eslint-disable @typescript-eslint/no-explicit-any -- the API's JSON answers and the fakes' records, read as an integrator would. */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  deliverMetaWebhook,
  isGuardrailEvaluation,
  lastOf,
  textOf,
  newPhone,
  whatsappInbound,
  withAgents,
  MessagingWorkspace,
  type FakeLlm,
  type FakeMetaGraph,
  type StackAccess,
} from '@platica/testing';

/**
 * The steady mixed load of issue 35, as customers and an integrator make it: WhatsApp customers
 * each writing and waiting for the agent's answer before writing again (Meta redelivers a
 * webhook not answered 200, and so does this load), scheduled sends due 2 s after they are
 * accepted, chat turns on a few threads, a campaign, and a webhook receiving every event. Each
 * write carries a marker, so what became of it is counted where it ends: at the fake Graph API
 * (replies, scheduled sends, campaign sends) and at the webhook receiver.
 */
export interface LoadOptions {
  customers: number;
  /** One scheduled send every this many ms, and one chat turn every twice as many. */
  intervalMs: number;
  campaignRecipients: number;
}

/** Each request's answer, with when it was made and how long it took. */
export interface Answer {
  route: Route;
  at: number;
  ms: number;
  status: number;
}
export type Route = 'POST /hooks/meta' | 'POST /v1/messages' | 'POST /v1/chat';

/** What the invariants found once the load stopped and the stack settled. */
export interface Outcome {
  customerMessages: number;
  unanswered: number;
  /** The markers of the first unanswered messages, to find them in the services' logs. */
  unansweredMarkers: string[];
  answeredTwice: number;
  scheduled: number;
  scheduledUnsent: number;
  scheduledSentTwice: number;
  /** The latest run's status, and how many of the audience the Graph API received a send for. */
  campaign: { status: string; received: number; recipients: number };
  /** Recipients sent more often than the campaign was sent (a soak sends it again every ten minutes). */
  campaignSentTwice: number;
  events: number;
  eventsMissing: number;
  eventsDuplicated: number;
  stuckThreads: number;
  /** Model calls of the load's turns offered other tools than the first one was: a turn answering without its tools. */
  turnsWithoutTools: number;
}

export class MixedLoad {
  readonly answers: Answer[] = [];
  private running = false;
  private loops: Promise<void>[] = [];
  private readonly customerMarkers: string[] = [];
  private readonly scheduledMarkers: string[] = [];
  private readonly threads: string[] = [];
  private campaignRunId: string | null = null;
  private campaignRuns = 0;
  private campaignPhones = new Set<string>();
  private readonly deliveries: { id: string; body: string }[] = [];
  private receiver: Server | null = null;

  private constructor(
    private readonly ws: MessagingWorkspace,
    private readonly graph: FakeMetaGraph,
    private readonly llm: FakeLlm,
    private readonly baseUrl: string,
    private readonly options: LoadOptions,
    private readonly tag: string,
  ) {}

  /** A workspace of its own (agents, a campaign audience, a webhook on a loopback receiver). */
  static async prepare(stack: StackAccess, graph: FakeMetaGraph, llm: FakeLlm, options: LoadOptions): Promise<MixedLoad> {
    const audience = Array.from({ length: options.campaignRecipients }, () => ({ phoneNumber: newPhone() }));
    const ws = await MessagingWorkspace.seed(stack, (doc) => {
      withAgents(doc);
      Object.assign(doc, {
        campaigns: [
          {
            ref: 'load',
            title: 'Load',
            category: 'marketing',
            platform: 'whatsapp',
            templateRef: 'welcome',
            owners: [doc.users[0]!.email],
            audience,
          },
        ],
      });
    });
    const load = new MixedLoad(ws, graph, llm, stack.baseUrl, options, randomBytes(3).toString('hex'));
    load.campaignPhones = new Set(audience.map((a) => a.phoneNumber));
    await load.startReceiver();
    const hook = await ws.api.post('/v1/webhooks', {
      name: 'fault harness',
      url: load.receiverUrl,
      events: ['message.created', 'conversation.created'],
    });
    if (hook.status !== 201 && hook.status !== 200) throw new Error(`creating the webhook answered ${hook.status}: ${hook.text}`);
    // A tool on the agent: a turn that could not load it would be offered none.
    const tool = await ws.api.post('/v1/tools/apis', {
      name: `orders_${load.tag}`,
      description: 'Looks an order up.',
      request: { method: 'GET', url: `${load.receiverUrl}/orders` },
      variables: [],
    });
    if (tool.status !== 201) throw new Error(`creating the tool answered ${tool.status}: ${tool.text}`);
    await ws.api.post(`/v1/tools/apis/${tool.body.data.id}/enable`, {});
    const connected = await ws.api.post(`/v1/agents/${ws.ids.agents.sofia.id}/tools`, { toolId: tool.body.data.id });
    if (connected.status !== 201) throw new Error(`connecting the tool answered ${connected.status}: ${connected.text}`);
    for (let i = 0; i < 4; i++) {
      const res = await ws.api.post('/v1/chat', {
        agentId: ws.ids.agents.sofia.id,
        client: { email: `t${i}-${load.tag}@load.test` },
        message: 'hola',
      });
      if (res.status !== 200) throw new Error(`opening a chat thread answered ${res.status}: ${res.text}`);
      load.threads.push(res.body.conversationId);
    }
    return load;
  }

  start(): void {
    this.running = true;
    this.loops = [
      ...Array.from({ length: this.options.customers }, (_, i) => this.customer(i)),
      this.every(this.options.intervalMs, (n) => this.schedule(n)),
      this.every(this.options.intervalMs * 2, (n) => this.chat(n)),
    ];
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  /** Starts the campaign's run; its sends are spread by the stack's CAMPAIGN_SEND_RATE. */
  async sendCampaign(): Promise<void> {
    const template = { params: ['Cliente', 'L-1'], type: 'image', file: 'https://cdn.example.test/promo.png' };
    const res = await this.ws.api.post(`/v1/campaigns/${this.ws.ids.campaigns.load.id}/send`, { channelId: this.ws.whatsapp.id, template });
    if (res.status !== 200) throw new Error(`sending the campaign answered ${res.status}: ${res.text}`);
    this.campaignRunId = res.body.data.runId;
    this.campaignRuns++;
  }

  /** Waits until every invariant holds or `maxMs` passes, then counts what does not hold. */
  async settle(maxMs: number): Promise<Outcome> {
    const deadline = Date.now() + maxMs;
    let outcome = await this.outcome(false);
    while (Date.now() < deadline && !holds(outcome)) {
      await sleep(1_000);
      outcome = await this.outcome(false);
    }
    // A late duplicate would show up within a few seconds of the last expected arrival.
    await sleep(3_000);
    return this.outcome(true);
  }

  async close(): Promise<void> {
    this.receiver?.closeAllConnections();
    await new Promise<void>((resolve) => this.receiver?.close(() => resolve()) ?? resolve());
  }

  private async customer(index: number): Promise<void> {
    const phone = newPhone();
    const wa = this.ws.whatsapp;
    for (let n = 0; this.running; n++) {
      const marker = `w${this.tag}c${index}m${n}`;
      // Meta redelivers until it gets a 200: so does the customer's side here.
      while (this.running) {
        const payload = whatsappInbound({ phoneNumberId: wa.phoneNumberId, displayPhone: wa.phoneNumber, from: phone, text: marker });
        const status = await this.timed(
          'POST /hooks/meta',
          async () => (await deliverMetaWebhook(this.baseUrl, payload, wa.appSecret)).status,
        );
        if (status === 200) break;
        await sleep(1_000);
      }
      if (!this.running) return;
      this.customerMarkers.push(marker);
      while (this.running && !this.repliesTo(marker).length) await sleep(200);
      await sleep(500);
    }
  }

  private async schedule(n: number): Promise<void> {
    const marker = `s${this.tag}n${n}`;
    // Sent to a customer of the load whose window is open: the first customer's phone once it wrote.
    const to = this.graph.sends(this.ws.whatsapp.phoneNumberId).find((s) => String(s.body?.text?.body ?? '').includes(`w${this.tag}c0m`))
      ?.body.to;
    if (!to) return;
    const status = await this.timed('POST /v1/messages', async () => {
      const res = await this.ws.api.post('/v1/messages', {
        channelId: this.ws.whatsapp.id,
        conversationId: to,
        content: marker,
        scheduleTime: new Date(Date.now() + 2_000).toISOString(),
      });
      return res.status;
    });
    if (status === 202) this.scheduledMarkers.push(marker);
  }

  private async chat(n: number): Promise<void> {
    const conversationId = this.threads[n % this.threads.length]!;
    await this.timed(
      'POST /v1/chat',
      async () => (await this.ws.api.post('/v1/chat', { conversationId, message: `k${this.tag}n${n}` })).status,
    );
  }

  private async every(intervalMs: number, act: (n: number) => Promise<void>): Promise<void> {
    for (let n = 0; this.running; n++) {
      const next = Date.now() + intervalMs;
      // Not awaited: a request hanging during an outage must not slow the steady rate.
      void act(n).catch(() => undefined);
      await sleep(Math.max(0, next - Date.now()));
    }
  }

  private async timed(route: Route, call: () => Promise<number>): Promise<number> {
    const at = Date.now();
    let status = 0; // the connection failed
    try {
      status = await call();
    } catch {
      // counted as status 0
    }
    this.answers.push({ route, at, ms: Date.now() - at, status });
    return status;
  }

  private repliesTo(marker: string): unknown[] {
    return this.graph.sends(this.ws.whatsapp.phoneNumberId).filter((s) => s.status === 200 && s.body?.text?.body === `ECHO: ${marker}`);
  }

  private async outcome(final: boolean): Promise<Outcome> {
    const sends = this.graph.sends(this.ws.whatsapp.phoneNumberId).filter((s) => s.status === 200);
    const count = (values: string[]) => {
      const counts = new Map<string, number>();
      for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
      return counts;
    };
    const texts = count(sends.map((s) => String(s.body?.text?.body ?? '')));
    const replies = this.customerMarkers.map((m) => texts.get(`ECHO: ${m}`) ?? 0);
    const scheduled = this.scheduledMarkers.map((m) => texts.get(m) ?? 0);
    const campaignSends = count(
      sends.filter((s) => s.body?.type === 'template' && this.campaignPhones.has(s.body.to)).map((s) => s.body.to),
    );
    // Every customer message is one `message.created` event: delivered at least once, always under one id.
    const idsByMarker = new Map<string, Set<string>>();
    for (const d of this.deliveries) {
      const marker = /"(w[0-9a-f]{6}c\d+m\d+)"/.exec(d.body)?.[1];
      if (marker && d.body.includes('"message.created"')) idsByMarker.set(marker, (idsByMarker.get(marker) ?? new Set()).add(d.id));
    }
    return {
      customerMessages: replies.length,
      unanswered: replies.filter((n) => n === 0).length,
      unansweredMarkers: this.customerMarkers.filter((_, i) => replies[i] === 0).slice(0, 5),
      answeredTwice: replies.filter((n) => n > 1).length,
      scheduled: scheduled.length,
      scheduledUnsent: scheduled.filter((n) => n === 0).length,
      scheduledSentTwice: scheduled.filter((n) => n > 1).length,
      campaign: await this.campaignState(campaignSends.size),
      campaignSentTwice: [...campaignSends.values()].filter((n) => n > this.campaignRuns).length,
      events: this.deliveries.length,
      eventsMissing: this.customerMarkers.filter((m) => !idsByMarker.has(m)).length,
      eventsDuplicated: [...idsByMarker.values()].filter((ids) => ids.size > 1).length,
      stuckThreads: final ? await this.stuckThreads() : 0,
      turnsWithoutTools: this.turnsWithoutTools(),
    };
  }

  private async campaignState(received: number): Promise<Outcome['campaign']> {
    const recipients = this.campaignPhones.size;
    if (!this.campaignRunId) return { status: 'not sent', received, recipients };
    const body = (await this.ws.api.get(`/v1/campaigns/${this.ws.ids.campaigns.load.id}`).catch(() => null))?.body;
    const run = body?.workspaces?.[0]?.campaigns?.[0]?.runs?.find((r: any) => r.runId === this.campaignRunId);
    return { status: run?.status ?? 'unknown', received, recipients };
  }

  private turnsWithoutTools(): number {
    // A turn's model call ends on the customer's message; memory summaries and guardrail checks are other calls.
    const turn = new RegExp(`^(w${this.tag}c|k${this.tag}n)\\d`);
    const offered = this.llm.requests
      .filter((r) => !isGuardrailEvaluation(r) && turn.test(textOf(lastOf(r.messages, 'user'))))
      .map((r) =>
        (r.tools ?? [])
          .map((t) => t.function.name)
          .sort()
          .join(','),
      );
    return offered.filter((tools) => tools !== offered[0]).length;
  }

  /** A thread whose turn never ended refuses or never answers the next chat request. */
  private async stuckThreads(): Promise<number> {
    let stuck = 0;
    for (const conversationId of this.threads) {
      const res = await this.ws.api.post('/v1/chat', { conversationId, message: 'still there?' }).catch(() => null);
      if (res?.status !== 200) stuck++;
    }
    return stuck;
  }

  private get receiverUrl(): string {
    return `http://127.0.0.1:${(this.receiver!.address() as AddressInfo).port}/events`;
  }

  private async startReceiver(): Promise<void> {
    this.receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.deliveries.push({ id: String(req.headers['webhook-id'] ?? ''), body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => this.receiver!.listen(0, '127.0.0.1', resolve));
  }
}

export function holds(o: Outcome): boolean {
  return (
    o.unanswered === 0 &&
    o.answeredTwice === 0 &&
    o.scheduledUnsent === 0 &&
    o.scheduledSentTwice === 0 &&
    (o.campaign.status === 'not sent' || (o.campaign.status === 'completed' && o.campaign.received === o.campaign.recipients)) &&
    o.campaignSentTwice === 0 &&
    o.eventsMissing === 0 &&
    o.eventsDuplicated === 0 &&
    o.stuckThreads === 0 &&
    o.turnsWithoutTools === 0
  );
}
