import { Payload } from '@nestjs/microservices';
import {
  Subjects,
  agentUpdateSchema,
  assistRulesUpdateSchema,
  guardrailsUpdateSchema,
  promptActivateSchema,
  promptCreateSchema,
  type ChannelsDescribed,
  type ChannelsDescribeRequest,
  type RpcRequest,
} from '@platica/contracts';
import { DomainError, parseOrThrow } from '@platica/errors';
import {
  RpcClient,
  RpcController,
  RpcHandler,
  groupByWorkspace,
  readScope,
  requireWorkspaceUsers,
  serviceRequest,
  withStatus,
  writeScope,
} from '@platica/platform';
import { AgentRepository } from './agent.repository';
import { presentAgent, presentAssistRules, presentGuardrails } from './agent.presenter';

type Params = { agentId: string };

/** Endpoints › Agents: read, update, prompt history, guardrails and assist rules. */
@RpcController()
export class AgentsController {
  constructor(
    private readonly agents: AgentRepository,
    private readonly rpc: RpcClient,
  ) {}

  @RpcHandler('agents.agents.list')
  async list(@Payload() request: RpcRequest) {
    const scope = readScope(request);
    return groupByWorkspace(scope, await this.agents.list(scope.map((w) => w.id)), 'agents', presentAgent);
  }

  @RpcHandler('agents.agents.get')
  async get(@Payload() request: RpcRequest) {
    const scope = readScope(request);
    const agent = await this.agents.get(
      scope.map((w) => w.id),
      (request.params as Params).agentId,
    );
    return groupByWorkspace(
      scope.filter((w) => w.id === agent.workspaceId),
      [agent],
      'agents',
      presentAgent,
    );
  }

  /** For other services (the chat service, before a turn): the agent's status, 404 when it is not the workspace's. */
  @RpcHandler(Subjects.agents.agentsDescribe)
  async describe(@Payload() request: RpcRequest<{ agentId: string }>) {
    const agent = await this.agents.get([writeScope(request).id], request.body.agentId);
    return { id: agent.id, status: agent.status };
  }

  @RpcHandler('agents.agents.update')
  async update(@Payload() request: RpcRequest) {
    const change = parseOrThrow(agentUpdateSchema, request.body);
    if (Object.keys(change).length === 0) throw DomainError.validation([{ path: [], message: 'send at least one field to change' }]);
    if (change.owners) await requireWorkspaceUsers(this.rpc, request, change.owners);
    await this.requireWorkspaceChannels(writeScope(request).id, change.channelId ?? [], change.phoneNumber ?? []);
    const agent = await this.agents.update(writeScope(request).id, (request.params as Params).agentId, change);
    return { status: 'success', message: 'Agent updated', data: { id: agent.id } };
  }

  @RpcHandler('agents.prompt.get')
  async prompt(@Payload() request: RpcRequest) {
    const agent = await this.agents.get(
      readScope(request).map((w) => w.id),
      (request.params as Params).agentId,
    );
    const versions = await this.agents.versions(agent);
    return {
      activePromptId: agent.activePromptId,
      systemPrompt: agent.systemPrompt,
      versions: versions.map((v) => ({ id: v.id, systemPrompt: v.systemPrompt, createdAt: v.createdAt.toISOString(), note: v.note })),
    };
  }

  @RpcHandler('agents.prompt.create')
  async createPrompt(@Payload() request: RpcRequest) {
    const { systemPrompt, note } = parseOrThrow(promptCreateSchema, request.body);
    const agent = await this.agents.createVersion(writeScope(request).id, (request.params as Params).agentId, systemPrompt, note ?? null);
    return withStatus(201, {
      status: 'success',
      message: 'Prompt version created and activated',
      data: { id: agent.id, activePromptId: agent.activePromptId },
    });
  }

  @RpcHandler('agents.prompt.activate')
  async activatePrompt(@Payload() request: RpcRequest) {
    const { promptId } = parseOrThrow(promptActivateSchema, request.body);
    const agent = await this.agents.activateVersion(writeScope(request).id, (request.params as Params).agentId, promptId);
    return { status: 'success', message: 'Prompt version activated', data: { id: agent.id, activePromptId: agent.activePromptId } };
  }

  @RpcHandler('agents.guardrails.get')
  async guardrails(@Payload() request: RpcRequest) {
    return presentGuardrails(
      await this.agents.get(
        readScope(request).map((w) => w.id),
        (request.params as Params).agentId,
      ),
    );
  }

  @RpcHandler('agents.guardrails.update')
  async updateGuardrails(@Payload() request: RpcRequest) {
    const change = parseOrThrow(guardrailsUpdateSchema, request.body);
    const agent = await this.agents.updateGuardrails(writeScope(request).id, (request.params as Params).agentId, change);
    return { status: 'success', message: 'Guardrails updated', data: presentGuardrails(agent) };
  }

  @RpcHandler('agents.assistRules.get')
  async assistRules(@Payload() request: RpcRequest) {
    return presentAssistRules(
      await this.agents.get(
        readScope(request).map((w) => w.id),
        (request.params as Params).agentId,
      ),
    );
  }

  @RpcHandler('agents.assistRules.update')
  async updateAssistRules(@Payload() request: RpcRequest) {
    const change = parseOrThrow(assistRulesUpdateSchema, request.body);
    const agent = await this.agents.update(writeScope(request).id, (request.params as Params).agentId, change);
    return { status: 'success', message: 'Assist rules updated', data: presentAssistRules(agent) };
  }

  /** An agent's `channelId` and `phoneNumber` must name channels of its own workspace (messaging owns channels). */
  private async requireWorkspaceChannels(workspaceId: string, channelIds: string[], phoneNumbers: string[]): Promise<void> {
    if (!channelIds.length && !phoneNumbers.length) return;
    const phones = phoneNumbers.map((n) => n.replace(/^\+/, ''));
    const { channels } = await this.rpc.call<ChannelsDescribed>(
      Subjects.messaging.channelsDescribe,
      serviceRequest('agents', workspaceId, { refs: [...channelIds, ...phones] } satisfies ChannelsDescribeRequest),
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
