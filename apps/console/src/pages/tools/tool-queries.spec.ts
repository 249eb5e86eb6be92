// First: the fake gateway, before the API client loads (api/hook-testing.ts says why).
import { answer, invalidated, mutate, requestsTo, resetFakeApi, testQueryClient } from '../../api/hook-testing';
import { connectMcp, testCustomApi, toolKeys } from './tool-queries';

const WORKSPACE = 'ws_1';
const body = { url: 'https://mcp.example.com/mcp', name: 'Docs', auth: { type: 'none' as const } };
const connected = (installed: string[]) => ({
  data: {
    mcpId: 'mcp_1',
    name: 'Docs',
    status: 'active',
    installedCount: installed.length,
    tools: installed.map((name) => ({ mcpToolName: name, installed: true })),
  },
});

beforeEach(resetFakeApi);

describe('connecting an MCP server', () => {
  it('keeps only the tools left checked (tools/sync) when the choice leaves some out, then reads the tools again', async () => {
    answer('POST /v1/tools/mcp', { status: 201, body: connected(['search', 'fetch', 'delete']) });
    answer('POST /v1/tools/mcp/mcp_1/tools/sync', { status: 200, body: connected(['search', 'fetch']) });
    const queryClient = testQueryClient();
    queryClient.setQueryData(toolKeys.catalog(WORKSPACE), { tools: [] });
    const outcome = await mutate(queryClient, connectMcp(queryClient, WORKSPACE), {
      body,
      keep: (installed) => installed.filter((name) => name !== 'delete'),
    });
    expect(requestsTo('POST /v1/tools/mcp')[0]!.body).toEqual(body);
    expect(requestsTo('POST /v1/tools/mcp/mcp_1/tools/sync')[0]!.body).toEqual({ tools: ['search', 'fetch'] });
    expect(outcome.server.installedCount).toBe(2);
    expect(outcome.choiceFailure).toBeUndefined();
    expect(invalidated(queryClient, toolKeys.catalog(WORKSPACE))).toBe(true);
  });

  it('syncs nothing without a choice, and says a failed choice while the server stays connected', async () => {
    answer('POST /v1/tools/mcp', { status: 201, body: connected(['search', 'fetch']) });
    const queryClient = testQueryClient();
    expect((await mutate(queryClient, connectMcp(queryClient, WORKSPACE), { body, keep: null })).server.mcpId).toBe('mcp_1');
    expect(requestsTo('POST /v1/tools/mcp/mcp_1/tools/sync')).toEqual([]);

    answer('POST /v1/tools/mcp/mcp_1/tools/sync', { status: 502, body: { code: 502, error: 'The server went away', details: {} } });
    const outcome = await mutate(queryClient, connectMcp(queryClient, WORKSPACE), { body, keep: () => ['search'] });
    expect(outcome).toMatchObject({ server: { mcpId: 'mcp_1' }, choiceFailure: 'The server went away' });
  });
});

describe('a custom API’s test', () => {
  it('sends the input as typed JSON and the phone number as context', async () => {
    answer('POST /v1/tools/apis/api_1/test', { status: 200, body: { data: { outcome: 'dry_run' } } });
    const queryClient = testQueryClient();
    await mutate(queryClient, testCustomApi(queryClient, WORKSPACE, 'api_1'), {
      dryRun: true,
      input: '{"city":"Lima"}',
      phoneNumber: '5215550001',
    });
    expect(requestsTo('POST /v1/tools/apis/api_1/test')[0]!.body).toEqual({
      dryRun: true,
      input: { city: 'Lima' },
      context: { phoneNumber: '5215550001' },
    });
  });

  it('refuses unreadable JSON itself, sending nothing', async () => {
    const queryClient = testQueryClient();
    const refusal = await mutate(queryClient, testCustomApi(queryClient, WORKSPACE, 'api_1'), {
      dryRun: true,
      input: '{city',
      phoneNumber: '',
    }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(SyntaxError);
    expect(requestsTo('POST /v1/tools/apis/api_1/test')).toEqual([]);
  });
});
