import { Injectable } from '@nestjs/common';
import { generateText } from 'ai';
import {
  NO_AGENT_MODELS,
  modelOperations as ops,
  type AgentModels,
  type ModelConnectionCreate,
  type ModelConnectionUpdate,
  type ModelProvider,
  type OperationRequest,
} from '@platica/contracts';
import { DomainError, ErrorCode, type FieldIssue } from '@platica/errors';
import { assertPublicHttpUrl, groupByWorkspace, newId, readScope, UnsafeUrlError, withStatus, writeScope } from '@platica/platform';
import { AgentRepository } from '../agents/agent.repository';
import { AgentsConfigService } from '../config/agents.config';
import { modelCallErrorOf } from './model-call-errors';
import { ModelConnection } from './model-connection.entity';
import { ModelConnectionRepository } from './model-connection.repository';
import { ModelChains } from './model-chains';
import { presentModelConnection } from './model-connection.presenter';
import { baseUrlOf, originOf, ProviderModels } from './provider-models';

/** Model connections (docs/agents.md › Models and fallback) and each agent's model settings. */
@Injectable()
export class ModelConnectionsService {
  constructor(
    private readonly connections: ModelConnectionRepository,
    private readonly providers: ProviderModels,
    private readonly chains: ModelChains,
    private readonly agents: AgentRepository,
    private readonly config: AgentsConfigService,
  ) {}

  async list(request: OperationRequest<typeof ops.connectionsList>) {
    const scope = readScope(request);
    const connections = await this.connections.list(scope.map((w) => w.id));
    const breakers = await this.connections.breakers(connections.map((c) => c.id));
    return groupByWorkspace(scope, connections, 'connections', (c) => presentModelConnection(c, breakers.get(c.id)));
  }

  async get(request: OperationRequest<typeof ops.connectionsGet>) {
    const connection = await this.connections.get(
      readScope(request).map((w) => w.id),
      request.params.connectionId,
    );
    return this.answer(200, 'Model connection', connection);
  }

  async create(request: OperationRequest<typeof ops.connectionsCreate>) {
    const workspaceId = writeScope(request).id;
    const body: ModelConnectionCreate = request.body;
    await this.requireUsableBaseUrl(body.provider, body.baseUrl ?? null);
    const baseUrl = body.baseUrl ?? null;
    const sealed = body.credential === undefined ? null : this.providers.seal(body.credential);
    const connection = await this.connections.write(async (em) => {
      const created = em.create(ModelConnection, {
        id: newId('mc'),
        workspaceId,
        name: body.name,
        provider: body.provider,
        baseUrl,
        credentialSealed: sealed,
        credentialOrigin: sealed ? originOf(baseUrlOf({ provider: body.provider, baseUrl })) : null,
        models: body.models,
        isDefault: body.default ?? false,
      });
      await em.flush();
      if (created.isDefault) await this.connections.clearOtherDefaults(em, workspaceId, created.id);
      return created;
    });
    return this.answer(201, 'Model connection created', connection);
  }

  async update(request: OperationRequest<typeof ops.connectionsUpdate>) {
    const workspaceId = writeScope(request).id;
    const change: ModelConnectionUpdate = request.body;
    const connection = await this.connections.write(async (em) => {
      const found = await this.connections.get([workspaceId], request.params.connectionId, em);
      const baseUrl = change.baseUrl === undefined ? found.baseUrl : change.baseUrl;
      const baseUrlOrNone = baseUrl ?? null;
      if (change.baseUrl !== undefined) await this.requireUsableBaseUrl(found.provider, baseUrlOrNone);
      const origin = originOf(baseUrlOf({ provider: found.provider, baseUrl: baseUrlOrNone }));
      // A credential is sent only to the origin it was saved for: moving the connection elsewhere needs it again.
      if (change.credential === undefined && found.credentialSealed && found.credentialOrigin !== origin) {
        throw DomainError.validation([
          {
            path: ['credential'],
            message: `the base URL moves the connection to another origin (${origin ?? 'none'}): send the credential again, or null to remove it`,
          },
        ]);
      }
      if (change.credential !== undefined) {
        found.credentialSealed = change.credential === null ? null : this.providers.seal(change.credential);
        found.credentialOrigin = change.credential === null ? null : origin;
      }
      if (change.models) {
        const issues = await this.offersStillUsed(workspaceId, found.id, new Set(change.models.map((m) => m.id)));
        if (issues.length) throw new DomainError(ErrorCode.Conflict, "An agent's model settings name a model this change removes", issues);
      }
      found.baseUrl = baseUrlOrNone;
      if (change.name !== undefined) found.name = change.name;
      if (change.models) found.models = change.models;
      if (change.default !== undefined) found.isDefault = change.default;
      // A change of anything but the name makes the providers build this connection again.
      found.updatedAt = new Date();
      await em.flush();
      if (found.isDefault) await this.connections.clearOtherDefaults(em, workspaceId, found.id);
      return found;
    });
    return this.answer(200, 'Model connection updated', connection);
  }

