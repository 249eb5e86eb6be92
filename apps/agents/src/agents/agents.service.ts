import { Injectable } from '@nestjs/common';
import { agentOperations as ops, internalOperations, type OperationRequest } from '@platica/contracts';
import { DomainError, DomainReason, ErrorCode } from '@platica/errors';
import { RpcClient, groupByWorkspace, readScope, requireWorkspaceUsers, serviceRequest, withStatus, writeScope } from '@platica/platform';
import { AgentsConfigService } from '../config/agents.config';
import { DEFAULT_GUARDRAILS } from './agent-defaults';
import { AgentRepository } from './agent.repository';
import { PromptActivationGate } from './prompt-activation-gate';
import { presentAgent, presentAssistRules, presentGuardrails } from './agent.presenter';

/** Endpoints › Agents: read, update, prompt history, guardrails and assist rules. */
@Injectable()
export class AgentsService {
  constructor(
    private readonly agents: AgentRepository,
    private readonly rpc: RpcClient,
    private readonly activation: PromptActivationGate,
    private readonly config: AgentsConfigService,
  ) {}

  async list(request: OperationRequest<typeof ops.list>) {
    const scope = readScope(request);
    return groupByWorkspace(scope, await this.agents.list(scope.map((w) => w.id)), 'agents', presentAgent);
  }

  async get(request: OperationRequest<typeof ops.get>) {
    const scope = readScope(request);
    const agent = await this.agents.read(
      scope.map((w) => w.id),
      request.params.agentId,
    );
    return groupByWorkspace(
      scope.filter((w) => w.id === agent.workspaceId),
      [agent],
      'agents',
      presentAgent,
    );
  }

  /** For other services (the chat service, before a turn): the agent's status, 404 when it is not the workspace's. */
  /** The agent's strike thresholds (messaging, for a person's flag); the defaults for a conversation with no agent (or a deleted one). */
  async strikeThresholds(request: OperationRequest<typeof internalOperations.agents.strikeThresholds>) {
    const { agentId } = request.body;
    // A conversation whose agent was deleted since counts by the defaults too.
    const agent = agentId ? await this.agents.read([writeScope(request).id], agentId).catch(unlessNotFound) : null;
    const guardrails = agent?.guardrails ?? DEFAULT_GUARDRAILS;
    return { conversationStrikeThreshold: guardrails.conversationStrikeThreshold, clientStrikeThreshold: guardrails.clientStrikeThreshold };
  }

  async describe(request: OperationRequest<typeof internalOperations.agents.describe>) {
    const agent = await this.agents.read([writeScope(request).id], request.body.agentId);
    return { id: agent.id, status: agent.status };
  }

  async update(request: OperationRequest<typeof ops.update>) {
    const change = request.body;
    // `expectedLastUpdate` names the edit's base; it changes nothing by itself.
    if (Object.keys(change).every((field) => field === 'expectedLastUpdate'))
      throw DomainError.validation([{ path: [], message: 'send at least one field to change' }]);
    if (change.owners) await requireWorkspaceUsers(this.rpc, request, change.owners);
    // A prompt written here is activated at once: refused when the agent requires an evaluation first.
    if (change.systemPrompt !== undefined) {
      const agent = await this.agents.get([writeScope(request).id], request.params.agentId);
      const stillRequired = change.requireEvaluation ?? agent.requireEvaluation;
      await this.activation.requirePassingEvaluation(
        { id: agent.id, workspaceId: agent.workspaceId, requireEvaluation: stillRequired },
        null,
      );
    }
    await this.requireWorkspaceChannels(writeScope(request).id, change.channelId ?? [], change.phoneNumber ?? []);
    const agent = await this.agents.update(writeScope(request).id, request.params.agentId, change);
    return { status: 'success', message: 'Agent updated', data: { id: agent.id } };
  }

  async prompt(request: OperationRequest<typeof ops.promptGet>) {
    const agent = await this.agents.get(
      readScope(request).map((w) => w.id),
      request.params.agentId,
    );
    const versions = await this.agents.versions(agent);
    return {
      activePromptId: agent.activePromptId,
      systemPrompt: agent.systemPrompt,
      versions: versions.map((v) => ({ id: v.id, systemPrompt: v.systemPrompt, createdAt: v.createdAt.toISOString(), note: v.note })),
    };
  }

