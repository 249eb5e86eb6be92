import { Injectable } from '@nestjs/common';
import { isSensitiveName, REDACTED, webhookOperations, type OperationRequest, type RpcRequest, type WebhookView } from '@platica/contracts';
import { DomainError, ErrorCode } from '@platica/errors';
import { assertPublicHttpUrl, groupByWorkspace, newId, readScope, UnsafeUrlError, withStatus, writeScope } from '@platica/platform';
import { WebhookDispatcherConfigService } from '../config/webhook-dispatcher.config';
import { generateSecret } from './signature';
import { headersAfter, headersMovedIssues } from './webhook-headers';
import type { Webhook } from './webhook.entity';
import { WebhookRepository } from './webhook.repository';
import { WebhookSecrets } from './webhook-secrets';

/** Webhooks CRUD (spec › Webhooks; ARCHITECTURE.md › Events). Every lookup is scoped to the credential's workspaces. */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly webhooks: WebhookRepository,
    private readonly secrets: WebhookSecrets,
    private readonly config: WebhookDispatcherConfigService,
  ) {}

  async create(request: OperationRequest<typeof webhookOperations.create>) {
    const { body } = request;
    const workspaceId = writeScope(request).id;
    await this.checkUrl(body.url);
    const redacted = Object.keys(body.headers ?? {}).filter((name) => body.headers?.[name] === REDACTED);
    if (redacted.length)
      throw DomainError.validation(
        redacted.map((name) => ({ path: ['headers', name], message: `${REDACTED} keeps a stored value, and none is stored here` })),
      );
    const webhook = await this.webhooks.create({
      id: newId('wh'),
      workspaceId,
      name: body.name,
      url: body.url,
      events: [...new Set(body.events)],
      active: body.active ?? true,
      secretSealed: this.secrets.sealSecret(body.secret ?? generateSecret()),
      headersSealed: this.secrets.sealHeaders(body.headers ?? {}),
    });
    return withStatus(201, { status: 'success', message: 'Webhook created', data: { id: webhook.id, workspaceId } });
  }

  async list(request: RpcRequest<unknown>) {
    const scope = readScope(request);
    const webhooks = await this.webhooks.listIn(scope.map((w) => w.id));
    return groupByWorkspace(scope, webhooks, 'webhooks', (w) => this.view(w));
  }

  async get(request: RpcRequest<unknown>) {
    const webhook = await this.findReadable(request);
    const workspace = readScope(request).find((w) => w.id === webhook.workspaceId)!;
    return { workspaces: [{ id: workspace.id, name: workspace.name, webhooks: [this.view(webhook)], webhooksCount: 1 }] };
  }

  async update(request: OperationRequest<typeof webhookOperations.update>) {
    const { body } = request;
    if (body.url !== undefined) await this.checkUrl(body.url);
    const id = request.params.id ?? '';
    const webhook = await this.webhooks.update(writeScope(request).id, id, (webhook) => {
      const headers = headersAfter(body.headers, this.secrets.openHeaders(webhook.headersSealed));
      const issues = [...headers.issues, ...headersMovedIssues(webhook.url, body.url ?? webhook.url, headers.kept)];
      if (issues.length) throw DomainError.validation(issues);
      if (body.name !== undefined) webhook.name = body.name;
      if (body.url !== undefined) webhook.url = body.url;
      if (body.events !== undefined) webhook.events = [...new Set(body.events)];
      if (body.secret !== undefined) webhook.secretSealed = this.secrets.sealSecret(body.secret);
      if (body.headers !== undefined) webhook.headersSealed = this.secrets.sealHeaders(headers.values);
      if (body.active !== undefined && body.active !== webhook.active) {
        webhook.active = body.active;
        // Switched back on: the dispatcher's reason to stop no longer holds, and failures count afresh.
        if (body.active) Object.assign(webhook, { disabledReason: null, disabledAt: null, failingSince: null });
      }
      webhook.updatedAt = new Date();
    });
    if (!webhook) throw await this.missing([writeScope(request).id], id);
    return { status: 'success', message: 'Webhook updated', data: this.view(webhook) };
  }

  async delete(request: RpcRequest<unknown>) {
    const id = request.params.id ?? '';
    const webhook = await this.webhooks.delete(writeScope(request).id, id);
    if (!webhook) throw await this.missing([writeScope(request).id], id);
    return { status: 'success', message: 'Webhook deleted', data: { id: webhook.id, workspaceId: webhook.workspaceId } };
  }

  /** A webhook of the credential's readable workspaces, or 404 (another workspace's webhook is never revealed), 410 once deleted. */
  async findReadable(request: RpcRequest<unknown>): Promise<Webhook> {
    const id = request.params.id ?? '';
    const workspaceIds = readScope(request).map((w) => w.id);
    const found = await this.webhooks.findIn(workspaceIds, id);
    if (!found) throw await this.missing(workspaceIds, id);
    return found;
  }

  async findWritable(request: RpcRequest<unknown>): Promise<Webhook> {
    const id = request.params.id ?? '';
    const found = await this.webhooks.findIn([writeScope(request).id], id);
    if (!found) throw await this.missing([writeScope(request).id], id);
    return found;
  }

  /** Why these workspaces have no webhook `id`: 410 when they deleted it (spec › Errors: no longer available), else 404. */
  private async missing(workspaceIds: string[], id: string): Promise<DomainError> {
    const deleted = await this.webhooks.findDeletedIn(workspaceIds, id);
    if (!deleted) return DomainError.notFound('Webhook', id);
    return new DomainError(ErrorCode.Gone, 'Webhook deleted', { id, deletedAt: deleted.deletedAt.toISOString() });
  }

  view(webhook: Webhook): WebhookView {
    return {
      id: webhook.id,
      workspaceId: webhook.workspaceId,
      name: webhook.name,
      url: webhook.url,
      events: webhook.events,
      active: webhook.active,
      secret: this.secrets.openSecret(webhook.secretSealed),
      // A sensitive header's value (authorization, *token*, *secret*, api keys…) is write-only, as custom APIs' are.
      headers: Object.fromEntries(
        Object.entries(this.secrets.openHeaders(webhook.headersSealed)).map(([name, value]) => [
          name,
          isSensitiveName(name) ? REDACTED : value,
        ]),
      ),
      disabledReason: webhook.disabledReason ?? null,
      disabledAt: webhook.disabledAt?.toISOString() ?? null,
      creationDate: webhook.createdAt.toISOString(),
      lastUpdate: webhook.updatedAt.toISOString(),
    };
  }

  private async checkUrl(url: string): Promise<void> {
    try {
      await assertPublicHttpUrl(url, { allowPrivateNetworks: this.config.values.PLATICA_ALLOW_PRIVATE_NETWORKS });
    } catch (error) {
      if (error instanceof UnsafeUrlError) throw DomainError.validation([{ path: ['url'], message: error.message }]);
      throw error;
    }
  }
}
