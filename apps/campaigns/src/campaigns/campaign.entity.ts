import { defineEntity, p } from '@mikro-orm/core';

export interface AudienceMember {
  phoneNumber: string;
  name?: string;
  params?: string[];
}

/** A campaign and the audience set where it was created (ARCHITECTURE.md › Campaign audiences). */
const CampaignSchema = defineEntity({
  name: 'Campaign',
  tableName: 'campaign',
  properties: {
    id: p.text().primary(),
    workspaceId: p.text(),
    title: p.text(),
    category: p.text(),
    platform: p.text(),
    templateName: p.text().nullable(),
    templateLanguage: p.text().nullable(),
    message: p.text().nullable(),
    /** The serialized template (spec › Campaign `template`), as set by PATCH. */
    template: p.json<Record<string, unknown>>().nullable(),
    language: p.text().nullable(),
    wabaId: p.text().nullable(),
    owners: p.json<string[]>(),
    audience: p.json<AudienceMember[]>(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  uniques: [{ properties: ['workspaceId', 'title'], name: 'campaign_workspace_title_unique' }],
  /** GET /v1/campaigns: a workspace's campaigns, newest first (read backwards). */
  indexes: [{ properties: ['workspaceId', 'createdAt', 'id'], name: 'campaign_workspace_created_index' }],
});
export class Campaign extends CampaignSchema.class {}
CampaignSchema.setClass(Campaign);