  async delete(request: OperationRequest<typeof ops.connectionsDelete>) {
    const workspaceId = writeScope(request).id;
    const id = request.params.connectionId;
    await this.connections.write(async (em) => {
      const found = await this.connections.get([workspaceId], id, em);
      const issues = await this.offersStillUsed(workspaceId, found.id, new Set());
      if (issues.length)
        throw new DomainError(ErrorCode.Conflict, "An agent's model settings name this connection: change them first", issues);
      em.remove(found);
    });
    return { status: 'success' as const, message: 'Model connection deleted', data: { id } };
  }

  /** A one-token call to one of the connection's models: whether it answers, how fast, the provider's error otherwise. */
  async test(request: OperationRequest<typeof ops.connectionsTest>) {
    const workspaceId = writeScope(request).id;
    const connection = await this.connections.get([workspaceId], request.params.connectionId);
    const modelId = request.body.model ?? connection.models[0]!.id;
    if (!connection.models.some((m) => m.id === modelId)) {
      throw DomainError.validation([
        { path: ['model'], message: `${connection.name} offers ${connection.models.map((m) => m.id).join(', ')}` },
      ]);
    }
    const { model, secret } = this.providers.modelOf(connection, modelId);
    const startedAt = Date.now();
    try {
      await generateText({
        model,
        prompt: 'Reply with one word: ok',
        maxOutputTokens: 1,
        maxRetries: 0,
        abortSignal: AbortSignal.timeout(this.config.values.LLM_TIMEOUT_MS),
      });
      return { ok: true, model: modelId, durationMs: Date.now() - startedAt, error: null };
    } catch (error) {
      return { ok: false, model: modelId, durationMs: Date.now() - startedAt, error: modelCallErrorOf(error, secret) };
    }
  }

  async agentModels(request: OperationRequest<typeof ops.agentModelsGet>): Promise<AgentModels> {
    const agent = await this.agents.read(
      readScope(request).map((w) => w.id),
      request.params.agentId,
    );
    return agent.models ?? NO_AGENT_MODELS;
  }

  async updateAgentModels(request: OperationRequest<typeof ops.agentModelsUpdate>) {
    const workspaceId = writeScope(request).id;
    const change = request.body;
    const named = [
      ...(['reply', 'guardrail', 'summary'] as const).flatMap((slot) => (change[slot] ? [{ path: [slot], ref: change[slot] }] : [])),
      ...(change.fallback ?? []).map((ref, i) => ({ path: ['fallback', i], ref })),
    ];
    const issues = await this.chains.issuesOf(workspaceId, named);
    if (issues.length) throw DomainError.validation(issues);
    const models = await this.agents.updateModels(workspaceId, request.params.agentId, change);
    return { status: 'success' as const, message: 'Agent models updated', data: models };
  }

  private answer(status: 200 | 201, message: string, connection: ModelConnection) {
    return this.connections.breakers([connection.id]).then((breakers) =>
      withStatus(status, {
        status: 'success',
        message,
        data: { connection: presentModelConnection(connection, breakers.get(connection.id)) },
      }),
    );
  }

  /** An OpenAI-compatible connection needs a base URL; any base URL must be http(s) to a public address (the SSRF guard). */
  private async requireUsableBaseUrl(provider: ModelProvider, baseUrl: string | null): Promise<void> {
    if (baseUrl === null) {
      if (provider === 'openai_compatible')
        throw DomainError.validation([{ path: ['baseUrl'], message: 'required for an OpenAI-compatible provider' }]);
      return;
    }
    try {
      await assertPublicHttpUrl(baseUrl, { allowPrivateNetworks: this.config.values.PLATICA_ALLOW_PRIVATE_NETWORKS });
    } catch (error) {
      if (error instanceof UnsafeUrlError) throw DomainError.validation([{ path: ['baseUrl'], message: error.message }]);
      throw error;
    }
  }

  /** The agents' settings that name a model of `connectionId` outside `kept`. */
  private async offersStillUsed(workspaceId: string, connectionId: string, kept: Set<string>): Promise<FieldIssue[]> {
    const agents = await this.agents.list([workspaceId]);
    return agents.flatMap((agent) => {
      const models = agent.models ?? NO_AGENT_MODELS;
      const refs = [models.reply, models.guardrail, models.summary, ...models.fallback];
      return refs.some((ref) => ref?.connectionId === connectionId && !kept.has(ref.model))
        ? [{ path: ['models'], message: `agent ${agent.name} (${agent.id}) uses it` }]
        : [];
    });
  }
}
