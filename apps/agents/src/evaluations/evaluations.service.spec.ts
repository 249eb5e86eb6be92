import type { EvaluationCreate, EvaluationStatus, EvaluationSummary } from '@platica/contracts';
import { DomainError, ErrorCode } from '@platica/errors';
import { fake, newTestService, refusal, testAuth } from '@platica/testing/test-service';
import type { Agent } from '../agents/agent.entity';
import { AgentRepository } from '../agents/agent.repository';
import { AgentsConfigService } from '../config/agents.config';
import { ModelChains } from '../models/model-chains';
import type { Evaluation, EvaluationTurnResult } from './evaluation.entity';
import { EvaluationRepository } from './evaluation.repository';
import { EvaluationWorkflows } from './evaluation.workflows';
import { EvaluationsService } from './evaluations.service';

const AGENTS = [
  { id: 'agt_1', workspaceId: 'ws_1' },
  { id: 'agt_2', workspaceId: 'ws_2' },
] as Agent[];
const VERSIONS = [{ id: 'prm_1', agentId: 'agt_1', systemPrompt: 'Versioned prompt' }];

function evaluation(id: string, fields: Partial<Evaluation> = {}): Evaluation {
  return {
    id,
    workspaceId: 'ws_1',
    agentId: 'agt_1',
    status: 'running',
    promptId: null,
    systemPrompt: 'Be kind',
    model: null,
    sample: { last: 10 },
    checks: [],
    judge: null,
    maxTurns: 50,
    maxTokens: 100_000,
    summary: null,
    error: null,
    createdAt: new Date('2026-11-20T12:00:00Z'),
    finishedAt: null,
    ...fields,
  } as unknown as Evaluation;
}

function turn(position: number): EvaluationTurnResult {
  return {
    evaluationId: 'evl_1',
    turnId: `msg_${position}`,
    conversationRef: 'cnv_1',
    position,
    status: 'pending',
    detail: null,
    customerText: `hola ${position}`,
    recorded: null,
    candidate: null,
    comparison: null,
    checks: [],
    judge: null,
    tokens: 0,
  } as unknown as EvaluationTurnResult;
}

/** Agents, prompt versions and evaluations in memory; the workflows it started and cancelled. */
function world(options: { evaluations?: Evaluation[]; startFails?: boolean; turns?: EvaluationTurnResult[] } = {}) {
  const evaluations = options.evaluations ?? [];
  const created: { workspaceId: string; agentId: string; candidate: unknown; maxRunning: number }[] = [];
  const finished: { workspaceId: string; id: string; status: EvaluationStatus; summary: EvaluationSummary; error: string | null }[] = [];
  const started: string[][] = [];
  const cancelled: string[] = [];
  const listed: unknown[] = [];
  const built = newTestService(
    EvaluationsService,
    fake(AgentRepository, {
      get: async (workspaceIds: string[], id: string) => {
        const agent = AGENTS.find((a) => a.id === id && workspaceIds.includes(a.workspaceId));
        if (!agent) throw DomainError.notFound('Agent', id);
        return agent;
      },
      findVersion: async (agentId, promptId) => (VERSIONS.find((v) => v.agentId === agentId && v.id === promptId) ?? null) as never,
    }),
    fake(EvaluationRepository, {
      create: async (workspaceId, agentId, request, candidate, maxRunning) => {
        created.push({ workspaceId, agentId, candidate, maxRunning });
        if (evaluations.filter((e) => e.workspaceId === workspaceId && e.status === 'running').length >= maxRunning) return null;
        const made = evaluation(`evl_${evaluations.length + 1}`, {
          workspaceId,
          agentId,
          ...candidate,
          model: request.candidate.model ?? null,
        });
        evaluations.push(made);
        return made;
      },
      finish: async (workspaceId, id, status, summary, error) => void finished.push({ workspaceId, id, status, summary, error }),
      get: async (workspaceIds, agentId, id) => {
        const found = evaluations.find((e) => e.id === id && e.agentId === agentId && workspaceIds.includes(e.workspaceId));
        if (!found) throw DomainError.notFound('Evaluation', id);
        return found;
      },
      list: async (workspaceIds, agentId, filter) => {
        listed.push({ workspaceIds, agentId, filter });
        return evaluations.filter((e) => e.agentId === agentId && workspaceIds.includes(e.workspaceId));
      },
      progress: async (id) => ({ turns: id === 'evl_1' ? 4 : 0, done: id === 'evl_1' ? 2 : 0, tokens: 1234 }),
      turns: async (_id, page = { limit: 100, offset: 0 }) => (options.turns ?? []).slice(page.offset, page.offset + page.limit),
    }),
    fake(EvaluationWorkflows, {
      start: async (workspaceId, id) => {
        if (options.startFails) throw new Error('temporal is down');
        started.push([workspaceId, id]);
      },
      cancel: async (id) => void cancelled.push(id),
    }),
    fake(AgentsConfigService, {
      values: {
        LLM_MODEL: 'gpt-4o-mini',
        LLM_ALLOWED_MODELS: ['gpt-4o'],
        PLATICA_EVALUATIONS_RUNNING_PER_WORKSPACE: 2,
      } as unknown as AgentsConfigService['values'],
    }),
    // The installation's models, and one workspace connection's.
    fake(ModelChains, { offers: async (_workspaceId, model) => ['gpt-4o-mini', 'gpt-4o', 'claude-test'].includes(model) }),
  );
  return { ...built, evaluations, created, finished, started, cancelled, listed };
}

