import { Injectable } from '@nestjs/common';
import { createCustomApiSchema, toolOperations as ops, type CallContext, type OperationRequest, type RpcRequest } from '@platica/contracts';
import { DomainError, ErrorCode, parseOrThrow } from '@platica/errors';
import {
  assertPublicHttpUrl,
  newId,
  readScope,
  type Transaction,
  UnitOfWork,
  UnsafeUrlError,
  withStatus,
  writeScope,
} from '@platica/platform';
import { CatalogRepository, PUBLISHED, WITHDRAWN } from '../catalog/catalog.repository';
import { ToolsConfigService } from '../config/tools.config';
import { CustomApiCaller, type CallResult } from './custom-api-caller';
import {
  enableIssues,
  keepRedacted,
  originIssues,
  parametersOf,
  placeholdersIn,
  secretsKeptAcrossOrigins,
  splitSecrets,
  withSecrets,
  type StoredDefinition,
} from './custom-api-definition';
import { CustomApi } from './custom-api.entity';
import { CustomApiRepository } from './custom-api.repository';
import { CustomApiSecrets } from './custom-api-secrets';

export const toolNameOf = (name: string) => `api_${name}`;

/**
 * Custom HTTP APIs (spec › Custom API, Tools: custom APIs rules 1-6, States and transitions ›
 * Custom API): CRUD with write-only values, optimistic versions, test runs, and the
 * draft -> enabled -> paused life cycle that publishes to and withdraws from the catalog.
 */
