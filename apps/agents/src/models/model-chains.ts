import { Injectable } from '@nestjs/common';
import { NO_AGENT_MODELS, type AgentModels, type ModelOffer, type ModelRef } from '@platica/contracts';
import type { FieldIssue } from '@platica/errors';
import { AgentsConfigService } from '../config/agents.config';
import { LanguageModelProvider } from './language-model';
import { installationModel, type ModelCandidate } from './fallback-model';
import type { ModelConnection } from './model-connection.entity';
import { ModelConnectionRepository } from './model-connection.repository';
import { ProviderModels, providerLabelOf } from './provider-models';

/** Which of an agent's settings chooses a call's model. */
export type ModelSlot = 'reply' | 'guardrail' | 'summary';

/**
 * The models a call uses, in order (docs/agents.md › Models and fallback): the agent's model
 * for the call's purpose, else the workspace's default (its default connection's first model),
 * else the installation's `LLM_MODEL` (priced by LLM_PRICE_*_PER_MTOK); then the agent's fallback
 * list. A setting that names a connection or model removed since is passed over.
 */
@Injectable()
export class ModelChains {
  constructor(
    private readonly connections: ModelConnectionRepository,
    private readonly providers: ProviderModels,
    private readonly installation: LanguageModelProvider,
    private readonly config: AgentsConfigService,
  ) {}

  async candidates(workspaceId: string, models: AgentModels | null, slot: ModelSlot): Promise<ModelCandidate[]> {
    const settings = models ?? NO_AGENT_MODELS;
    const connections = await this.connections.forRuntime(workspaceId);
    const chosen = settings[slot] ?? defaultRefOf(connections);
    const refs = [chosen, ...settings.fallback];
    const seen = new Set<string>();
    const candidates: ModelCandidate[] = [];
    for (const ref of refs) {
      const key = `${ref?.connectionId ?? ''}\n${ref?.model ?? ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const candidate = ref ? this.candidateOf(connections, ref) : this.installationCandidate(null);
      if (candidate) candidates.push(candidate);
    }
    return candidates.length ? candidates : [this.installationCandidate(null)];
  }

  /** A model by its id alone (an evaluation's candidate or judge): the first connection offering it, else the installation's. */
  async named(workspaceId: string, modelId: string | null | undefined): Promise<ModelCandidate> {
    if (!modelId) return (await this.candidates(workspaceId, null, 'reply'))[0]!;
    const connections = await this.connections.forRuntime(workspaceId);
    const offering = connections.find((connection) => connection.models.some((m) => m.id === modelId));
    return (
      (offering && this.candidateOf(connections, { connectionId: offering.id, model: modelId })) ?? this.installationCandidate(modelId)
    );
  }

  /** Whether the workspace may use `modelId` by its id alone: a connection of its offers it, or the installation allows it. */
  async offers(workspaceId: string, modelId: string): Promise<boolean> {
    if (this.installationModels().has(modelId)) return true;
    const connections = await this.connections.forRuntime(workspaceId);
    return connections.some((connection) => connection.models.some((m) => m.id === modelId));
  }

  /** What is wrong with each of `refs` (at its path): a connection the workspace lacks, a model it does not offer. */
  async issuesOf(workspaceId: string, refs: { path: (string | number)[]; ref: ModelRef }[]): Promise<FieldIssue[]> {
    if (!refs.length) return [];
    const connections = await this.connections.forRuntime(workspaceId);
    const issues: FieldIssue[] = [];
    for (const { path, ref } of refs) {
      if (ref.connectionId === null) {
        if (!this.installationModels().has(ref.model)) {
          issues.push({
            path: [...path, 'model'],
            message: `the installation's connection offers ${[...this.installationModels()].join(', ')}`,
          });
        }
        continue;
      }
      const connection = connections.find((c) => c.id === ref.connectionId);
      if (!connection)
        issues.push({ path: [...path, 'connectionId'], message: `the workspace has no model connection ${ref.connectionId}` });
      else if (!connection.models.some((m) => m.id === ref.model)) {
        issues.push({ path: [...path, 'model'], message: `${connection.name} offers ${connection.models.map((m) => m.id).join(', ')}` });
      }
    }
    return issues;
  }

  private installationModels(): Set<string> {
    const { LLM_MODEL, LLM_ALLOWED_MODELS } = this.config.values;
    return new Set([this.installation.model.modelId, LLM_MODEL, ...LLM_ALLOWED_MODELS]);
  }

  private candidateOf(connections: ModelConnection[], ref: ModelRef): ModelCandidate | null {
    if (ref.connectionId === null) return this.installationCandidate(ref.model);
    const connection = connections.find((c) => c.id === ref.connectionId);
    const offer = connection?.models.find((m) => m.id === ref.model);
    if (!connection || !offer) return null;
    const { model, secret } = this.providers.modelOf(connection, offer.id);
    return {
      breakerKey: connection.id,
      connectionId: connection.id,
      provider: providerLabelOf(connection),
      modelId: offer.id,
      model,
      secret,
      offer,
    };
  }

  private installationCandidate(modelId: string | null): ModelCandidate {
    const model = this.installation.named(modelId);
    return {
      ...installationModel(model, this.installation.providerName, this.config.values.LLM_API_KEY),
      offer: this.installationOffer(model.modelId),
    };
  }

  /** LLM_MODEL's prices (LLM_PRICE_*_PER_MTOK), when the installation has a provider and both are set; its other models are unpriced. */
  private installationOffer(modelId: string): ModelOffer | null {
    const { LLM_BASE_URL, LLM_MODEL, LLM_PRICE_INPUT_PER_MTOK: input, LLM_PRICE_OUTPUT_PER_MTOK: output } = this.config.values;
    if (!LLM_BASE_URL || modelId !== LLM_MODEL || input === undefined || output === undefined) return null;
    return { id: modelId, inputUsdPerMillion: input, outputUsdPerMillion: output };
  }
}

/** The workspace's default model: its default connection's first; none (the installation's) without one. */
function defaultRefOf(connections: ModelConnection[]): ModelRef | null {
  const connection = connections.find((c) => c.isDefault);
  return connection?.models[0] ? { connectionId: connection.id, model: connection.models[0].id } : null;
}
