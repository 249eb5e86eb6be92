// bench/tools: the platform's own overhead per tool call in an agent turn, with a fake
// OpenAI-compatible model and a remote API on loopback. Each turn is a chat turn whose model
// calls one custom API tool, then answers from its result. Per tool call, the overhead is the
// time from the end of the model's first answer (the tool call) to the start of its second
// request (with the result), minus the remote's own time as the remote measured it (from the
// request's arrival at its socket to its answer's last byte: its --remote-ms, that timer's
// lateness in this busy process, and for MCP the SDK's server transport): reading the answer, the agents -> tools request over NATS, the lookups, the
// request assembly and the SSRF guard, trimming, and building the next model request.
// Target (issue 12): p99 under 25 ms with the remote answering in 20 ms and the model in 50 ms.
// The same for a tool of a connected MCP server (issue 14: a real SDK server on loopback, its
// tools/call answering in --remote-ms, with a warm session): the agents -> tools request, the
// catalog lookups, the pooled MCP client session and the JSON-RPC round trip. And for an
// integration's tool (issue 55: HubSpot's find_contact against FakeHubspot answering in
// --remote-ms): the installation's credentials opened, the argument check, the provider request.
//
//   node tools/build.mjs && node dist/bench/tools/main.js [--calls 200] [--remote-ms 20] [--model-ms 50] [--source api|mcp|integration|both|all]
import { randomBytes } from 'node:crypto';
import {
  FakeHubspot,
  FakeLlm,
  HttpTarget,
  lastOf,
  MessagingWorkspace,
  TestMcpServer,
  textOf,
  withAgents,
  type ChatCompletionRequest,
} from '@platica/testing';
import { startBenchStack } from '../lib/stack';
import { numberOption as option, option as stringOption, percentile } from '../lib/args';
import { runBench } from '../lib/run';