  async createPrompt(request: OperationRequest<typeof ops.promptCreate>) {
    const { systemPrompt, note, activate } = request.body;
    const workspaceId = writeScope(request).id;
    if (activate) await this.activation.requirePassingEvaluation(await this.agents.get([workspaceId], request.params.agentId), null);
    const { agent, version } = await this.agents.createVersion(workspaceId, request.params.agentId, systemPrompt, note ?? null, activate);
    return withStatus(201, {
      status: 'success',
      message: activate ? 'Prompt version created and activated' : 'Prompt version created (not activated)',
      data: { id: agent.id, activePromptId: agent.activePromptId, promptId: version.id },
    });
  }

  async activatePrompt(request: OperationRequest<typeof ops.promptActivate>) {
    const { promptId } = request.body;
    const workspaceId = writeScope(request).id;
    await this.activation.requirePassingEvaluation(await this.agents.get([workspaceId], request.params.agentId), promptId);
    const agent = await this.agents.activateVersion(writeScope(request).id, request.params.agentId, promptId);
    return { status: 'success', message: 'Prompt version activated', data: { id: agent.id, activePromptId: agent.activePromptId } };
  }

  async guardrails(request: OperationRequest<typeof ops.guardrailsGet>) {
    return presentGuardrails(
      await this.agents.get(
        readScope(request).map((w) => w.id),
        request.params.agentId,
      ),
    );
  }

  async updateGuardrails(request: OperationRequest<typeof ops.guardrailsUpdate>) {
    const change = request.body;
    // Turned on where nothing would moderate: said now rather than silently never checked.
    if (change.moderationEnabled && !this.config.values.MODERATION_BASE_URL) {
      throw DomainError.refused(
        ErrorCode.Unprocessable,
        DomainReason.ModerationNotConfigured,
        'This installation has no moderation endpoint (MODERATION_BASE_URL): moderationEnabled cannot be turned on',
        { field: 'moderationEnabled' },
      );
    }
    const agent = await this.agents.updateGuardrails(writeScope(request).id, request.params.agentId, change);
    return { status: 'success', message: 'Guardrails updated', data: presentGuardrails(agent) };
  }

  async assistRules(request: OperationRequest<typeof ops.assistRulesGet>) {
    return presentAssistRules(
      await this.agents.get(
        readScope(request).map((w) => w.id),
        request.params.agentId,
      ),
    );
  }

  async updateAssistRules(request: OperationRequest<typeof ops.assistRulesUpdate>) {
    const change = request.body;
    const agent = await this.agents.update(writeScope(request).id, request.params.agentId, change);
    return { status: 'success', message: 'Assist rules updated', data: presentAssistRules(agent) };
  }

  /** An agent's `channelId` and `phoneNumber` must name channels of its own workspace (messaging owns channels). */
  private async requireWorkspaceChannels(workspaceId: string, channelIds: string[], phoneNumbers: string[]): Promise<void> {
    if (!channelIds.length && !phoneNumbers.length) return;
    const phones = phoneNumbers.map((n) => n.replace(/^\+/, ''));
    const { channels } = await this.rpc.call(
      internalOperations.messaging.channelsDescribe,
      serviceRequest('agents', workspaceId, { refs: [...channelIds, ...phones] }),
    );
    const issues = [
      ...channelIds.flatMap((id, index) =>
        channels[index]?.id === id ? [] : [{ path: ['channelId', index], message: `no channel of the workspace has the id ${id}` }],
      ),
      ...phones.flatMap((phone, index) =>
        channels[channelIds.length + index]?.phoneNumber === phone
          ? []
          : [{ path: ['phoneNumber', index], message: `no WhatsApp channel of the workspace has the number ${phoneNumbers[index]}` }],
      ),
    ];
    if (issues.length) throw DomainError.validation(issues);
  }
}

function unlessNotFound(error: unknown): null {
  if (error instanceof DomainError && error.code === ErrorCode.NotFound) return null;
  throw error;
}
