import { Logger } from '@nestjs/common';
import type { RuntimeExecuteRequest, RuntimeExecuteResult } from '@platica/contracts';
import { eventually, fake, newTestService } from '@platica/testing/test-service';
import type { AgentToolConnection, CatalogTool } from '../catalog/catalog-tool.entity';
import { CatalogRepository, PUBLISHED } from '../catalog/catalog.repository';
import type { CallResult } from '../custom-apis/custom-api-caller';
import type { CustomApi } from '../custom-apis/custom-api.entity';
import { CustomApiRepository } from '../custom-apis/custom-api.repository';
import { CustomApisService } from '../custom-apis/custom-apis.service';
import { McpToolCalls } from '../mcp/mcp-tool-calls';
import type { McpServer } from '../mcp/mcp-server.entity';
import { ToolCallRepository, type ToolCallTarget } from './tool-call.repository';
import { ToolRuntimeService } from './tool-runtime.service';

const tool = (id: string, fields: Partial<CatalogTool> = {}) =>
  ({
    id,
    workspaceId: 'ws_1',
    name: id,
    description: `The ${id} tool`,
    kind: 'api',
    status: PUBLISHED,
    parameters: { type: 'object' },
    ...fields,
  }) as unknown as CatalogTool;

const connection = (toolId: string, status = 'active') =>
  ({ workspaceId: 'ws_1', agentId: 'agt_1', toolId, status }) as unknown as AgentToolConnection;

const api = { id: 'api_1', workspaceId: 'ws_1', version: 2 } as unknown as CustomApi;
const server = { id: 'mcp_1', workspaceId: 'ws_1' } as unknown as McpServer;

const success: CallResult = {
  outcome: 'success',
  httpStatus: 200,
  durationMs: 42,
  request: { method: 'GET', url: 'https://api.example.test/orders/7' },
  response: { order: 7 },
  error: null,
};

/** The catalog, the call's target, the custom API's and MCP's runs, and the run log, as the test sets them. */
function world(
  options: {
    connections?: AgentToolConnection[];
    tools?: CatalogTool[];
    target?: Partial<ToolCallTarget>;
    result?: CallResult;
    recordFails?: boolean;
  } = {},
) {
  const lookups: unknown[][] = [];
  const runs: unknown[][] = [];
  const recorded: unknown[][] = [];
  const mcpRuns: unknown[][] = [];
  const mcpAnswer: RuntimeExecuteResult = { ok: true, outcome: 'success', httpStatus: null, durationMs: 5, output: { temp: 21 } };
  const built = newTestService(
    ToolRuntimeService,
    fake(CatalogRepository, {
      connections: async (workspaceId, agentId) => {
        lookups.push(['connections', workspaceId, agentId]);
        return options.connections ?? [];
      },
      toolsByIds: async (workspaceId, ids) => {
        lookups.push(['toolsByIds', workspaceId, ids]);
        return (options.tools ?? []).filter((t) => ids.includes(t.id));
      },
    }),
    fake(ToolCallRepository, {
      target: async (...args) => {
        lookups.push(['target', ...args]);
        return { connectionStatus: 'active', tool: tool('tool_api'), api, server: null, installation: null, ...options.target };
      },
    }),
    fake(CustomApisService, {
      run: async (...args) => {
        runs.push(args);
        return options.result ?? success;
      },
    }),
    fake(CustomApiRepository, {
      recordRun: async (...args) => {
        recorded.push(args);
        if (options.recordFails) throw new Error('database down');
      },
    }),
    fake(McpToolCalls, {
      run: async (...args) => {
        mcpRuns.push(args);
        return mcpAnswer;
      },
    }),
  );
  return { ...built, lookups, runs, recorded, mcpRuns, mcpAnswer };
}

const call = (fields: Partial<RuntimeExecuteRequest> = {}): RuntimeExecuteRequest => ({
  workspaceId: 'ws_1',
  agentId: 'agt_1',
  toolId: 'tool_api',
  toolCallId: 'call_1',
  arguments: { orderId: 7 },
  context: { conversationId: '5215550100' } as RuntimeExecuteRequest['context'],
  ...fields,
});

describe('ToolRuntimeService.agentTools', () => {
  it("offers the agent's actively connected, published tools of its workspace, sorted by name", async () => {
    const { service, lookups } = world({
      connections: [connection('t_zeta'), connection('t_alpha'), connection('t_paused', 'paused'), connection('t_draft')],
      tools: [
        tool('t_zeta', { name: 'zeta' }),
        tool('t_alpha', { name: 'alpha', parameters: { type: 'object', properties: { q: { type: 'string' } } } as never }),
        tool('t_paused', { name: 'paused' }),
        tool('t_draft', { name: 'draft', status: 'draft' as never }),
      ],
    });
    const tools = await service.agentTools({ workspaceId: 'ws_1', agentId: 'agt_1' });
    expect(tools).toEqual([
      {
        toolId: 't_alpha',
        name: 'alpha',
        description: 'The t_alpha tool',
        parameters: { type: 'object', properties: { q: { type: 'string' } } },
        kind: 'api',
      },
      { toolId: 't_zeta', name: 'zeta', description: 'The t_zeta tool', parameters: { type: 'object' }, kind: 'api' },
    ]);
    expect(lookups).toEqual([
      ['connections', 'ws_1', 'agt_1'],
      ['toolsByIds', 'ws_1', ['t_zeta', 't_alpha', 't_draft']],
    ]);
  });

  it('offers nothing to an agent with no connections', async () => {
    const { service } = world();
    expect(await service.agentTools({ workspaceId: 'ws_1', agentId: 'agt_1' })).toEqual([]);
  });
});