@Injectable()
export class CustomApisService {
  constructor(
    private readonly apis: CustomApiRepository,
    private readonly catalog: CatalogRepository,
    private readonly secrets: CustomApiSecrets,
    private readonly caller: CustomApiCaller,
    private readonly config: ToolsConfigService,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async create(request: OperationRequest<typeof ops.apisCreate>) {
    const { body } = request;
    const workspaceId = writeScope(request).id;
    await this.checkUrl(body.request.url, ['request', 'url']);
    if (body.periodicAuth) await this.checkUrl(body.periodicAuth.url, ['periodicAuth', 'url']);
    const { name, description, ...full } = body;
    const hostIssues = originIssues(full);
    if (hostIssues.length) throw DomainError.validation(hostIssues);
    const { redacted, secrets } = splitSecrets(full);
    const api = await this.unitOfWork
      .run(async (transaction) => {
        if (await this.apis.nameTaken(workspaceId, name, null, transaction)) throw nameConflict(name);
        return this.apis.create(transaction, {
          id: newId('api'),
          workspaceId,
          name,
          description,
          status: 'draft',
          definition: redacted,
          secretsSealed: this.secrets.seal(secrets),
          version: 1,
          enabledFunctionRef: null,
          lastTestOutcome: null,
          lastTestAt: null,
        });
      })
      .catch(rethrowUniqueAsConflict(name));
    return withStatus(201, {
      status: 'success',
      message: 'Custom API created',
      data: { id: api.id, name: api.name, toolName: toolNameOf(api.name), status: api.status },
    });
  }

  async list(request: OperationRequest<typeof ops.apisList>) {
    const apis = (await Promise.all(readScope(request).map((w) => this.apis.list(w.id)))).flat();
    return {
      count: apis.length,
      apis: apis.map((api) => ({
        id: api.id,
        name: api.name,
        toolName: toolNameOf(api.name),
        description: api.description,
        status: api.status,
        method: api.definition.request.method,
        url: api.definition.request.url,
        variableCount: api.definition.variables.length,
        lastTestOutcome: api.lastTestOutcome ?? null,
        lastTestAt: api.lastTestAt?.toISOString() ?? null,
        createdAt: api.createdAt.toISOString(),
        updatedAt: api.updatedAt.toISOString(),
      })),
    };
  }

  async get(request: OperationRequest<typeof ops.apisGet>) {
    const api = await this.readable(request);
    return this.view(api);
  }

  async update(request: OperationRequest<typeof ops.apisUpdate>) {
    const change = request.body;
    const workspaceId = writeScope(request).id;
    const { expectedVersion, name, description, ...fields } = change;
    if (fields.request) await this.checkUrl(fields.request.url, ['request', 'url']);
    if (fields.periodicAuth) await this.checkUrl(fields.periodicAuth.url, ['periodicAuth', 'url']);
    const api = await this.unitOfWork
      .run(async (transaction) => {
        const api = await this.writable(request, transaction);
        if (expectedVersion !== undefined && expectedVersion !== api.version) {
          throw new DomainError(ErrorCode.Conflict, 'The custom API changed since that version was read', {
            expectedVersion,
            version: api.version,
          });
        }
        const stored = this.secrets.open(api.secretsSealed);
        const before = withSecrets(api.definition, stored);
        // Rule 1: omitted fields keep their values (secrets included); `[REDACTED]` keeps the stored secret.
        const merged: StoredDefinition = { ...before, ...definedOnly(fields) };
        const movedSecrets = secretsKeptAcrossOrigins(before, merged, { variablesOmitted: fields.variables === undefined });
        const redactedIssues = keepRedacted(merged, stored);
        if (redactedIssues.length) throw DomainError.validation(redactedIssues);
        const hostIssues = originIssues(merged);
        if (hostIssues.length) throw DomainError.validation(hostIssues);
        if (movedSecrets.length) throw DomainError.validation(movedSecrets);
        // The stored definition merged with the change is a whole new one: no operation validated it.
        const next = parseOrThrow(createCustomApiSchema, {
          name: name ?? api.name,
          description: description ?? api.description,
          ...merged,
        });
        const { name: nextName, description: nextDescription, ...full } = next;
        if (nextName !== api.name && (await this.apis.nameTaken(workspaceId, nextName, api.id, transaction))) throw nameConflict(nextName);
        const { redacted, secrets } = splitSecrets(full);
        Object.assign(api, {
          name: nextName,
          description: nextDescription,
          definition: redacted,
          secretsSealed: this.secrets.seal(secrets),
          version: api.version + 1,
          updatedAt: new Date(),
        });
        // Rule 3: an enabled API's changes reach the catalog at once (and must still be publishable).
        if (api.status === 'enabled') {
          const issues = enableIssues(full);
          if (issues.length) throw DomainError.validation(issues, 'An enabled custom API must stay publishable');
        }
        await this.syncCatalog(api, transaction, api.status === 'enabled' ? PUBLISHED : WITHDRAWN, { createIfMissing: false });
        return api;
      })
      .catch(rethrowUniqueAsConflict(name ?? ''));
    return { status: 'success', message: 'Custom API updated', data: { id: api.id, version: api.version } };
  }

  async test(request: OperationRequest<typeof ops.apisTest>) {
    const { body } = request;
    const api = await this.writable(request);
    const context: CallContext = { workspaceId: api.workspaceId, ...body.context };
    const result = await this.run(api, body.input, context, body.dryRun);
    await this.apis.recordRun(
      {
        workspaceId: api.workspaceId,
        customApiId: api.id,
        source: body.dryRun ? 'dry-run' : 'test',
        ...runFields(result),
        agentId: context.agentId ?? null,
        conversationId: context.conversationId ?? null,
        toolCallId: null,
      },
      !body.dryRun,
    );
    const { error, ...data } = result;
    return { status: 'success', message: testMessage(result, body.dryRun), data: error ? { ...data, error } : data };
  }

  /** One call of the API (a test or a turn's tool call), with its stored secrets. */
  run(api: CustomApi, input: Record<string, unknown>, context: CallContext, dryRun: boolean): Promise<CallResult> {
    const full = withSecrets(api.definition, this.secrets.open(api.secretsSealed));
    return this.caller.run(`${api.id}@${api.version}`, full, api.definition, input, context, dryRun);
  }

  async enable(request: OperationRequest<typeof ops.apisEnable>) {
    const api = await this.unitOfWork.run(async (transaction) => {
      const api = await this.writable(request, transaction);
      const full = withSecrets(api.definition, this.secrets.open(api.secretsSealed));
      const issues = enableIssues(full);
      if (issues.length) throw DomainError.validation(issues, 'The custom API cannot be enabled');
      await this.checkUrl(full.request.url, ['request', 'url']);
      if (await this.catalog.nameTaken(api.workspaceId, toolNameOf(api.name), api.id, transaction)) {
        throw new DomainError(ErrorCode.Conflict, `Another tool already uses the name ${toolNameOf(api.name)}`, {
          name: toolNameOf(api.name),
        });
      }
      // From draft or paused it is published; from enabled, re-synced.
      if (api.status !== 'enabled') api.version += 1;
      Object.assign(api, { status: 'enabled', enabledFunctionRef: api.id, updatedAt: new Date() });
      await this.syncCatalog(api, transaction, PUBLISHED, { createIfMissing: true });
      return api;
    });
    return { status: 'success', message: 'Custom API enabled', data: { id: api.id, toolId: api.id, status: api.status } };
  }

  async pause(request: OperationRequest<typeof ops.apisPause>) {
    const api = await this.unitOfWork.run(async (transaction) => {
      const api = await this.writable(request, transaction);
      if (api.status === 'draft') {
        throw new DomainError(ErrorCode.Conflict, 'A draft is not published: enable it first', { status: api.status });
      }
      if (api.status === 'enabled') {
        Object.assign(api, { status: 'paused', enabledFunctionRef: null, version: api.version + 1, updatedAt: new Date() });
        // Withdrawn, not removed: rule 6, pause keeps the agents' connections (and what they show).
        await this.syncCatalog(api, transaction, WITHDRAWN, { createIfMissing: false });
      }
      return api;
    });
    return { status: 'success', message: 'Custom API paused', data: { id: api.id, status: api.status } };
  }

  async delete(request: OperationRequest<typeof ops.apisDelete>) {
    const { id, removedAgentConnections } = await this.unitOfWork.run(async (transaction) => {
      const api = await this.writable(request, transaction);
      const removedAgentConnections = await this.catalog.removeConnectionsOf(api.workspaceId, api.id, transaction);
      await this.catalog.deleteEntry(transaction, api.workspaceId, api.id);
      this.apis.remove(transaction, api);
      return { id: api.id, removedAgentConnections };
    });
    return { status: 'success', message: 'Custom API deleted', data: { id, removedAgentConnections } };
  }

  /** The API of the caller's readable workspaces, or 404 (another workspace's is never revealed). */
  private async readable(request: RpcRequest): Promise<CustomApi> {
    const id = request.params.integrationId ?? '';
    const api = await this.apis.find(
      readScope(request).map((w) => w.id),
      id,
    );
    if (!api) throw DomainError.notFound('Custom API', id);
    return api;
  }

  private async writable(request: RpcRequest, transaction?: Transaction): Promise<CustomApi> {
    const id = request.params.integrationId ?? '';
    const workspaceId = writeScope(request).id;
    const api = transaction ? await this.apis.findForUpdate(workspaceId, id, transaction) : await this.apis.find([workspaceId], id);
    if (!api) throw DomainError.notFound('Custom API', id);
    return api;
  }

  /** Writes the API's catalog entry (name, description, the model's JSON Schema) with `status`. */
  private async syncCatalog(api: CustomApi, transaction: Transaction, status: string, { createIfMissing }: { createIfMissing: boolean }) {
    let entry = await this.catalog.find(api.workspaceId, api.id, transaction);
    if (!entry && !createIfMissing) return;
    const name = toolNameOf(api.name);
    if (await this.catalog.nameTaken(api.workspaceId, name, api.id, transaction)) {
      throw new DomainError(ErrorCode.Conflict, `Another tool already uses the name ${name}`, { name });
    }
    const fields = {
      name,
      description: api.description,
      parameters: parametersOf(api.definition.variables),
      status,
      updatedAt: new Date(),
    };
    if (entry) Object.assign(entry, fields);
    else
      entry = this.catalog.createEntry(transaction, {
        id: api.id,
        workspaceId: api.workspaceId,
        kind: 'api',
        mcpId: null,
        mcpToolName: null,
        integrationId: api.id,
        ...fields,
      });
  }

  /**
   * A URL is checked against the SSRF policy when it is saved, unless a placeholder decides
   * its host (then only at call time; the dispatcher checks every address it dials anyway).
   */
  private async checkUrl(url: string, path: string[]): Promise<void> {
    const origin = /^[a-z]+:\/\/[^/?#]*/i.exec(url)?.[0] ?? url;
    if (placeholdersIn(origin).length || url.startsWith('{{')) return;
    try {
      await assertPublicHttpUrl(url.replace(/\{\{[^}]*\}\}/g, 'x'), {
        allowPrivateNetworks: this.config.values.PLATICA_ALLOW_PRIVATE_NETWORKS,
      });
    } catch (error) {
      if (error instanceof UnsafeUrlError) throw DomainError.validation([{ path, message: `the URL ${error.message}` }]);
      throw error;
    }
  }

  private view(api: CustomApi) {
    const secretsRedacted = JSON.stringify(api.definition).includes('"[REDACTED]"');
    return {
      id: api.id,
      workspaceId: api.workspaceId,
      name: api.name,
      toolName: toolNameOf(api.name),
      description: api.description,
      status: api.status,
      ...api.definition,
      version: api.version,
      enabledFunctionRef: api.enabledFunctionRef ?? null,
      secretsRedacted,
      lastTestOutcome: api.lastTestOutcome ?? null,
      lastTestAt: api.lastTestAt?.toISOString() ?? null,
      createdAt: api.createdAt.toISOString(),
      updatedAt: api.updatedAt.toISOString(),
    };
  }
}

export function runFields(result: CallResult) {
  return {
    outcome: result.outcome,
    httpStatus: result.httpStatus,
    durationMs: result.durationMs,
    method: result.request.method,
    url: result.request.url,
    error: result.error,
  };
}

function testMessage(result: CallResult, dryRun: boolean): string {
  if (dryRun) return 'Request assembled; nothing was called';
  return result.outcome === 'success' ? 'The remote API answered' : `The test ended with ${result.outcome}`;
}

function nameConflict(name: string): DomainError {
  return new DomainError(ErrorCode.Conflict, `A custom API named ${name} already exists in the workspace`, { name });
}

/** Two writers racing for one name: the unique index decides, and the loser gets the same 409. */
function rethrowUniqueAsConflict(name: string) {
  return (error: unknown): never => {
    if ((error as { name?: string })?.name === 'UniqueConstraintViolationException') throw nameConflict(name);
    throw error;
  };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
