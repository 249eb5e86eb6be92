import { Injectable } from '@nestjs/common';
import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError } from '@temporalio/client';
import { evaluationOperations as ops, type OperationRequest } from '@platica/contracts';
import { DomainError, ErrorCode } from '@platica/errors';
import { ServiceConfig, TemporalClientOwner, readScope, withStatus, writeScope } from '@platica/platform';
import { agentEvaluationWorkflow } from '@platica/workflows';
import { agentEvaluationWorkflowId } from '@platica/workflows/activities';
import type { Agent } from '../agents/agent.entity';
import { AgentRepository } from '../agents/agent.repository';
import { EvaluationRepository } from './evaluation.repository';
import { presentEvaluation, presentEvaluationTurn } from './evaluation.presenter';

/** Agent evaluations (docs/agents.md › Evaluations): started, read, listed, cancelled; and the activation gate they open. */
@Injectable()
export class EvaluationsService extends TemporalClientOwner {
  constructor(
    config: ServiceConfig,
    private readonly agents: AgentRepository,
    private readonly evaluations: EvaluationRepository,
  ) {
    super(config);
  }

  async create(request: OperationRequest<typeof ops.create>) {
    const workspaceId = writeScope(request).id;
    const { body } = request;
    const agent = await this.agents.get([workspaceId], request.params.agentId);
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
    const evaluation = await this.evaluations.create(workspaceId, agent.id, body, {
      promptId: body.candidate.promptId ?? null,
      systemPrompt,
    });
    try {
      await this.temporal().workflow.start(agentEvaluationWorkflow, {
        taskQueue: this.queueOf('agents'),
        workflowId: agentEvaluationWorkflowId(evaluation.id),
        args: [{ workspaceId, evaluationId: evaluation.id }],
      });
    } catch (error) {
      if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    }
    return withStatus(202, { status: 'success', message: 'Evaluation started', data: { id: evaluation.id, status: evaluation.status } });
  }

  async list(request: OperationRequest<typeof ops.list>) {
    const workspaceIds = readScope(request).map((w) => w.id);
    const agent = await this.agents.get(workspaceIds, request.params.agentId);
    const evaluations = await this.evaluations.list([agent.workspaceId], agent.id);
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
    try {
      await this.temporal().workflow.getHandle(agentEvaluationWorkflowId(evaluation.id)).cancel();
    } catch (error) {
      if (!(error instanceof WorkflowNotFoundError)) throw error;
    }
    return withStatus(202, { status: 'success', message: 'Evaluation cancelling', data: { id: evaluation.id, status: evaluation.status } });
  }

  /**
   * With the agent's `requireEvaluation`, a prompt version is activated only when its latest
   * evaluation completed and passed (no failing check, no guardrail flip); otherwise 409 naming the evaluation
   * to run. A prompt activated as it is written (`promptId` null: no version to evaluate yet) is refused.
   */
  async requirePassingEvaluation(agent: Pick<Agent, 'id' | 'workspaceId' | 'requireEvaluation'>, promptId: string | null): Promise<void> {
    if (!agent.requireEvaluation) return;
    const run = { method: 'POST', path: `/v1/agents/${agent.id}/evaluations` };
    if (!promptId) {
      throw new DomainError(
        ErrorCode.Conflict,
        'This agent activates only evaluated prompt versions: create the version with activate: false, evaluate it, then activate it',
        { requireEvaluation: true, evaluation: { ...run, body: { candidate: { promptId: '<the new version>' } } } },
      );
    }
    const latest = await this.evaluations.latestOfPrompt(agent.workspaceId, agent.id, promptId);
    if (latest?.status === 'completed' && latest.summary?.passed) return;
    throw new DomainError(
      ErrorCode.Conflict,
      latest
        ? `The latest evaluation of prompt version ${promptId} (${latest.id}) did not pass: run a passing evaluation before activating it`
        : `Prompt version ${promptId} has no passing evaluation: run one before activating it`,
      {
        requireEvaluation: true,
        promptId,
        latestEvaluationId: latest?.id ?? null,
        evaluation: { ...run, body: { candidate: { promptId } } },
      },
    );
  }
}
