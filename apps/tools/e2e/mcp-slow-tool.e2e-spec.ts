import { randomBytes } from 'node:crypto';
import {
  FakeLlm,
  lastOf,
  MessagingWorkspace,
  newPhone,
  startTestStack,
  TestMcpServer,
  textOf,
  withAgents,
  type ChatCompletionRequest,
  type FakeAnswer,
  type HttpClient,
  type TestMcpTool,
  type TestStack,
} from '@platica/testing';

/**
 * The tools service enforces MCP limits at 0.4 (TOOLS_MCP_TIMEOUT_SCALE), and every duration of
 * the tool with them: the same limits through the API, the same order of tool, timeouts and
 * progress, in 0.4 of the time. Loaded CI runs failed at smaller scales: at a tenth the silent
 * tool had 1.4 s left before its 9 s timeout; at a fifth the reporting tool's 2 s progress did
 * not restart its 6 s timeout in time once. At 0.4 a stall must last 8 s to fail it.
 */
const SCALE = 0.4;
/** 76 s unscaled: longer than the old fixed limits, a turn's 75 s wait for a tool and MCP's 70 s maximum. */
const TOOL_MS = 76_000 * SCALE;

/**
 * A (scaled) 76 s MCP tool answered through a chat turn (docs/tools.md › Slow tools), against real MCP
 * servers built from the SDK's server classes: one reporting progress (its 30 s timeout
 * extended up to a 120 s maximum), one silent with a 90 s timeout. Both turns run at once, so
 * the file takes about one tool's time.
 */
describe('a slow MCP tool in a chat turn (e2e)', () => {
  let t: TestStack;
  let llm: FakeLlm;
  let api: HttpClient;
  let sofia: string;
  const servers: TestMcpServer[] = [];

  beforeAll(async () => {
    llm = await FakeLlm.start();
    t = await startTestStack({ ...llm.env(), TOOLS_MCP_TIMEOUT_SCALE: String(SCALE) });
    const ws = await MessagingWorkspace.seed(t, withAgents);
    api = ws.api;
    sofia = ws.ids.agents.sofia.id;
    llm.answer = callThenAnswer;
  }, 300_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await t?.stop();
    await llm?.stop();
  });

  /** On `[[mcp:TOOL]]` the model calls the offered `mcp_TOOL_…` once, then answers `RESULT: <what it got>`. */
  function callThenAnswer(request: ChatCompletionRequest): FakeAnswer {
    const said = textOf(lastOf(request.messages, 'user'));
    const asked = /\[\[mcp:(\S+)\]\]/.exec(said);
    const result = request.messages.filter((m) => m.role === 'tool').pop();
    if (result) return { text: `RESULT: ${textOf(result)}` };
    const name = request.tools?.map((entry) => entry.function.name).find((n) => asked && n.startsWith(`mcp_${asked[1]}_`));
    if (!asked || !name) return { text: `ECHO: ${said}` };
    return { toolCall: { name, arguments: {} } };
  }

  async function connect(tool: TestMcpTool, limits: Record<string, number>): Promise<TestMcpServer> {
    const mcp = await TestMcpServer.start({ json: false, tools: [tool] });
    servers.push(mcp);
    const res = await api.post('/v1/tools/mcp', { name: `Reportes ${randomBytes(3).toString('hex')}`, url: mcp.url, limits });
    expect(res.status).toBe(201);
    const tools = (await api.get(`/v1/tools?kind=mcp&mcpId=${res.body.data.mcpId}`)).body.tools;
    for (const installed of tools) expect((await api.post(`/v1/agents/${sofia}/tools`, { toolId: installed.id })).status).toBe(201);
    return mcp;
  }

  const noArgs = { type: 'object', properties: {} };
  /** Works for TOOL_MS, telling its progress every `everyMs` (never, when 0). */
  const slow =
    (everyMs: number): TestMcpTool['run'] =>
    async (_args, call) => {
      const started = Date.now();
      let progress = 0;
      while (Date.now() - started < TOOL_MS && !call.signal.aborted) {
        await new Promise((resolve) => setTimeout(resolve, Math.min(everyMs || TOOL_MS, TOOL_MS - (Date.now() - started))));
        if (everyMs) await call.progress(++progress);
      }
      return { content: [{ type: 'text', text: call.signal.aborted ? 'cancelled' : `listo en ${Date.now() - started} ms` }] };
    };

  it('a 76 s tool, with or without progress, is answered and its result reaches the reply', async () => {
    const reporting = await connect(
      { name: 'progress_report', description: 'A long report that tells its progress.', inputSchema: noArgs, run: slow(10_000 * SCALE) },
      { timeoutMs: 30_000, maxTimeoutMs: 120_000 },
    );
    const silent = await connect(
      { name: 'silent_report', description: 'A long report that says nothing until done.', inputSchema: noArgs, run: slow(0) },
      { timeoutMs: 90_000, maxTimeoutMs: 90_000 },
    );
    const turn = (tool: string) =>
      api.post('/v1/chat', { agentId: sofia, client: { phoneNumber: newPhone() }, message: `[[mcp:${tool}]]` });
    const started = Date.now();
    const [withProgress, withoutProgress] = await Promise.all([turn('progress_report'), turn('silent_report')]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(TOOL_MS);
    // The tool's own time: at least TOOL_MS, and one run of it (called once, below), however late its
    // timers fire on a loaded machine (0.6 s late once, which the scaled 80 s bound, 0.4 s of slack, refused).
    const took = (body: unknown) => Number(/RESULT: listo en (\d+) ms/.exec(JSON.stringify(body))?.[1]);
    for (const [res, mcp] of [
      [withProgress, reporting],
      [withoutProgress, silent],
    ] as const) {
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).toMatch(/RESULT: listo en \d+ ms/);
      expect(took(res.body)).toBeGreaterThanOrEqual(TOOL_MS);
      expect(took(res.body)).toBeLessThan(1.5 * TOOL_MS);
      expect(mcp.calls).toHaveLength(1);
      expect(mcp.calls[0]!.progressToken).toBeDefined();
    }
  }, 200_000);
});
