// First: the fake gateway, before the API client loads (api/hook-testing.ts says why).
import { answer, invalidated, mutate, observe, requestsTo, resetFakeApi, testQueryClient } from '../../api/hook-testing';
import { ApiError } from '../../api/client';
import { agentKeys, agentsQuery, connectSubagent, deleteAgent, updateAgent } from './agent-queries';

const WORKSPACE = 'ws_1';

/** A cache holding what the agent pages show in two workspaces. */
function cacheWithAgents() {
  const queryClient = testQueryClient();
  for (const key of [
    agentKeys.list(WORKSPACE),
    agentKeys.detail(WORKSPACE, 'agt_1'),
    agentKeys.prompt(WORKSPACE, 'agt_1'),
    agentKeys.guardrails(WORKSPACE, 'agt_1'),
    agentKeys.detail('ws_2', 'agt_9'),
  ])
    queryClient.setQueryData(key, {});
  return queryClient;
}

beforeEach(resetFakeApi);

describe('the agents', () => {
  it('are listed from every workspace of the answer', async () => {
    answer('GET /v1/agents', {
      status: 200,
      body: {
        workspaces: [
          { id: WORKSPACE, agents: [{ id: 'agt_1', name: 'Sales' }] },
          { id: 'ws_2', agents: [{ id: 'agt_2', name: 'Help' }] },
        ],
      },
    });
    const result = await observe(testQueryClient(), agentsQuery(WORKSPACE));
    expect(result.data?.map((agent) => agent.name)).toEqual(['Sales', 'Help']);
    expect(requestsTo('GET /v1/agents')[0]!.query.get('workspace')).toBe(WORKSPACE);
  });

  it('saved, read again: the agent, its prompt, guardrails and the list, in that workspace only', async () => {
    answer('PATCH /v1/agents/agt_1', { status: 200, body: { data: { id: 'agt_1' } } });
    const queryClient = cacheWithAgents();
    await mutate(queryClient, updateAgent(queryClient, WORKSPACE, 'agt_1'), {
      name: 'Sales',
      expectedLastUpdate: '2026-11-28T10:00:00.000Z',
    });
    expect(requestsTo('PATCH /v1/agents/agt_1')[0]!.body).toEqual({ name: 'Sales', expectedLastUpdate: '2026-11-28T10:00:00.000Z' });
    for (const key of [
      agentKeys.list(WORKSPACE),
      agentKeys.detail(WORKSPACE, 'agt_1'),
      agentKeys.prompt(WORKSPACE, 'agt_1'),
      agentKeys.guardrails(WORKSPACE, 'agt_1'),
    ])
      expect(invalidated(queryClient, key)).toBe(true);
    expect(invalidated(queryClient, agentKeys.detail('ws_2', 'agt_9'))).toBe(false);
  });

  it('refused as stale (409 naming expectedLastUpdate), nothing is read again: the form offers to reload', async () => {
    answer('PATCH /v1/agents/agt_1', {
      status: 409,
      body: { code: 409, error: 'Changed since', details: [{ path: ['expectedLastUpdate'], message: 'The agent changed' }] },
    });
    const queryClient = cacheWithAgents();
    const refusal = await mutate(queryClient, updateAgent(queryClient, WORKSPACE, 'agt_1'), { name: 'Sales' }).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 409, details: [{ path: ['expectedLastUpdate'] }] });
    expect(invalidated(queryClient, agentKeys.detail(WORKSPACE, 'agt_1'))).toBe(false);
  });

  it('deleted, the agent’s page is dropped from the cache and the list read again', async () => {
    answer('DELETE /v1/agents/agt_1', { status: 200, body: { status: 'success', message: 'Deleted' } });
    const queryClient = cacheWithAgents();
    await mutate(queryClient, deleteAgent(queryClient, WORKSPACE, 'agt_1'), undefined);
    expect(queryClient.getQueryState(agentKeys.detail(WORKSPACE, 'agt_1'))).toBeUndefined();
    expect(queryClient.getQueryState(agentKeys.prompt(WORKSPACE, 'agt_1'))).toBeUndefined();
    expect(invalidated(queryClient, agentKeys.list(WORKSPACE))).toBe(true);
  });
});

describe('a sub-agent connection', () => {
  it('sends the agent to connect with the task’s fields', async () => {
    answer('POST /v1/agents/agt_1/subagents', { status: 201, body: { data: { reference: 'sub_1' } } });
    const queryClient = cacheWithAgents();
    await mutate(queryClient, connectSubagent(queryClient, WORKSPACE, 'agt_1'), {
      subagentId: 'agt_2',
      task: 'assist',
      description: 'Billing',
    });
    expect(requestsTo('POST /v1/agents/agt_1/subagents')[0]!.body).toEqual({ subagentId: 'agt_2', task: 'assist', description: 'Billing' });
    expect(invalidated(queryClient, agentKeys.list(WORKSPACE))).toBe(true);
  });

  it('leaves a missing agent for the API to name (its 400 on subagentId)', async () => {
    answer('POST /v1/agents/agt_1/subagents', (request) => ({
      status: 400,
      body: {
        code: 400,
        error: 'Validation failed',
        details: [{ path: ['subagentId'], message: `Got "${String(Reflect.get(Object(request.body), 'subagentId'))}"` }],
      },
    }));
    const queryClient = cacheWithAgents();
    const refusal = await mutate(queryClient, connectSubagent(queryClient, WORKSPACE, 'agt_1'), { task: 'assist' }).catch(
      (error: unknown) => error,
    );
    expect(refusal).toMatchObject({ status: 400, details: [{ path: ['subagentId'], message: 'Got ""' }] });
  });
});
