/* eslint-disable @typescript-eslint/no-explicit-any -- the API's JSON answers and the fakes' records, read as an integrator would. */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  deliverMetaWebhook,
  isGuardrailEvaluation,
  lastOf,
  textOf,
  newPhone,
  newWamid,
  whatsappInbound,
  withAgents,
  MessagingWorkspace,
  type FakeLlm,
  type FakeMetaGraph,
  type GraphRequest,
  type StackAccess,
} from '@platica/testing';

/**
 * The mixed load of issue 35 as issue 51 asked for it, as customers, Meta and an integrator
 * make it: new WhatsApp customers arriving at a rate (exponential gaps), each writing a few
 * messages and waiting for the agent's answer to each; Meta redelivering a webhook not answered
 * 200 with the SAME message id, and now and then delivering one again after its 200 (it
 * delivers at least once); an API client with a time-out that retries with the same
 * `Idempotency-Key` (scheduled sends due 2 s after they are accepted, chat turns on a few
 * threads); scheduled sends into customers who wrote just before a fault; a campaign; a
 * webhook receiving every event. Each write carries a marker, so what became of it is counted
 * where it ends: at the fake Graph API (replies, scheduled sends, campaign sends), in the chat
 * threads and at the webhook receiver. Every request that broke an invariant is named.
 */
export interface LoadOptions {
  /** New customers a second, on average. */
  arrivalsPerSecond: number;
  /** Messages each customer writes, each once the last was answered, before leaving. */
  messagesPerCustomer: number;
  /** One scheduled send every this many ms, and one chat turn every twice as many. */
  intervalMs: number;
  campaignRecipients: number;
}

/** Each request's answer, with when it was made, how long it took, and what it was about. */
export interface Answer {
  route: Route;
  at: number;
  ms: number;
  /**
   * A replay (`Idempotent-Replayed: true`): the gateway answered what an earlier attempt under
   * the key got, so the request this answer ends began with the key's first attempt, then.
   */
  since?: number;
  status: number;
  /** The marker and ids of what the request carried, to name it. */
  subject: string;
  /** A failed request's answer (its body, or the client's error). */
  detail?: string;
}
export type Route = 'POST /hooks/meta' | 'POST /v1/messages' | 'POST /v1/chat';

/** What the invariants found once the load stopped and the stack settled. */
export interface Outcome {
  customerMessages: number;
  unanswered: number;
  answeredTwice: number;
  /** Deliveries Meta made again with a message id already answered 200 (retries after a failure are in `answers`). */
  redeliveries: number;
  scheduled: number;
  scheduledUnsent: number;
  scheduledSentTwice: number;
  /** Scheduled sends into customers who wrote just before the fault (among `scheduled`). */
  scheduledBeforeFault: number;
  chats: number;
  chatsLost: number;
  chatsTwice: number;
  /** Requests a client timed out on and sent again with the same Idempotency-Key. */
  clientRetries: number;
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
  /** Every request or record that broke an invariant, with its route, ids and what broke. */
  violations: string[];
}

/** What an answer to a creating request promises: the thing done once, never, or at most once (a 5xx that took it, or may have). */
type Expected = 'once' | 'never' | 'at most once';

interface CustomerMessage {
  marker: string;
  phone: string;
  wamid: string;
}

interface ClientRequest {
  marker: string;
  /** The answer the client settled on, and what it promises. */
  status: number;
  expected: Expected;
  /** Where it went: the conversation (a phone) of a scheduled send, the chat thread's id. */
  to: string;
  ids: string;
  /** Its attempts under the one key, in order ("no answer after 5002 ms, 409 ×23, 400"). */
  attempts: string;
}

/** A client's time-outs: Meta gives a webhook 10 s; an integrator gives a request 10 s, a scheduled send's 5 s. */
const TIMEOUT_MS = { webhook: 10_000, chat: 10_000, send: 5_000 };
/** How long a client goes on retrying with its key (a 503 or its own time-out) before it gives up. */
const RETRY_FOR_MS = 90_000;

