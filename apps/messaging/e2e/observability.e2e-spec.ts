import { randomBytes } from 'node:crypto';
import {
  eventually,
  FakeMetaGraph,
  FakeOtlpCollector,
  MessagingWorkspace,
  startTestStack,
  type CollectedSpan,
  type TestStack,
} from '@platica/testing';

/**
 * Traces and metrics of the whole stack (issue 19): with OTEL_EXPORTER_OTLP_ENDPOINT set,
 * every service exports its spans by OTLP/HTTP (here to a collector on loopback), and one
 * request's trace runs from the gateway through NATS into messaging, its Temporal workflow
 * and the activity that sends; every service serves Prometheus metrics on its own port.
 */
describe('observability (e2e)', () => {
  let t: TestStack;
  let graph: FakeMetaGraph;
  let collector: FakeOtlpCollector;
  let ws: MessagingWorkspace;

  beforeAll(async () => {
    graph = await FakeMetaGraph.start();
    collector = await FakeOtlpCollector.start();
    t = await startTestStack({
      META_GRAPH_BASE_URL: graph.url,
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      // Export within a fraction of a second rather than the default 5 s.
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
    ws = await MessagingWorkspace.seed(t);
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

  it('follows a scheduled send in one trace: gateway -> NATS -> messaging -> Temporal workflow -> the sending activity', async () => {
    const { phone } = await ws.customerWrites();
    const traceId = randomBytes(16).toString('hex');
    const callerSpanId = randomBytes(8).toString('hex');
    const accepted = await ws.api.post(
      '/v1/messages',
      { channelId: ws.whatsapp.id, conversationId: phone, content: 'traced', delay: 3_000 },
      { traceparent: `00-${traceId}-${callerSpanId}-01` },
    );
    expect(accepted.status).toBe(202);
    await eventually('the scheduled message to reach the Graph API', async () =>
      graph.sends(ws.whatsapp.phoneNumberId).some((s) => s.body.to === phone && JSON.stringify(s.body).includes('traced')),
    );

    const activity = await eventually(
      'the sending activity span to be exported',
      async () => collector.trace(traceId).find((s) => s.name.startsWith('RunActivity')),
      15_000,
    );
    const chain = ancestry(collector.trace(traceId), activity);
    const steps = chain.map((s) => `${s.service}: ${s.name}`).reverse();
    // Root first: the integrator's span (not exported here) is the parent of the gateway's.
    expect(chain.at(-1)!.parentSpanId).toBe(callerSpanId);
    expect(steps[0]).toBe('gateway: POST /v1/messages');
    expect(steps).toEqual(
      expect.arrayContaining([
        'gateway: POST /v1/messages',
        'gateway: rpc messaging.messages.send',
        'messaging: handle messaging.messages.send',
        expect.stringMatching(/^messaging: StartWorkflow:/),
        expect.stringMatching(/^messaging: RunWorkflow:/),
        expect.stringMatching(/^messaging: StartActivity:/),
        expect.stringMatching(/^messaging: RunActivity:/),
      ]),
    );
    // In that order, each the descendant of the one before.
    const order = [
      'POST /v1/messages',
      'rpc messaging',
      'handle messaging',
      'StartWorkflow',
      'RunWorkflow',
      'StartActivity',
      'RunActivity',
    ];
    const positions = order.map((prefix) => steps.findIndex((step) => step.split(': ')[1]!.startsWith(prefix)));
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
