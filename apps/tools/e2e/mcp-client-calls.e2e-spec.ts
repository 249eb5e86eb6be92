import { randomBytes } from 'node:crypto';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import {
  FakeLlm,
  lastOf,
  MessagingWorkspace,
  newPhone,
  useSharedStack,
  TestMcpServer,
  textOf,
  withAgents,
  type ChatCompletionRequest,
  type FakeAnswer,
  type HttpClient,
  type TestMcpTool,
  type StackApi,
} from '@platica/testing';

/**
 * How MCP tools are called in turns (docs/tools.md › MCP servers, in turns), against real MCP servers
 * built from the SDK's server classes: results cut to the server's `maxBytes`, a per-server
 * timeout that progress notifications extend up to a maximum, task-only tools not installed,
 * one `MCP error` prefix in errors, and the protocol version of HTTP+SSE servers.
 */
describe('MCP tool calls (e2e)', () => {
  let t: StackApi;
  let llm: FakeLlm;
  let ws: MessagingWorkspace;
  let api: HttpClient;
  let sofia: string;
  const servers: TestMcpServer[] = [];

  beforeAll(async () => {
    llm = await FakeLlm.start();
    t = await useSharedStack({ llm: llm });
    ws = await MessagingWorkspace.seed(t, withAgents);
    api = ws.api;
    sofia = ws.ids.agents.sofia.id;
    llm.answer = callThenAnswer;
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await t?.stop();
    await llm?.stop();
  });

  const suffix = () => randomBytes(3).toString('hex');

  async function server(tools: TestMcpTool[], options: Parameters<typeof TestMcpServer.start>[0] = {}): Promise<TestMcpServer> {
    const started = await TestMcpServer.start({ json: false, ...options, tools });
    servers.push(started);
    return started;
  }

  /** Connects the server and gives Sofia its installed tools. */
  async function connect(target: TestMcpServer, extra: Record<string, unknown> = {}): Promise<any> {
    const res = await api.post('/v1/tools/mcp', { name: `Reportes ${suffix()}`, url: target.url, ...extra });
    expect(res.status).toBe(201);
    const tools = (await api.get(`/v1/tools?kind=mcp&mcpId=${res.body.data.mcpId}`)).body.tools;
    for (const tool of tools) expect((await api.post(`/v1/agents/${sofia}/tools`, { toolId: tool.id })).status).toBe(201);
    return res.body.data;
  }

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

  /** A chat turn asking for `tool`: what the model read as the tool's result. */
  async function toolResultOf(tool: string): Promise<string> {
    const marker = suffix();
    const res = await api.post('/v1/chat', { agentId: sofia, client: { phoneNumber: newPhone() }, message: `[[mcp:${tool}]] ${marker}` });
    expect(res.status).toBe(200);
    const request = llm.requests.find(
      (r) => textOf(lastOf(r.messages, 'user')).includes(marker) && r.messages.some((m) => m.role === 'tool'),
    );
    return textOf(request!.messages.filter((m) => m.role === 'tool').pop()!);
  }

  const text =
    (value: string): TestMcpTool['run'] =>
    () => ({ content: [{ type: 'text', text: value }] });
  const noArgs = { type: 'object', properties: {} };

  it('a 900 KB result is cut to the server maxBytes (32000 by default, or as configured) and the model is told', async () => {
    const huge = 'x'.repeat(900_000);
    const mcp = await server([
      { name: 'huge_report', description: 'A very large report.', inputSchema: noArgs, run: text(huge) },
      { name: 'short_report', description: 'A short report.', inputSchema: noArgs, run: text('todo en orden') },
    ]);
    const data = await connect(mcp);
    expect(data.limits).toEqual({ maxBytes: 32_000, timeoutMs: 30_000, maxTimeoutMs: 70_000 });

    const read = JSON.parse(await toolResultOf('huge_report'));
    expect(read.truncated).toBe("the tool's result was 900000 bytes; only its first 32000 are here");
    expect(Buffer.byteLength(read.result)).toBeLessThanOrEqual(32_000);
    expect(read.result).toMatch(/^x+ …\[truncated\]$/);
    // A result that fits is untouched.
    expect(await toolResultOf('short_report')).toBe('todo en orden');

    const small = await server([{ name: 'huge_ledger', description: 'A very large ledger.', inputSchema: noArgs, run: text(huge) }]);
    await connect(small, { limits: { maxBytes: 2_000 } });
    const cut = JSON.parse(await toolResultOf('huge_ledger'));
    expect(Buffer.byteLength(cut.result)).toBeLessThanOrEqual(2_000);
    expect(cut.truncated).toContain('only its first 2000');

    for (const [limits, field] of [
      [{ maxBytes: 10 }, 'maxBytes'],
      [{ timeoutMs: 5_000, maxTimeoutMs: 2_000 }, 'maxTimeoutMs'],
      [{ maxTimeoutMs: 600_000 }, 'maxTimeoutMs'],
    ] as const) {
      const invalid = await api.post('/v1/tools/mcp', { name: `Mal ${suffix()}`, url: small.url, limits });
      expect(invalid.status).toBe(400);
      expect(JSON.stringify(invalid.body.details)).toContain(`"limits","${field}"`);
    }
  });

  it('the call timeout is per server; progress notifications (for the progressToken sent) extend it up to maxTimeoutMs', async () => {
    let progressSent = 0;
    /** Works in steps, a progress notification each. */
    const steps =
      (count: number): TestMcpTool['run'] =>
      async (_args, call) => {
        for (let step = 1; step <= count; step++) {
          await new Promise((resolve) => setTimeout(resolve, 250));
          if (call.signal.aborted) break;
          if (await call.progress(step)) progressSent++;
        }
        return { content: [{ type: 'text', text: `exportado en ${count} pasos` }] };
      };
    /** Says nothing until the client gives up (cancels the call). */
    const silent: TestMcpTool['run'] = async (_args, call) => {
      await new Promise((resolve) => call.signal.addEventListener('abort', resolve));
      return { content: [{ type: 'text', text: 'too late' }] };
    };
    const mcp = await server([
      { name: 'long_export', description: 'A long export that reports progress.', inputSchema: noArgs, run: steps(24) },
      { name: 'silent_export', description: 'An export that reports nothing.', inputSchema: noArgs, run: silent },
      { name: 'endless_export', description: 'An export that never ends.', inputSchema: noArgs, run: steps(1_000) },
    ]);
    // Steps 250 ms apart against a 5 s timeout: a busy machine's pauses do not end a call that
    // reports progress (a 2 s gap was seen on CI against 2 s, a 3 s one at load 12 against 3 s).
    const data = await connect(mcp, { limits: { timeoutMs: 5_000, maxTimeoutMs: 12_000 } });
    expect(data.limits).toEqual({ maxBytes: 32_000, timeoutMs: 5_000, maxTimeoutMs: 12_000 });

    // 24 × 250 ms: more than the 5 s timeout, each step within it.
    expect(await toolResultOf('long_export')).toBe('exportado en 24 pasos');
    expect(mcp.calls[0]!.progressToken).toBeDefined();
    expect(progressSent).toBe(24);

    const started = Date.now();
    // Cut by Plática's own limit: a time-out, never an error the server answered.
    expect(await toolResultOf('silent_export')).toContain(
      '"error":"the MCP tool did not answer within 5000 ms (Plática\'s time limit for this server, restarted by each progress notification); it may still be running"',
    );
    expect(Date.now() - started).toBeLessThan(12_000);

    progressSent = 0;
    expect(await toolResultOf('endless_export')).toContain(
      '"error":"the MCP tool did not finish within 12000 ms, Plática\'s limit for one call of this server; it may still be running"',
    );
    // Progress kept it going past the 5 s timeout (21 × 250 ms), until the 12 s maximum.
    expect(progressSent).toBeGreaterThanOrEqual(21);
  });

  it('a tool that runs only as a task (execution.taskSupport required) is listed but not installed; preview and get say why', async () => {
    const taskOnly: TestMcpTool = {
      name: 'batch_import',
      description: 'Imports a batch, as a task.',
      inputSchema: noArgs,
      execution: { taskSupport: 'required' },
    };
    const optional: TestMcpTool = {
      name: 'quick_import',
      description: 'Imports now, or as a task.',
      inputSchema: noArgs,
      execution: { taskSupport: 'optional' },
    };
    const mcp = await server([taskOnly, optional]);
    const preview = await api.post('/v1/tools/mcp/preview', { url: mcp.url });
    expect(preview.status).toBe(200);
    const why = expect.stringContaining('execution.taskSupport: required');
    expect(preview.body.tools).toEqual([
      expect.objectContaining({ name: 'batch_import', taskSupport: 'required', installable: false, notInstallableReason: why }),
      expect.objectContaining({ name: 'quick_import', taskSupport: 'optional', installable: true, notInstallableReason: null }),
    ]);

    const data = await connect(mcp);
    expect(data).toMatchObject({ toolCount: 2, installedCount: 1 });
    expect(data.tools).toEqual([
      expect.objectContaining({ mcpToolName: 'batch_import', installed: false, installable: false, notInstallableReason: why }),
      expect.objectContaining({ mcpToolName: 'quick_import', installed: true, installable: true }),
    ]);
    expect((await api.get(`/v1/tools?kind=mcp&mcpId=${data.mcpId}`)).body.tools.map((tool: any) => tool.mcpToolName)).toEqual([
      'quick_import',
    ]);
    // The model is never offered it.
    const marker = suffix();
    expect(
      (await api.post('/v1/chat', { agentId: sofia, client: { phoneNumber: newPhone() }, message: `[[mcp:batch_import]] ${marker}` }))
        .status,
    ).toBe(200);
    const offered = llm.requests
      .find((r) => textOf(lastOf(r.messages, 'user')).includes(marker))!
      .tools!.map((entry) => entry.function.name);
    expect(offered.some((name) => name.startsWith('mcp_quick_import_'))).toBe(true);
    expect(offered.some((name) => name.startsWith('mcp_batch_import_'))).toBe(false);
    const sync = await api.post(`/v1/tools/mcp/${data.mcpId}/tools/sync`, { tools: ['batch_import', 'quick_import'] });
    expect(sync.status).toBe(400);
    expect(JSON.stringify(sync.body.details)).toContain('execution.taskSupport: required');
  });

  it('a JSON-RPC error reaches the model with one "MCP error <code>:" prefix; HTTP+SSE servers show their protocol version', async () => {
    const mcp = await server([
      {
        name: 'failing_lookup',
        description: 'A lookup whose server fails.',
        inputSchema: noArgs,
        run: () => {
          throw new McpError(ErrorCode.InternalError, 'the ledger is locked');
        },
      },
    ]);
    await connect(mcp);
    const read = await toolResultOf('failing_lookup');
    expect(read).toBe('The tool failed: {"error":"the MCP server answered an error: MCP error -32603: the ledger is locked"}');

    const legacy = await server([{ name: 'legacy_lookup', description: 'A lookup.', inputSchema: noArgs }], { legacySse: true });
    const preview = await api.post('/v1/tools/mcp/preview', { url: legacy.url });
    expect(preview.body).toMatchObject({ transport: 'sse', protocolVersion: expect.stringMatching(/^20\d\d-\d\d-\d\d$/) });
    const data = await connect(legacy);
    expect(data).toMatchObject({ transport: 'sse', protocolVersion: expect.stringMatching(/^20\d\d-\d\d-\d\d$/) });
  });
});
