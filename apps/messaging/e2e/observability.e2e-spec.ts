import { randomBytes } from 'node:crypto';
import {
  eventually,
  FakeMetaGraph,
  FakeOtlpCollector,
  MessagingWorkspace,
  startTestStack,
  type CollectedSpan,
  type TestStack,
  withAgents,
} from '@platica/testing';

/**
 * Traces and metrics of the whole stack (issue 19): with OTEL_EXPORTER_OTLP_ENDPOINT set,
 * every service exports its spans by OTLP/HTTP (here to a collector on loopback), and one
 * request's trace runs from the gateway through NATS into a service, a Temporal workflow and
 * its activity, and on to messaging; every service serves Prometheus metrics on its own port.
 */
describe('observability (e2e)', () => {
  let t: TestStack;
  let graph: FakeMetaGraph;
  let collector: FakeOtlpCollector;
  let ws: MessagingWorkspace;

  beforeAll(async () => {
    graph = await FakeMetaGraph.start();
    collector = await FakeOtlpCollector.start();
    // A stack of its own: its services export to its own OpenTelemetry collector.
    // Separate processes (oneProcess: false): each service's traces and /metrics are its own process's.
    t = await startTestStack(
      {
        META_GRAPH_BASE_URL: graph.url,
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
        // Export within a fraction of a second rather than the default 5 s.
        OTEL_BSP_SCHEDULE_DELAY: '100',
      },
      { oneProcess: false },
    );
    ws = await MessagingWorkspace.seed(t, withAgents);
  });
  afterAll(async () => {
    await t?.stop();
    await collector?.stop();
    await graph?.stop();
  });

  /** The chain of spans from `span` up to the trace's root, by parent ids. */
  const ancestry = (spans: CollectedSpan[], span: CollectedSpan): CollectedSpan[] => {
    const chain = [span];
    for (
      let parent = spans.find((s) => s.spanId === span.parentSpanId);
      parent;
      parent = spans.find((s) => s.spanId === parent!.parentSpanId)
    ) {
      chain.push(parent);
    }
    return chain;
  };

  it('follows a chat turn in one trace: gateway -> NATS -> chat -> Temporal workflow -> the activity -> NATS -> messaging', async () => {
    const traceId = randomBytes(16).toString('hex');
    const callerSpanId = randomBytes(8).toString('hex');
    const answered = await ws.api.post(
      '/v1/chat',
      { agentId: ws.ids.agents.sofia.id, client: { email: `traced-${traceId.slice(0, 8)}@example.test` }, message: 'traced' },
      { traceparent: `00-${traceId}-${callerSpanId}-01` },
    );
    expect(answered.status).toBe(200);

    // The reply is stored by messaging, asked by the turn's delivery activity; spans arrive as
    // each ends, so wait until its ancestry reaches the gateway's span (the chat handler ends last).
    const chain = await eventually(
      "the chain from messaging's span storing the reply up to the gateway's to be exported",
      async () => {
        const spans = collector.trace(traceId);
        const stored = spans.find((s) => s.service === 'messaging' && s.name === 'handle messaging.turns.reply');
        const ancestors = stored ? ancestry(spans, stored) : [];
        return ancestors.at(-1)?.name === 'POST /v1/chat' ? ancestors : undefined;
      },
      15_000,
    );
    const steps = chain.map((s) => `${s.service}: ${s.name}`).reverse();
    // Root first: the integrator's span (not exported here) is the parent of the gateway's.
    expect(chain.at(-1)!.parentSpanId).toBe(callerSpanId);
    // In that order, each the descendant of the one before.
    const order = [
      /^gateway: POST \/v1\/chat$/,
      /^gateway: rpc chat\.turns\.send$/,
      /^chat: handle chat\.turns\.send$/,
      /^agents: RunWorkflow:/,
      /^agents: RunActivity:/,
      /^agents: rpc messaging\.turns\.reply$/,
      /^messaging: handle messaging\.turns\.reply$/,
    ];
    const positions = order.map((pattern) => steps.findIndex((step) => pattern.test(step)));
    expect({ steps, missing: order.filter((_, i) => positions[i] === -1).map(String) }).toEqual({ steps, missing: [] });
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('serves Prometheus metrics on every service: RPC handler durations by subject and status, sends, the outbox backlog', async () => {
    const { phone } = await ws.customerWrites();
    const sent = await ws.api.post('/v1/messages', { channelId: ws.whatsapp.id, conversationId: phone, content: 'counted' });
    expect(sent.status).toBe(200);
    for (const [name, running] of t.stack.services) {
      const res = await fetch(`http://127.0.0.1:${running.port}/metrics`);
      expect([name, res.status]).toEqual([name, 200]);
      const text = await res.text();
      expect([name, text]).toEqual([name, expect.stringContaining('platica_process_resident_memory_bytes')]);
      expect([name, text]).toEqual([name, expect.stringContaining('# TYPE platica_rpc_handler_duration_seconds histogram')]);
    }
    const messaging = await (await fetch(`http://127.0.0.1:${t.stack.services.get('messaging')!.port}/metrics`)).text();
    expect(messaging).toMatch(/platica_rpc_handler_duration_seconds_count\{subject="messaging\.messages\.send",status="200"\} [1-9]/);
    expect(messaging).toMatch(/platica_message_sends_total\{platform="whatsapp",outcome="sent"\} [1-9]/);
    expect(messaging).toMatch(/platica_outbox_backlog \d+/);
    const gateway = await (await fetch(`http://127.0.0.1:${t.stack.services.get('gateway')!.port}/metrics`)).text();
    expect(gateway).toMatch(/platica_http_requests_total\{method="POST",route="\/v1\/messages",status="200"\} [1-9]/);
  });
});
