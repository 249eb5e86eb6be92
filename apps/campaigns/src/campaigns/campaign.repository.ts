import { Injectable } from '@nestjs/common';
import type { SeedCampaign, SeedTemplate } from '@platica/contracts';
import { Database, newId } from '@platica/platform';
import { Campaign } from './campaign.entity';

@Injectable()
export class CampaignRepository {
  constructor(private readonly db: Database) {}

  find(workspaceId: string, id: string): Promise<Campaign | null> {
    return this.db.em().findOne(Campaign, { id, workspaceId });
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
