import { defineEntity, p } from '@mikro-orm/core';
import type { CampaignTemplateSend } from '@platica/contracts';

export type RunStatus = 'scheduled' | 'sending' | 'completed';
/** `excluded`: left out when the send was accepted (`error` holds the reason: blocked, problematic, undeliverable); never claimed. */
export type RecipientStatus = 'pending' | 'attempting' | 'sent' | 'failed' | 'unknown' | 'excluded';

/**
 * One run of a campaign send: the audience as it was when the send was accepted (its
 * recipients), driven by a Temporal workflow whose id is the run's id.
 */
const CampaignRunSchema = defineEntity({
  name: 'CampaignRun',
  tableName: 'campaign_run',
  properties: {
    id: p.text().primary(),
    workspaceId: p.text(),
    campaignId: p.text(),
    channelId: p.text(),
    /** Agent of new conversations: an agent id, null (unassigned), or `channel-default` (legacy channel reference). */
    agentForNew: p.text().nullable(),
    template: p.json<CampaignTemplateSend & { name: string }>(),
    scheduledFor: p.datetime().nullable(),
    status: p.text().$type<RunStatus>(),
    recipientCount: p.integer(),
    excludedCount: p.integer(),
    exclusions: p.json<{ blocked: number; problematic: number; undeliverable: number }>(),
    createdAt: p.datetime(),
    completedAt: p.datetime().nullable(),
  },
  indexes: [{ properties: ['campaignId', 'createdAt'], name: 'campaign_run_campaign_index' }],
});
export class CampaignRun extends CampaignRunSchema.class {}
CampaignRunSchema.setClass(CampaignRun);

/**
 * Each recipient's send in a run, with its outcome. `attempting`: handed to messaging and not
 * answered yet; the retried step asks messaging again, which answers from its own record
 * (made before the Graph call) without sending twice. Recipients the send excluded are rows too
 * (`excluded`, no message id), so a run's page can say who was left out and why.
 */
const CampaignRecipientSchema = defineEntity({
  name: 'CampaignRecipient',
  tableName: 'campaign_recipient',
  properties: {
    runId: p.text().primary(),
    position: p.integer().primary(),
    phoneNumber: p.text(),
    name: p.text().nullable(),
    params: p.json<string[]>().nullable(),
    messageId: p.text().nullable(),
    status: p.text().$type<RecipientStatus>(),
    error: p.text().nullable(),
    updatedAt: p.datetime(),
  },
  indexes: [{ properties: ['runId', 'status', 'position'], name: 'campaign_recipient_status_index' }],
});
export class CampaignRecipient extends CampaignRecipientSchema.class {}
CampaignRecipientSchema.setClass(CampaignRecipient);

/**
 * What earlier campaign sends left on a phone number of a workspace: consecutive sends Graph
 * refused. 1-2: problematic; 3 or more: undeliverable (docs/campaigns.md). A send resets it.
 */
const CampaignContactSchema = defineEntity({
  name: 'CampaignContact',
  tableName: 'campaign_contact',
  properties: {
    workspaceId: p.text().primary(),
    phoneNumber: p.text().primary(),
    failures: p.integer(),
    updatedAt: p.datetime(),
  },
});
export class CampaignContact extends CampaignContactSchema.class {}
CampaignContactSchema.setClass(CampaignContact);