const body = (fields: Partial<EvaluationCreate> = {}): EvaluationCreate => ({
  candidate: { systemPrompt: 'Be kind' },
  sample: { last: 10 } as EvaluationCreate['sample'],
  checks: [],
  budget: { maxTurns: 50, maxTokens: 100_000 },
  ...fields,
});

const createOf = (fields: { body?: EvaluationCreate; agentId?: string; workspaceId?: string } = {}) =>
  ({
    auth: testAuth(),
    workspaceId: fields.workspaceId ?? 'ws_1',
    params: { agentId: fields.agentId ?? 'agt_1' },
    query: {},
    body: fields.body ?? body(),
  }) as never;

const readOf = (params: object, query: object, workspaceId?: string) => ({ auth: testAuth(), workspaceId, params, query }) as never;

describe('EvaluationsService', () => {
  describe('create', () => {
    it('stores the evaluation of a prompt text as given, starts its workflow and answers 202', async () => {
      const w = world();
      expect(await w.service.create(createOf())).toEqual({
        status: 202,
        body: { status: 'success', message: 'Evaluation started', data: { id: 'evl_1', status: 'running' } },
      });
      expect(w.created).toEqual([
        { workspaceId: 'ws_1', agentId: 'agt_1', candidate: { promptId: null, systemPrompt: 'Be kind' }, maxRunning: 2 },
      ]);
      expect(w.started).toEqual([['ws_1', 'evl_1']]);
    });

    it("evaluates a prompt version with the version's text", async () => {
      const w = world();
      await w.service.create(createOf({ body: body({ candidate: { promptId: 'prm_1' } }) }));
      expect(w.created[0]!.candidate).toEqual({ promptId: 'prm_1', systemPrompt: 'Versioned prompt' });
    });

    it('refuses a prompt version the agent does not have, naming candidate.promptId', async () => {
      const w = world();
      const error = await refusal(w.service.create(createOf({ body: body({ candidate: { promptId: 'prm_9' } }) })));
      expect(error.toBody()).toEqual({
        code: 400,
        error: 'Validation failed',
        details: [{ path: ['candidate', 'promptId'], message: 'the agent has no prompt version prm_9' }],
      });
      expect([w.created, w.started]).toEqual([[], []]);
    });

    it('refuses candidate and judge models neither a connection of the workspace nor the installation offers, naming each field', async () => {
      const w = world();
      const error = await refusal(
        w.service.create(
          createOf({ body: body({ candidate: { systemPrompt: 'x', model: 'o3-pro' }, judge: { rubric: 'r', model: 'claude' } }) }),
        ),
      );
      expect(error.code).toBe(ErrorCode.Validation);
      expect(error.details).toEqual([
        {
          path: ['candidate', 'model'],
          message: 'the model o3-pro is not offered by a model connection of the workspace nor by the installation',
        },
        {
          path: ['judge', 'model'],
          message: 'the model claude is not offered by a model connection of the workspace nor by the installation',
        },
      ]);
      expect(w.created).toEqual([]);
    });

    it("accepts LLM_MODEL, the allowed models and a workspace connection's model", async () => {
      const w = world();
      await w.service.create(
        createOf({ body: body({ candidate: { systemPrompt: 'x', model: 'claude-test' }, judge: { rubric: 'r', model: 'gpt-4o-mini' } }) }),
      );
      expect(w.started).toEqual([['ws_1', 'evl_1']]);
    });

    it("answers 404 for another workspace's agent, storing nothing", async () => {
      const w = world();
      const error = await refusal(w.service.create(createOf({ agentId: 'agt_2' })));
      expect([error.code, error.details]).toEqual([ErrorCode.NotFound, { id: 'agt_2' }]);
      expect(w.created).toEqual([]);
    });

    it('refuses a start beyond the running evaluations a workspace may have (429, naming the setting)', async () => {
      const w = world({ evaluations: [evaluation('evl_a'), evaluation('evl_b')] });
      const error = await refusal(w.service.create(createOf()));
      expect(error.toBody()).toMatchObject({
        code: 429,
        details: { reason: 'workspace_limit_reached', limit: 2, setting: 'PLATICA_EVALUATIONS_RUNNING_PER_WORKSPACE' },
      });
      expect(w.started).toEqual([]);
    });

    it('marks the evaluation failed when its workflow cannot start, and rethrows', async () => {
      const w = world({ startFails: true });
      await expect(w.service.create(createOf())).rejects.toThrow('temporal is down');
      expect(w.finished).toEqual([
        {
          workspaceId: 'ws_1',
          id: 'evl_1',
          status: 'failed',
          summary: expect.objectContaining({ turns: 0, replayed: 0 }) as unknown,
          error: 'the evaluation could not start: Error: temporal is down',
        },
      ]);
    });
  });

  describe('list', () => {
    it("lists the agent's evaluations in its workspace with their progress, passing the filters", async () => {
      const w = world({
        evaluations: [evaluation('evl_1'), evaluation('evl_2', { status: 'completed', finishedAt: new Date('2026-11-21T00:00:00Z') })],
      });
      const answer = await w.service.list(readOf({ agentId: 'agt_1' }, { promptId: 'prm_1', finished: 'true', limit: 20 }));
      expect(w.listed).toEqual([{ workspaceIds: ['ws_1'], agentId: 'agt_1', filter: { promptId: 'prm_1', finished: true, limit: 20 } }]);
      expect(answer.evaluations.map((e) => [e.id, e.status, e.progress, e.finishedAt])).toEqual([
        ['evl_1', 'running', { turns: 4, done: 2, tokens: 1234 }, null],
        ['evl_2', 'completed', { turns: 0, done: 0, tokens: 1234 }, '2026-11-21T00:00:00.000Z'],
      ]);
      expect(answer.evaluations[0]).toMatchObject({
        agentId: 'agt_1',
        candidate: { promptId: null, systemPrompt: 'Be kind', model: null },
        budget: { maxTurns: 50, maxTokens: 100_000 },
        createdAt: '2026-11-20T12:00:00.000Z',
      });
    });

    it('leaves the finished filter out when not given', async () => {
      const w = world();
      await w.service.list(readOf({ agentId: 'agt_1' }, { limit: 20 }));
      expect(w.listed).toEqual([
        { workspaceIds: ['ws_1'], agentId: 'agt_1', filter: { promptId: undefined, finished: undefined, limit: 20 } },
      ]);
    });

    it('answers 404 for an agent outside the workspace asked for', async () => {
      const w = world();
      const error = await refusal(w.service.list(readOf({ agentId: 'agt_2' }, { limit: 20 }, 'ws_1')));
      expect(error.code).toBe(ErrorCode.NotFound);
      expect(w.listed).toEqual([]);
    });
  });

  describe('get', () => {
    it('answers the evaluation with one page of its turns and whether more follow', async () => {
      const w = world({ evaluations: [evaluation('evl_1')], turns: [turn(0), turn(1), turn(2)] });
      const answer = await w.service.get(readOf({ agentId: 'agt_1', evaluationId: 'evl_1' }, { limit: 2, offset: 0 }));
      expect(answer.progress).toEqual({ turns: 4, done: 2, tokens: 1234 });
      expect(answer.turns).toMatchObject({ limit: 2, offset: 0, hasMore: true });
      expect(answer.turns.items.map((t) => [t.turnId, t.conversationId, t.customerText])).toEqual([
        ['msg_0', 'cnv_1', 'hola 0'],
        ['msg_1', 'cnv_1', 'hola 1'],
      ]);
      const last = await w.service.get(readOf({ agentId: 'agt_1', evaluationId: 'evl_1' }, { limit: 2, offset: 2 }));
      expect([last.turns.items.length, last.turns.hasMore]).toEqual([1, false]);
    });

    it("answers 404 for another workspace's evaluation or another agent's", async () => {
      const w = world({ evaluations: [evaluation('evl_1')] });
      const elsewhere = await refusal(w.service.get(readOf({ agentId: 'agt_1', evaluationId: 'evl_1' }, { limit: 2, offset: 0 }, 'ws_2')));
      expect([elsewhere.code, elsewhere.details]).toEqual([ErrorCode.NotFound, { id: 'evl_1' }]);
      const otherAgent = await refusal(w.service.get(readOf({ agentId: 'agt_2', evaluationId: 'evl_1' }, { limit: 2, offset: 0 })));
      expect(otherAgent.code).toBe(ErrorCode.NotFound);
    });
  });

  describe('cancel', () => {
    const cancelOf = (evaluationId: string, workspaceId = 'ws_1') =>
      ({ auth: testAuth(), workspaceId, params: { agentId: 'agt_1', evaluationId }, query: {}, body: undefined }) as never;

    it('cancels a running evaluation through its workflow and answers 202', async () => {
      const w = world({ evaluations: [evaluation('evl_1')] });
      expect(await w.service.cancel(cancelOf('evl_1'))).toEqual({
        status: 202,
        body: { status: 'success', message: 'Evaluation cancelling', data: { id: 'evl_1', status: 'running' } },
      });
      expect(w.cancelled).toEqual(['evl_1']);
    });

    it('refuses to cancel an evaluation that has ended (409)', async () => {
      const w = world({ evaluations: [evaluation('evl_1', { status: 'completed' })] });
      const error = await refusal(w.service.cancel(cancelOf('evl_1')));
      expect(error.toBody()).toEqual({
        code: 409,
        error: 'The evaluation has already ended (completed)',
        details: { evaluationId: 'evl_1', status: 'completed' },
      });
      expect(w.cancelled).toEqual([]);
    });

    it("answers 404 for another workspace's evaluation, cancelling nothing", async () => {
      const w = world({ evaluations: [evaluation('evl_1')] });
      const error = await refusal(w.service.cancel(cancelOf('evl_1', 'ws_2')));
      expect(error.code).toBe(ErrorCode.NotFound);
      expect(w.cancelled).toEqual([]);
    });
  });
});
