import type { FilterQuery } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { CampaignUpdate, SeedCampaign, SeedTemplate } from '@platica/contracts';
import { DomainError, ErrorCode } from '@platica/errors';
import { Database, newId } from '@platica/platform';
import { Campaign } from './campaign.entity';

@Injectable()
export class CampaignRepository {
  constructor(private readonly db: Database) {}

  find(workspaceId: string, id: string): Promise<Campaign | null> {
    return this.db.em().findOne(Campaign, { id, workspaceId });
  }

  /** The campaign among these workspaces' (404 otherwise). */
  async get(workspaceIds: string[], id: string): Promise<Campaign> {
    const campaign = await this.db.em().findOne(Campaign, { id, workspaceId: { $in: workspaceIds } });
    if (!campaign) throw DomainError.notFound('Campaign', id);
    return campaign;
  }

  /** A page of the workspace's campaigns, newest first, after a keyset position; `q`: a piece of the title, any case. */
  list(workspaceId: string, q: string | undefined, after: { createdAt: Date; id: string } | null, limit: number): Promise<Campaign[]> {
    const where: FilterQuery<Campaign>[] = [{ workspaceId }];
    if (q) where.push({ title: { $ilike: `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` } });
    if (after) where.push({ $or: [{ createdAt: { $lt: after.createdAt } }, { createdAt: after.createdAt, id: { $lt: after.id } }] });
    return this.db.em().find(Campaign, { $and: where }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit });
  }

  /** A partial update; a title another campaign of the workspace has is a 409. */
  async update(workspaceId: string, id: string, change: CampaignUpdate): Promise<Campaign> {
    const em = this.db.em();
    const campaign = await em.findOne(Campaign, { id, workspaceId });
    if (!campaign) throw DomainError.notFound('Campaign', id);
    if (change.title !== undefined && change.title !== campaign.title) {
      const taken = await em.findOne(Campaign, { workspaceId, title: change.title });
      if (taken)
        throw new DomainError(ErrorCode.Conflict, `Another campaign of the workspace is titled "${change.title}"`, { title: change.title });
    }
    const fields = { ...change, ...(change.owners ? { owners: change.owners.map((email) => email.toLowerCase()) } : {}) };
    em.assign(campaign, fields);
    campaign.updatedAt = new Date();
    await em.flush();
    return campaign;
  }

  /** Creates or updates campaigns by title (the seed's natural key), in one transaction. */
  async applySeed(workspaceId: string, campaigns: SeedCampaign[], templates: SeedTemplate[]): Promise<Record<string, string>> {
    return this.db.em().transactional(async (em) => {
      const ids: Record<string, string> = {};
      for (const seeded of campaigns) {
        const template = seeded.templateRef ? templates.find((t) => t.ref === seeded.templateRef) : undefined;
        const fields = {
          category: seeded.category,
          platform: seeded.platform,
          templateName: template?.name ?? null,
          templateLanguage: template?.language ?? null,
          message: seeded.message ?? template?.body ?? null,
          owners: seeded.owners.map((email) => email.toLowerCase()),
          audience: seeded.audience,
        };
        let campaign = await em.findOne(Campaign, { workspaceId, title: seeded.title });
        if (campaign) em.assign(campaign, fields);
        else campaign = em.create(Campaign, { id: newId('cmp'), workspaceId, title: seeded.title, ...fields });
        ids[seeded.ref ?? seeded.title] = campaign.id;
      }
      return ids;
    });
  }
}