async function main(): Promise<void> {
  const calls = option('calls', 200);
  const source = stringOption('source', 'all');
  type Source = 'api' | 'mcp' | 'hubspot';
  const named: Record<string, Source[]> = { both: ['api', 'mcp'], all: ['api', 'mcp', 'hubspot'], integration: ['hubspot'] };
  const sources = named[source] ?? ([source] as Source[]);
  const remoteMs = option('remote-ms', 20);
  const llm = await FakeLlm.start();
  llm.delayMs = option('model-ms', 50);
  // The model calls the offered tool of the message's source (`api:`, `mcp:` or `hubspot:`) once, then answers with what it got.
  llm.answer = (request: ChatCompletionRequest) => {
    const said = textOf(lastOf(request.messages, 'user'));
    const prefix = `${said.split(':')[0]}_`;
    const tool = request.tools?.find((entry) => entry.function.name.startsWith(prefix))?.function.name;
    const args = prefix === 'hubspot_' ? { email: `${said.split(':')[1]}@bench.test` } : { order: said };
    if (tool && !request.messages.some((m) => m.role === 'tool')) return { toolCall: { name: tool, arguments: args } };
    return { text: `Listo: ${textOf(lastOf(request.messages, 'tool'))}` };
  };
  const remote = await HttpTarget.start((r) => ({ delayMs: remoteMs, body: { order: r.query.order, status: 'enviado' } }));
  const mcp = await TestMcpServer.start({
    json: true,
    delayMs: remoteMs,
    tools: [
      {
        name: 'order_status',
        description: 'Consulta el estado de un pedido del cliente.',
        inputSchema: { type: 'object', properties: { order: { type: 'string', description: 'Número de pedido' } }, required: ['order'] },
        run: (args) => ({ content: [{ type: 'text', text: JSON.stringify({ order: args.order, status: 'enviado' }) }] }),
      },
    ],
  });
  const hubspot = await FakeHubspot.start('pat-bench');
  hubspot.delayMs = remoteMs;
  const bench = await startBenchStack({
    INTEGRATIONS_HUBSPOT_BASE_URL: hubspot.url,
    LLM_BASE_URL: llm.url,
    LLM_API_KEY: 'bench',
    LLM_MODEL: 'fake-model',
    PLATICA_ALLOW_PRIVATE_NETWORKS: 'true',
  });
  try {
    const ws = await MessagingWorkspace.seed(bench, withAgents);
    const sofia = ws.ids.agents.sofia.id as string;
    const created = await ws.api.post('/v1/tools/apis', {
      name: `pedidos_${randomBytes(3).toString('hex')}`,
      description: 'Consulta el estado de un pedido del cliente.',
      request: {
        method: 'GET',
        url: `${remote.url}/orders`,
        params: [{ key: 'order', value: '{{order}}' }],
        auth: { type: 'bearer', token: 'bench' },
      },
      variables: [{ name: 'order', type: 'string', description: 'Número de pedido', required: true, mode: 'ai' }],
    });
    if (created.status !== 201) throw new Error(`create answered ${created.status}: ${created.text}`);
    const toolId = created.body.data.id as string;
    for (const [path, body] of [
      [`/v1/tools/apis/${toolId}/enable`, {}],
      [`/v1/agents/${sofia}/tools`, { toolId }],
    ] as const) {
      const res = await ws.api.post(path, body);
      if (res.status >= 300) throw new Error(`${path} answered ${res.status}: ${res.text}`);
    }
    const server = await ws.api.post('/v1/tools/mcp', { name: 'Pedidos', url: mcp.url });
    if (server.status !== 201) throw new Error(`MCP connect answered ${server.status}: ${server.text}`);
    const mcpToolId = server.body.data.tools[0].toolId as string;
    const connected = await ws.api.post(`/v1/agents/${sofia}/tools`, { toolId: mcpToolId });
    if (connected.status !== 201) throw new Error(`connecting the MCP tool answered ${connected.status}: ${connected.text}`);
    const installed = await ws.api.post('/v1/tools/integrations', {
      providerId: 'hubspot',
      credentials: { apiKey: 'pat-bench' },
      tools: ['find_contact'],
    });
    if (installed.status !== 201) throw new Error(`installing HubSpot answered ${installed.status}: ${installed.text}`);
    const hubspotToolId = installed.body.data.tools.find((tool: { toolId: string | null }) => tool.toolId).toolId as string;
    const linked = await ws.api.post(`/v1/agents/${sofia}/tools`, { toolId: hubspotToolId });
    if (linked.status !== 201) throw new Error(`connecting the HubSpot tool answered ${linked.status}: ${linked.text}`);

    /**
     * One turn with one tool call: the platform's time around the call, without the remote's
     * whole time at its socket (`overhead`) and without only its handler's time (`handlerExcluded`:
     * the remote's HTTP server, and for MCP the SDK's server transport, counted as ours).
     */
    const turn = async (kind: Source): Promise<{ overhead: number; handlerExcluded: number }> => {
      const marker = `${kind}:o${randomBytes(5).toString('hex')}`;
      const res = await ws.api.post('/v1/chat', {
        agentId: sofia,
        client: { email: `${marker.replace(':', '-')}@bench.test` },
        message: marker,
      });
      // The HubSpot fake finds no contact: its answer carries the search's result, not the marker.
      const reply = String(res.body.messages?.[0]?.content);
      if (res.status !== 200 || !(kind === 'hubspot' ? reply.startsWith('Listo: {"total":0') : reply.includes(marker)))
        throw new Error(`chat answered ${res.status}: ${res.text}`);
      const [first, second] = llm.timings.filter((x) => textOf(lastOf(x.request.messages, 'user')).includes(marker));
      if (!first?.finishedAt || !second) throw new Error(`the model was not asked twice for ${marker}`);
      const seen =
        kind === 'api'
          ? remote.requests.find((r) => r.query.order === marker)
          : kind === 'mcp'
            ? mcp.calls.find((c) => c.arguments.order === marker)
            : hubspot.requests.find((r) => r.rawBody.includes(`${marker.split(':')[1]}@bench.test`));
      if (seen?.heldMs === undefined || seen.servedMs === undefined) throw new Error(`the remote did not see ${marker}`);
      const around = second.startedAt - first.finishedAt;
      return { overhead: around - seen.servedMs, handlerExcluded: around - seen.heldMs };
    };

    for (const kind of sources) {
      for (let i = 0; i < 10; i++) await turn(kind); // warm-up: connections, caches, the JIT (and the MCP session)
      const measured: { overhead: number; handlerExcluded: number }[] = [];
      for (let i = 0; i < calls; i++) measured.push(await turn(kind));
      const sorted = measured.map((m) => m.overhead).sort((a, b) => a - b);
      const handlerOnly = measured.map((m) => m.handlerExcluded).sort((a, b) => a - b);
      const what = {
        api: 'custom API tool calls',
        mcp: 'MCP tool calls (warm session)',
        hubspot: 'integration tool calls (HubSpot find_contact)',
      }[kind];
      process.stdout.write(
        `${what} n=${sorted.length}, remote ${remoteMs} ms (its time at its socket excluded), model ${llm.delayMs} ms (excluded): overhead per call p50 ${percentile(sorted, 50).toFixed(0)} ms  p99 ${percentile(sorted, 99).toFixed(0)} ms  max ${sorted.at(-1)!.toFixed(0)} ms\n` +
          `  (excluding only the remote's handler, its HTTP server counted as ours: p50 ${percentile(handlerOnly, 50).toFixed(0)} ms  p99 ${percentile(handlerOnly, 99).toFixed(0)} ms)\n`,
      );
    }
    if (sources.includes('mcp'))
      process.stdout.write(
        `MCP sessions opened for ${mcp.calls.length} calls: ${mcp.initializations - 1} (plus 1 for the discovery at connect)\n`,
      );
  } finally {
    await bench.stop();
    await remote.stop();
    await mcp.stop();
    await hubspot.stop();
    await llm.stop();
  }
}

runBench(main);