describe('ToolRuntimeService.execute', () => {
  it("runs a custom API tool with the call's context, records the run, and gives the model the answer", async () => {
    const { service, lookups, runs, recorded } = world();
    const result = await service.execute(call({ conversationRef: 'conv_1' }));
    expect(result).toEqual({ ok: true, outcome: 'success', httpStatus: 200, durationMs: 42, output: { order: 7 } });
    expect(lookups).toEqual([['target', 'ws_1', 'agt_1', 'tool_api']]);
    expect(runs).toEqual([[api, { orderId: 7 }, { conversationId: '5215550100', workspaceId: 'ws_1', agentId: 'agt_1' }, false]]);
    expect(recorded).toEqual([
      [
        {
          workspaceId: 'ws_1',
          customApiId: 'api_1',
          source: 'agent',
          outcome: 'success',
          httpStatus: 200,
          durationMs: 42,
          method: 'GET',
          url: 'https://api.example.test/orders/7',
          error: null,
          agentId: 'agt_1',
          conversationId: 'conv_1',
          toolCallId: 'call_1',
        },
        false,
      ],
    ]);
  });

  it("records the context's conversation when the call names no conversationRef", async () => {
    const { service, recorded } = world();
    await service.execute(call());
    expect((recorded[0]![0] as { conversationId: string }).conversationId).toBe('5215550100');
  });

  it("gives the model the remote API's error (not ok), and still answers when the run cannot be recorded", async () => {
    const failure: CallResult = {
      ...success,
      outcome: 'http-error',
      httpStatus: 502,
      response: { message: 'bad gateway' },
      error: 'HTTP 502',
    };
    const { service, recorded } = world({ result: failure, recordFails: true });
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const result = await service.execute(call());
    expect(result).toEqual({
      ok: false,
      outcome: 'http-error',
      httpStatus: 502,
      durationMs: 42,
      output: { error: 'HTTP 502', httpStatus: 502, response: { message: 'bad gateway' } },
    });
    expect(recorded).toHaveLength(1);
    await eventually('the failed record logged', async () => logged.mock.calls.length > 0);
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ msg: 'a tool call was not recorded', toolCallId: 'call_1' }));
    logged.mockRestore();
  });

  it("assembles an evaluation's request without calling or recording anything", async () => {
    const { service, runs, recorded } = world();
    const result = await service.execute(call({ dryRun: true }));
    expect(result).toEqual({
      ok: true,
      outcome: 'success',
      httpStatus: null,
      durationMs: 42,
      output: { notExecuted: expect.stringContaining('not executed during evaluation'), request: success.request },
    });
    expect(runs[0]![3]).toBe(true);
    expect(recorded).toEqual([]);
  });

  it("tells the model an evaluation's request could not be assembled", async () => {
    const { service, recorded } = world({ result: { ...success, outcome: 'mapping-error', httpStatus: null, error: 'missing orderId' } });
    expect(await service.execute(call({ dryRun: true }))).toEqual({
      ok: false,
      outcome: 'mapping-error',
      httpStatus: null,
      durationMs: 42,
      output: { error: 'missing orderId', request: success.request },
    });
    expect(recorded).toEqual([]);
  });

  it('runs an MCP tool on its server, and does not call it at all for an evaluation', async () => {
    const mcpTool = tool('tool_mcp', { kind: 'mcp' as never });
    const { service, mcpRuns, mcpAnswer, runs } = world({ target: { tool: mcpTool, api: null, server } });
    expect(await service.execute(call({ toolId: 'tool_mcp' }))).toBe(mcpAnswer);
    expect(mcpRuns).toEqual([[mcpTool, server, { orderId: 7 }]]);
    const dry = await service.execute(call({ toolId: 'tool_mcp', dryRun: true }));
    expect(dry).toEqual({ ok: true, outcome: 'success', httpStatus: null, durationMs: 0, output: { notExecuted: expect.any(String) } });
    expect(mcpRuns).toHaveLength(1);
    expect(runs).toEqual([]);
  });

  it.each<[string, Partial<ToolCallTarget>, string]>([
    ['not connected', { connectionStatus: null }, 'this tool is not connected to the agent'],
    ['paused', { connectionStatus: 'paused' }, 'this tool is not connected to the agent'],
    ['unpublished or absent', { tool: null }, 'this tool is not available now'],
    ['an api tool whose API is gone', { api: null }, 'this tool is not available now'],
    ['of a kind that cannot run', { tool: tool('tool_x', { kind: 'webhook' as never }) }, 'tools of kind webhook cannot run yet'],
  ])('tells the model (never throws) when the tool is %s, and calls nothing', async (_case, target, message) => {
    const { service, runs, mcpRuns, recorded } = world({ target });
    expect(await service.execute(call())).toEqual({
      ok: false,
      outcome: 'mapping-error',
      httpStatus: null,
      durationMs: 0,
      output: message,
    });
    expect([runs, mcpRuns, recorded]).toEqual([[], [], []]);
  });
});
