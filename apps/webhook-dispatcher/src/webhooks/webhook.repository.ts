import { Injectable } from '@nestjs/common';
import { Database } from '@platica/platform';
import { DeletedWebhook } from './deleted-webhook.entity';
import { Webhook } from './webhook.entity';

export interface NewWebhook {
  id: string;
  workspaceId: string;
  name: string;
  url: string;
  events: string[];
  active: boolean;
  secretSealed: string;
  headersSealed: string;
}

/** The webhooks table for the CRUD (the delivery pipeline's SQL is DeliveryRepository's). */
@Injectable()
export class WebhookRepository {
  constructor(private readonly db: Database) {}

  async create(values: NewWebhook): Promise<Webhook> {
    const em = this.db.em();
    const webhook = em.create(Webhook, { ...values, disabledReason: null, disabledAt: null, failingSince: null });
    await em.flush();
    return webhook;
  }

  /** The webhooks of these workspaces, oldest first. */
  listIn(workspaceIds: string[]): Promise<Webhook[]> {
    return this.db.em().find(Webhook, { workspaceId: { $in: workspaceIds } }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  findIn(workspaceIds: string[], id: string): Promise<Webhook | null> {
    return this.db.em().findOne(Webhook, { id, workspaceId: { $in: workspaceIds } });
  }

  /** Applies `change` to a workspace's webhook and saves it; null when the workspace has no such webhook. */
  async update(workspaceId: string, id: string, change: (webhook: Webhook) => void): Promise<Webhook | null> {
    const em = this.db.em();
    const webhook = await em.findOne(Webhook, { id, workspaceId });
    if (!webhook) return null;
    change(webhook);
    await em.flush();
    return webhook;
  }

  /**
   * Deletes a workspace's webhook, its deliveries and their attempts with it (foreign keys cascade),
   * leaving its tombstone in the same flush; null when there is none.
   */
  async delete(workspaceId: string, id: string): Promise<Webhook | null> {
    const em = this.db.em();
    const webhook = await em.findOne(Webhook, { id, workspaceId });
    if (!webhook) return null;
    em.remove(webhook);
    em.create(DeletedWebhook, { id, workspaceId, deletedAt: new Date() });
    await em.flush();
    return webhook;
  }

  /** The tombstone of a webhook these workspaces deleted, if any. */
  findDeletedIn(workspaceIds: string[], id: string): Promise<DeletedWebhook | null> {
    return this.db.em().findOne(DeletedWebhook, { id, workspaceId: { $in: workspaceIds } });
  }
}
