import { DomainError, ErrorCode } from '@platica/errors';
import { fake, newTestService, refusal, testAuth } from '@platica/testing/test-service';
import type { Agent } from '../agents/agent.entity';
import { AgentRepository } from '../agents/agent.repository';
import type { SubagentConnection } from './subagent-connection.entity';
import { SubagentRepository } from './subagent.repository';
import { SubagentsService } from './subagents.service';

function agent(id: string, workspaceId: string, fields: Partial<Agent> = {}): Agent {
  return {
    id,
    workspaceId,
    name: `Agent ${id}`,
    imageUrl: null,
    status: 'active',
    systemPrompt: 'Help',
    updatedAt: new Date('2026-11-20T12:00:00Z'),
    ...fields,
  } as unknown as Agent;
}

function connection(parentAgentId: string, subagentId: string, fields: Partial<SubagentConnection> = {}): SubagentConnection {
  return {
    parentAgentId,
    subagentId,
    workspaceId: 'ws_1',
    name: `Helper ${subagentId}`,
    agentName: `Agent ${subagentId}`,
    agentImageUrl: null,
    status: 'active',
    task: 'assist',
    description: 'knows prices',
    delegationCriteria: '',
    completionCriteria: '',
    ...fields,
  } as unknown as SubagentConnection;
}

const AGENTS = [
  agent('agt_1', 'ws_1'),
  agent('agt_2', 'ws_1', { systemPrompt: '   ', status: 'inactive', updatedAt: new Date('2026-11-21T08:00:00Z') }),
  agent('agt_3', 'ws_1', { name: 'Tres', imageUrl: 'https://img.example/3.png' }),
  agent('agt_9', 'ws_2'),
];

/** Agents and connections in memory (agt_1 connected to agt_2 and to a deleted agt_gone); the repository's write calls. */
function world() {
  const connections = [connection('agt_1', 'agt_2'), connection('agt_1', 'agt_gone')];
  const writes: unknown[][] = [];
  const lookups: unknown[][] = [];
  const built = newTestService(
    SubagentsService,
    fake(AgentRepository, {
      get: async (workspaceIds: string[], id: string) => {
        const found = AGENTS.find((a) => a.id === id && workspaceIds.includes(a.workspaceId));
        if (!found) throw DomainError.notFound('Agent', id);
        return found;
      },
      list: async (workspaceIds) => AGENTS.filter((a) => workspaceIds.includes(a.workspaceId)),
    }),
    fake(SubagentRepository, {
      list: async (workspaceId, parentAgentId) => {
        lookups.push(['list', workspaceId, parentAgentId]);
        return connections.filter((c) => c.workspaceId === workspaceId && c.parentAgentId === parentAgentId);
      },
      agentsById: async (workspaceId, ids) => {
        lookups.push(['agentsById', workspaceId, ids]);
        return AGENTS.filter((a) => a.workspaceId === workspaceId && ids.includes(a.id));
      },
      connect: async (workspaceId, parentAgentId, body) => {
        writes.push(['connect', workspaceId, parentAgentId, body]);
        return connection(parentAgentId, body.subagentId, { task: 'delegate' });
      },
      createAndConnect: async (workspaceId, parentAgentId, body) => {
        writes.push(['createAndConnect', workspaceId, parentAgentId, body]);
        return connection(parentAgentId, 'agt_new', { name: body.name });
      },
      update: async (workspaceId, parentAgentId, subagentId, change) => {
        writes.push(['update', workspaceId, parentAgentId, subagentId, change]);
        if (subagentId === 'agt_unknown') throw DomainError.notFound('Sub-agent connection', subagentId);
        return connection(parentAgentId, subagentId, change as Partial<SubagentConnection>);
      },
      disconnect: async (workspaceId, parentAgentId, subagentId) =>
        void writes.push(['disconnect', workspaceId, parentAgentId, subagentId]),
    }),
  );
  return { ...built, writes, lookups };
}

/** A request in `workspaceId` (null: none resolved, as a read over every workspace of the caller). */
const requestOf = (params: object, body?: unknown, workspaceId: string | null = 'ws_1') =>
  ({ auth: testAuth(), workspaceId: workspaceId ?? undefined, params, query: {}, body }) as never;

