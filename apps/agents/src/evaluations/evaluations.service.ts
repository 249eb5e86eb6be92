import { Injectable } from '@nestjs/common';
import { evaluationOperations as ops, type OperationRequest } from '@platica/contracts';
import { DomainError, DomainReason, ErrorCode } from '@platica/errors';
import { readScope, withStatus, writeScope } from '@platica/platform';
import { AgentRepository } from '../agents/agent.repository';
import { AgentsConfigService } from '../config/agents.config';
import { ModelChains } from '../models/model-chains';
import { EvaluationRepository } from './evaluation.repository';
import { presentEvaluation, presentEvaluationTurn } from './evaluation.presenter';
import { EvaluationWorkflows } from './evaluation.workflows';
import { summarise } from './turn-comparison';

/** Agent evaluations (docs/agents.md › Evaluations): started, read, listed, cancelled. */
@Injectable()
export class EvaluationsService {
  constructor(
    private readonly agents: AgentRepository,
    private readonly evaluations: EvaluationRepository,
    private readonly workflows: EvaluationWorkflows,
    private readonly config: AgentsConfigService,
    private readonly chains: ModelChains,
  ) {}

  async create(request: OperationRequest<typeof ops.create>) {
    const workspaceId = writeScope(request).id;
    const { body } = request;
    const agent = await this.agents.get([workspaceId], request.params.agentId);
    await this.requireAllowedModels(workspaceId, body);
    let systemPrompt = body.candidate.systemPrompt ?? '';
    if (body.candidate.promptId) {
      const version = await this.agents.findVersion(agent.id, body.candidate.promptId);
      if (!version) {
        throw DomainError.validation([
          { path: ['candidate', 'promptId'], message: `the agent has no prompt version ${body.candidate.promptId}` },
        ]);
      }
      systemPrompt = version.systemPrompt;
    }
    const maxRunning = this.config.values.PLATICA_EVALUATIONS_RUNNING_PER_WORKSPACE;
    const evaluation = await this.evaluations.create(
      workspaceId,
      agent.id,
      body,
      { promptId: body.candidate.promptId ?? null, systemPrompt },
      maxRunning,
    );
    if (!evaluation) {
      throw DomainError.refused(
        ErrorCode.RateLimited,
        DomainReason.WorkspaceLimitReached,
        `The workspace has ${maxRunning} evaluations running, the most it may: wait for one to end or cancel one`,
        { limit: maxRunning, setting: 'PLATICA_EVALUATIONS_RUNNING_PER_WORKSPACE' },
      );
    }
    try {
      await this.workflows.start(workspaceId, evaluation.id);
    } catch (error) {
      // Not left `running` with no workflow to end it.
      await this.evaluations.finish(
        workspaceId,
        evaluation.id,
        'failed',
        summarise([]),
        `the evaluation could not start: ${String(error)}`,
      );
      throw error;
    }
    return withStatus(202, { status: 'success', message: 'Evaluation started', data: { id: evaluation.id, status: evaluation.status } });
  }

  /**
   * A candidate or judge model must be one the workspace has (docs/agents.md › Evaluations): a
   * model of one of its connections, or of the installation's (LLM_MODEL or one of
   * LLM_ALLOWED_MODELS). A workspace cannot spend a provider account on any model it sells.
   */
  private async requireAllowedModels(workspaceId: string, body: OperationRequest<typeof ops.create>['body']): Promise<void> {
    const asked = [
      { path: ['candidate', 'model'], model: body.candidate.model },
      { path: ['judge', 'model'], model: body.judge?.model },
    ];
    const issues = [];
    for (const { path, model } of asked) {
      if (model !== undefined && !(await this.chains.offers(workspaceId, model))) {
        issues.push({ path, message: `the model ${model} is not offered by a model connection of the workspace nor by the installation` });
      }
    }
    if (issues.length) throw DomainError.validation(issues);
  }

  async list(request: OperationRequest<typeof ops.list>) {
    const workspaceIds = readScope(request).map((w) => w.id);
    const agent = await this.agents.get(workspaceIds, request.params.agentId);
    const { promptId, finished, limit } = request.query;
    const evaluations = await this.evaluations.list([agent.workspaceId], agent.id, {
      promptId,
      finished: finished === undefined ? undefined : finished === 'true',
      limit,
    });
    return {
      evaluations: await Promise.all(evaluations.map(async (e) => presentEvaluation(e, await this.evaluations.progress(e.id)))),
    };
  }

  async get(request: OperationRequest<typeof ops.get>) {
    const workspaceIds = readScope(request).map((w) => w.id);
    const evaluation = await this.evaluations.get(workspaceIds, request.params.agentId, request.params.evaluationId);
    const { limit, offset } = request.query;
    const [progress, turns] = await Promise.all([
      this.evaluations.progress(evaluation.id),
      this.evaluations.turns(evaluation.id, { limit: limit + 1, offset }),
    ]);
    return {
      ...presentEvaluation(evaluation, progress),
      turns: { items: turns.slice(0, limit).map(presentEvaluationTurn), limit, offset, hasMore: turns.length > limit },
    };
  }

  async cancel(request: OperationRequest<typeof ops.cancel>) {
    const evaluation = await this.evaluations.get([writeScope(request).id], request.params.agentId, request.params.evaluationId);
    if (evaluation.status !== 'running') {
      throw new DomainError(ErrorCode.Conflict, `The evaluation has already ended (${evaluation.status})`, {
        evaluationId: evaluation.id,
        status: evaluation.status,
      });
    }
    await this.workflows.cancel(evaluation.id);
    return withStatus(202, { status: 'success', message: 'Evaluation cancelling', data: { id: evaluation.id, status: evaluation.status } });
  }
}