export class MixedLoad {
  readonly answers: Answer[] = [];
  private running = false;
  private loops: Promise<void>[] = [];
  /** Requests a client is still retrying: stop() waits for them (each gives up after RETRY_FOR_MS). */
  private readonly retrying = new Set<Promise<unknown>>();
  private readonly customerMessages: CustomerMessage[] = [];
  private readonly scheduledSends: ClientRequest[] = [];
  private readonly chats: ClientRequest[] = [];
  private readonly threads: { id: string; conversationId: string }[] = [];
  /** Customers whose last message was answered: their window is open for a scheduled send. */
  private readonly answeredPhones: string[] = [];
  private customersArrived = 0;
  private redeliveries = 0;
  private clientRetries = 0;
  private scheduledBeforeFault = 0;
  private campaignRunId: string | null = null;
  private campaignRuns = 0;
  private campaignPhones = new Set<string>();
  private readonly deliveries: { id: string; body: string }[] = [];
  private receiver: Server | null = null;
  /** How many times Graph took each text (a 200), read incrementally from the fake's records. */
  private readonly sentTexts = new Map<string, number>();
  private readonly unsettledSends: GraphRequest[] = [];
  private sendsRead = 0;

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
    // Meta reports a status for every send it took, naming the send by its callback data, and
    // redelivers it until it is answered 200: a reply whose storing an outage cut is recognised by it.
    graph.reportStatuses({
      baseUrl: stack.baseUrl,
      channels: [{ phoneNumberId: ws.whatsapp.phoneNumberId, displayPhone: ws.whatsapp.phoneNumber, appSecret: ws.whatsapp.appSecret }],
      retryMs: 5_000,
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
      load.threads.push({ id: res.body.id, conversationId: res.body.conversationId });
    }
    return load;
  }

  start(): void {
    this.running = true;
    this.loops = [
      this.arrivals(),
      this.every(this.options.intervalMs, (n) => this.schedule(n)),
      this.every(this.options.intervalMs * 2, (n) => this.chat(n)),
    ];
  }

