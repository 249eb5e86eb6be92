import { z } from 'zod';
import { templateButtonSchema } from './messaging';

/** Campaign categories (spec › Campaign). */
export const CAMPAIGN_CATEGORIES = ['marketing', 'utility'] as const;

const httpUrl = z.url({ protocol: /^https?$/, error: 'an http(s) URL' }).max(2000);

/** What a campaign send gives of the template, and what every recipient's message is built from. */
export const campaignTemplateSendSchema = z.strictObject({
  name: z.string().min(1).max(512).optional(),
  language: z.string().min(2).max(15).optional(),
  params: z.array(z.string().min(1).max(1024)).max(100).optional(),
  type: z.enum(['image', 'video', 'document']).optional(),
  file: httpUrl.optional(),
  buttons: z.array(templateButtonSchema).max(10).optional(),
});
export type CampaignTemplateSend = z.output<typeof campaignTemplateSendSchema>;

/** `POST /v1/campaigns/{campaignId}/send` (spec › Campaigns). */
export const campaignSendRequestSchema = z.strictObject({
  channelId: z.string().min(1).max(100),
  responderAgentId: z.string().min(1).max(100).optional(),
  template: campaignTemplateSendSchema.extend({
    scheduledDates: z
      .array(z.iso.datetime({ offset: true }))
      .min(1)
      .max(50)
      .optional(),
    sendToProblematic: z.boolean().optional(),
    sendToUndeliverable: z.boolean().optional(),
  }),
});
export type CampaignSendRequest = z.output<typeof campaignSendRequestSchema>;

/** `PATCH /v1/campaigns/{campaignId}`: every field optional, at least one. */
export const campaignUpdateSchema = z.strictObject({
  title: z.string().trim().min(1).max(200).optional(),
  category: z.enum(CAMPAIGN_CATEGORIES).optional(),
  platform: z.enum(['whatsapp']).optional(),
  templateName: z.string().min(1).max(512).nullable().optional(),
  message: z.string().max(4096).nullable().optional(),
  template: z.record(z.string(), z.unknown()).nullable().optional(),
  language: z.string().min(2).max(15).nullable().optional(),
  templateLanguage: z.string().min(2).max(15).nullable().optional(),
  wabaId: z.string().min(1).max(100).nullable().optional(),
  owners: z.array(z.email()).max(50).optional(),
});
export type CampaignUpdate = z.output<typeof campaignUpdateSchema>;

/** A run of a campaign as `GET /v1/campaigns/{id}` shows it (`runs[]`, docs/campaigns.md). */
export const campaignRunSchema = z.object({
  runId: z.string(),
  status: z.enum(['scheduled', 'sending', 'completed']),
  channelId: z.string(),
  templateName: z.string(),
  scheduledFor: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  recipients: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  unknown: z.number().int(),
  pending: z.number().int(),
  excluded: z.number().int(),
});

/** The Campaign resource (spec › Campaign), with its runs. */
export const campaignResourceSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    category: z.string(),
    platform: z.string(),
    templateName: z.string().nullable(),
    message: z.string().nullable(),
    template: z.record(z.string(), z.unknown()).nullable(),
    language: z.string().nullable(),
    templateLanguage: z.string().nullable(),
    wabaId: z.string().nullable(),
    owners: z.array(z.string()),
    creationDate: z.string(),
    lastUpdate: z.string(),
    runs: z.array(campaignRunSchema),
  })
  .meta({ id: 'Campaign' });

// ---- Additions to the specification: the campaign list and a run's recipients (docs/campaigns.md) ----

const pageToken = z.string().min(1).max(2000).optional();

/** `GET /v1/campaigns`: newest first, paged by token; `q`, a piece of the title. */
export const campaignListQuerySchema = z.strictObject({
  workspace: z.string().optional(),
  q: z.string().trim().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  pageToken,
});
export type CampaignListQuery = z.output<typeof campaignListQuerySchema>;

/** A campaign as the list shows it: the Campaign's fields, and its latest run instead of every run. */
export const campaignListItemSchema = campaignResourceSchema
  .omit({ runs: true })
  .extend({ lastRun: campaignRunSchema.nullable() })
  .meta({ id: 'CampaignListItem' });

export const campaignListResponseSchema = z.object({
  campaigns: z.array(campaignListItemSchema),
  count: z.number().int(),
  nextPageToken: z.string().optional(),
});

/**
 * A recipient's outcome in a run. `pending`: not settled yet (waiting, or being handed to
 * Meta); `excluded`: left out when the send was accepted (`reason` says why).
 */