describe('SubagentsService', () => {
  describe('list', () => {
    it('shows each connection with the state of its sub-agent, and a deleted sub-agent as missing', async () => {
      const w = world();
      const answer = await w.service.list(requestOf({ agentId: 'agt_1' }, undefined, null));
      expect(answer.subagents).toEqual([
        {
          reference: 'agt_2',
          name: 'Helper agt_2',
          agentName: 'Agent agt_2',
          agentImageUrl: null,
          status: 'active',
          task: 'assist',
          description: 'knows prices',
          delegationCriteria: '',
          completionCriteria: '',
          agentExists: true,
          hasPrompt: false,
          agentStatus: 'inactive',
          lastUpdate: '2026-11-21T08:00:00.000Z',
        },
        expect.objectContaining({ reference: 'agt_gone', agentExists: false, hasPrompt: false, agentStatus: null, lastUpdate: null }),
      ]);
      expect(w.lookups).toEqual([
        ['list', 'ws_1', 'agt_1'],
        ['agentsById', 'ws_1', ['agt_2', 'agt_gone']],
      ]);
    });

    it("answers 404 for another workspace's agent", async () => {
      const w = world();
      const error = await refusal(w.service.list(requestOf({ agentId: 'agt_9' })));
      expect([error.code, error.details]).toEqual([ErrorCode.NotFound, { id: 'agt_9' }]);
      expect(w.lookups).toEqual([]);
    });
  });

  describe('available', () => {
    it("offers the workspace's other agents, marking those already connected", async () => {
      const w = world();
      const answer = await w.service.available(requestOf({ agentId: 'agt_1' }));
      expect(answer.agents).toEqual([
        {
          id: 'agt_2',
          name: 'Agent agt_2',
          imageUrl: null,
          status: 'inactive',
          hasPrompt: false,
          lastUpdate: '2026-11-21T08:00:00.000Z',
          isAlreadyConnected: true,
        },
        {
          id: 'agt_3',
          name: 'Tres',
          imageUrl: 'https://img.example/3.png',
          status: 'active',
          hasPrompt: true,
          lastUpdate: '2026-11-20T12:00:00.000Z',
          isAlreadyConnected: false,
        },
      ]);
    });

    it('answers 404 for an agent outside the workspace asked for', async () => {
      const w = world();
      expect((await refusal(w.service.available(requestOf({ agentId: 'agt_1' }, undefined, 'ws_2')))).code).toBe(ErrorCode.NotFound);
    });
  });

  describe('writes', () => {
    it('connects an agent in the write workspace and answers 201 with the connection', async () => {
      const w = world();
      const reply = await w.service.connect(requestOf({ agentId: 'agt_1' }, { subagentId: 'agt_3', name: 'Precios' }));
      expect(reply).toEqual({
        status: 201,
        body: {
          status: 'success',
          message: 'Sub-agent connected',
          data: { connection: expect.objectContaining({ reference: 'agt_3', task: 'delegate' }) as unknown },
        },
      });
      expect(w.writes).toEqual([['connect', 'ws_1', 'agt_1', { subagentId: 'agt_3', name: 'Precios' }]]);
    });

    it('creates and connects a new agent, answering its id', async () => {
      const w = world();
      const reply = await w.service.create(requestOf({ agentId: 'agt_1' }, { name: 'Nuevo' }, 'ws_2'));
      expect(reply.status).toBe(201);
      expect(reply.body).toMatchObject({
        message: 'Sub-agent created and connected',
        data: { subagentId: 'agt_new', connection: { reference: 'agt_new', name: 'Nuevo' } },
      });
      expect(w.writes).toEqual([['createAndConnect', 'ws_2', 'agt_1', { name: 'Nuevo' }]]);
    });

    it('updates a connection and passes the repository’s 404 through', async () => {
      const w = world();
      expect(await w.service.update(requestOf({ agentId: 'agt_1', subagentId: 'agt_2' }, { description: 'nuevo' }))).toEqual({
        status: 'success',
        message: 'Sub-agent connection updated',
        data: { connection: expect.objectContaining({ reference: 'agt_2', description: 'nuevo' }) as unknown },
      });
      expect((await refusal(w.service.update(requestOf({ agentId: 'agt_1', subagentId: 'agt_unknown' }, {})))).code).toBe(
        ErrorCode.NotFound,
      );
      expect(w.writes.map((call) => call.slice(0, 4))).toEqual([
        ['update', 'ws_1', 'agt_1', 'agt_2'],
        ['update', 'ws_1', 'agt_1', 'agt_unknown'],
      ]);
    });

    it('disconnects in the write workspace', async () => {
      const w = world();
      expect(await w.service.disconnect(requestOf({ agentId: 'agt_1', subagentId: 'agt_2' }))).toEqual({
        status: 'success',
        message: 'Sub-agent disconnected',
      });
      expect(w.writes).toEqual([['disconnect', 'ws_1', 'agt_1', 'agt_2']]);
    });

    it('refuses a write that reached it without a resolved workspace', async () => {
      const w = world();
      await expect(w.service.disconnect(requestOf({ agentId: 'agt_1', subagentId: 'agt_2' }, undefined, null))).rejects.toThrow(
        'a write without a resolved workspace reached the service',
      );
      expect(w.writes).toEqual([]);
    });
  });
});