  /** Stops making new requests and waits for the clients still retrying theirs. */
  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
    while (this.retrying.size) await Promise.all([...this.retrying]);
  }

  /** Starts the campaign's run; its sends are spread by the stack's CAMPAIGN_SEND_RATE. */
  async sendCampaign(): Promise<void> {
    const template = { params: ['Cliente', 'L-1'], type: 'image', file: 'https://cdn.example.test/promo.png' };
    const res = await this.ws.api.post(`/v1/campaigns/${this.ws.ids.campaigns.load.id}/send`, { channelId: this.ws.whatsapp.id, template });
    if (res.status !== 200) throw new Error(`sending the campaign answered ${res.status}: ${res.text}`);
    this.campaignRunId = res.body.data.runId;
    this.campaignRuns++;
  }

  /**
   * Just before a fault: `count` new customers write, and a send is scheduled into each at
   * once (due 2 s later), while their messages may still be queued (issue 51, item 4).
   */
  async writeJustBefore(count: number): Promise<void> {
    await Promise.all(
      Array.from({ length: count }, async () => {
        const index = this.customersArrived++;
        const phone = newPhone();
        if (!(await this.write(phone, `w${this.tag}c${index}m0`))) return;
        this.scheduledBeforeFault++;
        this.track(this.scheduleInto(phone, `s${this.tag}b${index}`));
        void this.awaitReply(`w${this.tag}c${index}m0`);
      }),
    );
  }

  /** Waits until every invariant holds or `maxMs` passes, then counts what does not hold. */
  async settle(maxMs: number): Promise<Outcome> {
    const deadline = Date.now() + maxMs;
    let outcome = await this.outcome(false);
    while (Date.now() < deadline && outcome.violations.length) {
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

  /** New customers at `arrivalsPerSecond` on average: exponential gaps, as independent arrivals have. */
  private async arrivals(): Promise<void> {
    while (this.running) {
      void this.customer(this.customersArrived++);
      await sleep((-Math.log(1 - Math.random()) * 1000) / this.options.arrivalsPerSecond);
    }
  }

  private async customer(index: number): Promise<void> {
    const phone = newPhone();
    for (let n = 0; n < this.options.messagesPerCustomer && this.running; n++) {
      const marker = `w${this.tag}c${index}m${n}`;
      if (!(await this.write(phone, marker))) return;
      if (!(await this.awaitReply(marker))) return;
      this.answeredPhones.push(phone);
      await sleep(500);
    }
  }

  /**
   * One customer message as Meta delivers it: again, with the same message id, until it is
   * answered 200 (or the load stops); one in four delivered once more a second after its 200.
   */
  private async write(phone: string, marker: string): Promise<boolean> {
    const wa = this.ws.whatsapp;
    const wamid = newWamid();
    const payload = whatsappInbound({
      phoneNumberId: wa.phoneNumberId,
      displayPhone: wa.phoneNumber,
      from: phone,
      text: marker,
      messageId: wamid,
    });
    const subject = `${marker} from ${phone} (${wamid})`;
    const deliver = () =>
      this.timed('POST /hooks/meta', subject, async () => {
        const res = await deliverMetaWebhook(this.baseUrl, payload, wa.appSecret, undefined, TIMEOUT_MS.webhook);
        return { status: res.status, body: res.body };
      });
    while ((await deliver()) !== 200) {
      if (!this.running) return false;
      await sleep(1_000);
    }
    this.customerMessages.push({ marker, phone, wamid });
    if (this.customerMessages.length % 4 === 0) {
      this.redeliveries++;
      this.track(sleep(1_000).then(deliver));
    }
    return true;
  }

  private async awaitReply(marker: string): Promise<boolean> {
    while (this.running) {
      if (this.sent(`ECHO: ${marker}`)) return true;
      await sleep(200);
    }
    return false;
  }

  private async schedule(n: number): Promise<void> {
    // Into a customer of the load whose window is open: the latest answered.
    const to = this.answeredPhones.at(-1);
    if (to) await this.scheduleInto(to, `s${this.tag}n${n}`);
  }

  private async scheduleInto(to: string, marker: string): Promise<void> {
    const body = {
      channelId: this.ws.whatsapp.id,
      conversationId: to,
      content: marker,
      scheduleTime: new Date(Date.now() + 2_000).toISOString(),
    };
    const answer = await this.idempotent('POST /v1/messages', `${marker} to ${to}`, TIMEOUT_MS.send, '/v1/messages', body);
    if (answer)
      this.scheduledSends.push({ marker, to, ...answer, ids: answer.body?.messageId ?? answer.body?.details?.messageId ?? 'no id' });
  }

  private async chat(n: number): Promise<void> {
    const thread = this.threads[n % this.threads.length]!;
    const marker = `k${this.tag}n${n}`;
    const body = { conversationId: thread.conversationId, message: marker };
    const answer = await this.idempotent('POST /v1/chat', `${marker} on ${thread.id}`, TIMEOUT_MS.chat, '/v1/chat', body);
    if (answer)
      this.chats.push({
        marker,
        to: thread.id,
        ...answer,
        ids: answer.body?.requestMessageId ?? answer.body?.details?.requestMessageId ?? 'no id',
      });
  }

  /**
   * A creating request as a careful integrator makes it: one Idempotency-Key, a time-out, and
   * the same request again after a time-out, a dropped connection, a 409 (the first still
   * running) or a 503 (nothing done), until another answer or RETRY_FOR_MS. Returns the
   * answer settled on and what it promises, or null when nothing was asked of the stack.
   */
  private async idempotent(
    route: Route,
    subject: string,
    timeoutMs: number,
    path: string,
    body: unknown,
  ): Promise<{ status: number; expected: Expected; body: any; attempts: string } | null> {
    const api = this.ws.api.withTimeout(timeoutMs);
    const key = randomUUID();
    const until = Date.now() + RETRY_FOR_MS;
    const attempts: { status: number; ms: number }[] = [];
    const firstAt = Date.now();
    const attempt = async (): Promise<{ status: number; body: any }> => {
      let answer: { status: number; body: any } = { status: 0, body: null };
      const at = Date.now();
      await this.timed(route, subject, async () => {
        const res = await api.post(path, body, { 'idempotency-key': key });
        answer = res;
        return { ...res, ...(res.headers.get('idempotent-replayed') === 'true' ? { since: firstAt } : {}) };
      });
      attempts.push({ status: answer.status, ms: Date.now() - at });
      return answer;
    };
    const retried = (status: number, answer: any) =>
      status === 0 || status === 503 || (status === 409 && answer?.details?.reason === 'idempotency_key_in_progress');
    const work = (async () => {
      let answer = await attempt();
      while (retried(answer.status, answer.body) && Date.now() < until) {
        this.clientRetries++;
        await sleep(1_000);
        answer = await attempt();
      }
      return { ...answer, expected: expectation(answer.status, answer.body), attempts: describeAttempts(attempts) };
    })();
    this.track(work);
    return work;
  }

  private track(work: Promise<unknown>): void {
    const tracked = work.catch(() => undefined).finally(() => this.retrying.delete(tracked));
    this.retrying.add(tracked);
  }

  private async every(intervalMs: number, act: (n: number) => Promise<void>): Promise<void> {
    for (let n = 0; this.running; n++) {
      const next = Date.now() + intervalMs;
      // Not awaited: a request hanging during an outage must not slow the steady rate.
      void act(n).catch(() => undefined);
      await sleep(Math.max(0, next - Date.now()));
    }
  }

  private async timed(
    route: Route,
    subject: string,
    call: () => Promise<{ status: number; body: unknown; since?: number }>,
  ): Promise<number> {
    const at = Date.now();
    let status = 0; // the connection failed, or the client's time-out
    let detail: string | undefined;
    let since: number | undefined;
    try {
      const answer = await call();
      status = answer.status;
      since = answer.since;
      if (status >= 500) detail = `${since !== undefined ? 'replayed: ' : ''}${JSON.stringify(answer.body).slice(0, 300)}`;
    } catch (error) {
      detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    }
    this.answers.push({
      route,
      at,
      ms: Date.now() - at,
      status,
      subject,
      ...(since !== undefined ? { since } : {}),
      ...(detail ? { detail } : {}),
    });
    return status;
  }

  /** How many times Graph took (200) a send of this text. */
  private sent(text: string): number {
    const records = this.graph.requests;
    for (; this.sendsRead < records.length; this.sendsRead++) this.unsettledSends.push(records[this.sendsRead]!);
    for (let i = this.unsettledSends.length - 1; i >= 0; i--) {
      const record = this.unsettledSends[i]!;
      if (record.status === 0) continue; // Graph is still answering it
      this.unsettledSends.splice(i, 1);
      if (
        record.edge !== 'messages' ||
        record.method !== 'POST' ||
        record.objectId !== this.ws.whatsapp.phoneNumberId ||
        record.status !== 200
      )
        continue;
      const body = record.body as any;
      const text = body?.type === 'template' ? `template to ${body.to}` : String(body?.text?.body ?? '');
      this.sentTexts.set(text, (this.sentTexts.get(text) ?? 0) + 1);
    }
    return this.sentTexts.get(text) ?? 0;
  }

  private async outcome(final: boolean): Promise<Outcome> {
    const violations: string[] = [];
    const replies = this.customerMessages.map((m) => {
      const n = this.sent(`ECHO: ${m.marker}`);
      if (n !== 1)
        violations.push(`POST /hooks/meta ${m.marker} from ${m.phone} (${m.wamid}): ${n ? `answered ${n} times` : 'never answered'}`);
      return n;
    });
    const scheduled = this.scheduledSends.map((s) => {
      const n = this.sent(s.marker);
      const broke = broken(s.expected, n);
      if (broke)
        violations.push(
          `POST /v1/messages (scheduled) ${s.marker} to ${s.to} (${s.ids}, answered ${s.status}; attempts: ${s.attempts}): ${broke}`,
        );
      return { n, broke };
    });
    const stored = final ? await this.chatMessages() : null;
    const chats = this.chats.map((c) => {
      const n = stored?.get(c.marker) ?? (c.expected === 'never' ? 0 : 1);
      const broke = broken(c.expected, n);
      if (broke)
        violations.push(
          `POST /v1/chat ${c.marker} on ${c.to} (${c.ids}, answered ${c.status}; attempts: ${c.attempts}): ${broke} in the thread`,
        );
      return { n, broke };
    });
    const campaign = await this.campaignState();
    if (campaign.status !== 'not sent' && (campaign.status !== 'completed' || campaign.received !== campaign.recipients))
      violations.push(
        `POST /v1/campaigns/${this.ws.ids.campaigns.load.id}/send (run ${this.campaignRunId}): ${campaign.status}, ${campaign.received} of ${campaign.recipients} recipients sent`,
      );
    let campaignSentTwice = 0;
    for (const phone of this.campaignPhones) {
      const n = this.sent(`template to ${phone}`);
      if (n > this.campaignRuns) {
        campaignSentTwice++;
        violations.push(
          `POST /v1/campaigns/${this.ws.ids.campaigns.load.id}/send (run ${this.campaignRunId}): ${phone} sent ${n} times in ${this.campaignRuns} runs`,
        );
      }
    }
    // Every customer message is one `message.created` event: delivered at least once, always under one id.
    const idsByMarker = new Map<string, Set<string>>();
    for (const d of this.deliveries) {
      const marker = /"(w[0-9a-f]{6}c\d+m\d+)"/.exec(d.body)?.[1];
      if (marker && d.body.includes('"message.created"')) idsByMarker.set(marker, (idsByMarker.get(marker) ?? new Set()).add(d.id));
    }
    for (const m of this.customerMessages) {
      const ids = idsByMarker.get(m.marker);
      if (!ids) violations.push(`webhook message.created of ${m.marker} (${m.wamid}): never delivered`);
      else if (ids.size > 1)
        violations.push(`webhook message.created of ${m.marker} (${m.wamid}): delivered under ${ids.size} ids: ${[...ids].join(', ')}`);
    }
    const stuck = final ? await this.stuckThreads() : [];
    for (const s of stuck) violations.push(`POST /v1/chat on ${s.id}: a new message answered ${s.status} once the load stopped`);
    const withoutTools = this.turnsWithoutTools();
    for (const w of withoutTools) violations.push(`model call of the turn on "${w.text}": offered [${w.tools}], not the agent's tools`);
    return {
      customerMessages: replies.length,
      unanswered: replies.filter((n) => n === 0).length,
      answeredTwice: replies.filter((n) => n > 1).length,
      redeliveries: this.redeliveries,
      scheduled: scheduled.length,
      scheduledUnsent: scheduled.filter((s) => s.n === 0 && s.broke).length,
      scheduledSentTwice: scheduled.filter((s) => s.n > 1).length,
      scheduledBeforeFault: this.scheduledBeforeFault,
      chats: chats.length,
      chatsLost: chats.filter((c) => c.n === 0 && c.broke).length,
      chatsTwice: chats.filter((c) => c.n > 1).length,
      clientRetries: this.clientRetries,
      campaign,
      campaignSentTwice,
      events: this.deliveries.length,
      eventsMissing: this.customerMessages.filter((m) => !idsByMarker.has(m.marker)).length,
      eventsDuplicated: [...idsByMarker.values()].filter((ids) => ids.size > 1).length,
      stuckThreads: stuck.length,
      turnsWithoutTools: withoutTools.length,
      violations,
    };
  }

  private async campaignState(): Promise<Outcome['campaign']> {
    const recipients = this.campaignPhones.size;
    const received = [...this.campaignPhones].filter((phone) => this.sent(`template to ${phone}`) > 0).length;
    if (!this.campaignRunId) return { status: 'not sent', received, recipients };
    const body = (await this.ws.api.get(`/v1/campaigns/${this.ws.ids.campaigns.load.id}`).catch(() => null))?.body;
    const run = body?.workspaces?.[0]?.campaigns?.[0]?.runs?.find((r: any) => r.runId === this.campaignRunId);
    return { status: run?.status ?? 'unknown', received, recipients };
  }

  /** How many times each chat marker is stored in its thread, as the API shows the thread. */
  private async chatMessages(): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    for (const thread of this.threads) {
      const res = await this.ws.api.get(`/v1/chat/${thread.id}`);
      if (res.status !== 200) throw new Error(`reading chat ${thread.id} answered ${res.status}: ${res.text}`);
      for (const message of res.body.messages as { role: string; content: string }[])
        if (message.role === 'user') counts.set(message.content, (counts.get(message.content) ?? 0) + 1);
    }
    return counts;
  }

  private turnsWithoutTools(): { text: string; tools: string }[] {
    // A turn's model call ends on the customer's message; memory summaries and guardrail checks are other calls.
    const turn = new RegExp(`^(w${this.tag}c|k${this.tag}n)\\d`);
    const offered = this.llm.requests
      .filter((r) => !isGuardrailEvaluation(r) && turn.test(textOf(lastOf(r.messages, 'user'))))
      .map((r) => ({
        text: textOf(lastOf(r.messages, 'user')),
        tools: (r.tools ?? [])
          .map((t) => t.function.name)
          .sort()
          .join(','),
      }));
    return offered.filter((o) => o.tools !== offered[0]!.tools);
  }

  /** A thread whose turn never ended refuses or never answers the next chat request. */
  private async stuckThreads(): Promise<{ id: string; status: number }[]> {
    const stuck: { id: string; status: number }[] = [];
    for (const thread of this.threads) {
      const res = await this.ws.api.post('/v1/chat', { conversationId: thread.conversationId, message: 'still there?' }).catch(() => null);
      if (res?.status !== 200) stuck.push({ id: thread.id, status: res?.status ?? 0 });
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

/**
 * What a client may conclude from the answer it settled on: a 2xx, or a 504 saying it was
 * accepted, is done once; a 4xx (a 409 turn in progress, a closed window) or a 503 is not
 * done; any other 5xx, or no answer, may have been done (at most once).
 */
function expectation(status: number, body: any): Expected {
  if (status >= 200 && status < 300) return 'once';
  if (status === 504 && typeof body?.details?.accepted === 'boolean') return body.details.accepted ? 'once' : 'never';
  if ((status >= 400 && status < 500) || status === 503) return 'never';
  return 'at most once';
}

/** A request's attempts, a run of one answer told once: "no answer after 5002 ms, 409 ×23 after 9 ms or more, 400 after 31 ms". */
function describeAttempts(attempts: { status: number; ms: number }[]): string {
  const runs: { status: number; n: number; ms: number }[] = [];
  for (const a of attempts) {
    const last = runs.at(-1);
    if (last?.status === a.status) {
      last.n++;
      last.ms = Math.min(last.ms, a.ms);
    } else runs.push({ ...a, n: 1 });
  }
  return runs.map((r) => `${r.status || 'no answer'}${r.n > 1 ? ` ×${r.n}` : ''} after ${r.ms} ms${r.n > 1 ? ' or more' : ''}`).join(', ');
}

/** What broke, if `n` times done breaks what the answer promised. */
function broken(expected: Expected, n: number): string | null {
  if (n > 1) return `done ${n} times`;
  if (expected === 'once' && n === 0) return 'never done';
  if (expected === 'never' && n === 1) return 'done, though its answer said not';
  return null;
}

export function holds(o: Outcome): boolean {
  return o.violations.length === 0;
}