export const RECIPIENT_STATUSES = ['pending', 'sent', 'failed', 'unknown', 'excluded'] as const;
export type RecipientOutcome = (typeof RECIPIENT_STATUSES)[number];
export const EXCLUSION_REASONS = ['blocked', 'problematic', 'undeliverable'] as const;

/** `GET /v1/campaigns/{campaignId}/runs/{runId}/recipients`: in audience order, paged by token; `status`, one or more (comma-separated). */
export const runRecipientsQuerySchema = z.strictObject({
  workspace: z.string().optional(),
  status: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return undefined;
      const statuses = [...new Set(v.split(',').map((s) => s.trim()))];
      const unknown = statuses.filter((s) => !(RECIPIENT_STATUSES as readonly string[]).includes(s));
      if (unknown.length > 0)
        ctx.addIssue({ code: 'custom', message: `unknown status ${unknown.join(', ')}; one or more of ${RECIPIENT_STATUSES.join(', ')}` });
      return statuses as RecipientOutcome[];
    }),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  pageToken,
});
export type RunRecipientsQuery = z.output<typeof runRecipientsQuerySchema>;

export const runRecipientSchema = z
  .object({
    position: z.number().int().describe('Place in the audience as the send took it'),
    phoneNumber: z.string(),
    name: z.string().nullable(),
    status: z.enum(RECIPIENT_STATUSES),
    reason: z.enum(EXCLUSION_REASONS).nullable().describe('Why an `excluded` recipient was left out'),
    error: z.string().nullable().describe('Why a `failed` (Meta refused, `cancelled`) or `unknown` send ended so'),
    messageId: z.string().nullable().describe('The message the run sent or tried to send (null when excluded)'),
    sentAt: z.string().nullable(),
    updatedAt: z.string(),
  })
  .meta({ id: 'CampaignRunRecipient' });

export const runRecipientsResponseSchema = z.object({
  campaignId: z.string(),
  runId: z.string(),
  recipients: z.array(runRecipientSchema),
  count: z.number().int(),
  nextPageToken: z.string().optional(),
});

// ---- Between campaigns and messaging (internal operations) ----

/** A recipient of a campaign audience as campaigns hands it to messaging. */
export interface CampaignRecipientRef {
  phoneNumber: string;
  name: string | null;
  /** Per-recipient params (they override the send's `template.params`). */
  params: string[] | null;
}

/** messaging.campaigns.prepare: checks a send against the channel and template; which of the audience is blocked. */
export interface CampaignPrepareRequest {
  channelId: string;
  template: CampaignTemplateSend & { name: string };
  audience: CampaignRecipientRef[];
}
export interface CampaignPrepareAnswer {
  /** The channel's canonical id (`wb-…`), whatever form was sent. */
  channelId: string;
  /** The send named the channel by a legacy phone number: new conversations keep the inferred (default) agent. */
  legacyChannelRef: boolean;
  templateName: string;
  templateLanguage: string;
  /** Audience phone numbers whose client is blocked. */
  blocked: string[];
}

/** messaging.campaigns.schedule: a run for a date shows its messages as scheduled ones until they are sent. */
export interface CampaignScheduleRequest {
  runId: string;
  campaignId: string;
  channelId: string;
  executeAt: string;
  template: CampaignTemplateSend & { name: string };
  items: { messageId: string; recipient: CampaignRecipientRef }[];
}

/** messaging.campaigns.deliver: sends a slice of a run, one template message each, idempotently by messageId. */
export interface CampaignDeliverRequest {
  runId: string;
  campaignId: string;
  channelId: string;
  /** Agent of new conversations: an id, null (unassigned), or `channel-default` (legacy channel reference). */
  agentForNew: string | null | 'channel-default';
  /** The run has a date: its messages are scheduled messages of messaging, settled as they are sent. */
  scheduled: boolean;
  template: CampaignTemplateSend & { name: string };
  /** `retry`: handed over before without an answer; messaging decides from its record, never calling Graph twice. */
  items: { messageId: string; recipient: CampaignRecipientRef; retry: boolean }[];
}
/** `retry`: another attempt of the message is under way; ask again later. */
export type CampaignDeliveryOutcome = 'sent' | 'failed' | 'unknown' | 'cancelled' | 'retry';
export interface CampaignDeliverAnswer {
  results: { messageId: string; outcome: CampaignDeliveryOutcome; error: string | null; graphRefused: boolean }[];
}

/** messaging.templates.describe: whether the workspace has a template of this name (PATCH validates templateName). */
export interface TemplateDescribeRequest {
  name: string;
}
export interface TemplateDescribeAnswer {
  name: string;
  languages: string[];
}
