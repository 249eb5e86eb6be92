import { z } from 'zod';
import {
  campaignListQuerySchema,
  campaignListResponseSchema,
  campaignResourceSchema,
  campaignSendRequestSchema,
  campaignUpdateSchema,
  runRecipientsQuerySchema,
  runRecipientsResponseSchema,
} from '../campaigns';
import { defineOperation, errorBodySchema, successEnvelope } from '../operation';

/** `GET /v1/campaigns/{id}`: the spec's grouped payload. */
const campaignsGrouped = z.object({
  workspaces: z.array(
    z.object({ id: z.string(), name: z.string(), campaignsCount: z.number().int(), campaigns: z.array(campaignResourceSchema) }),
  ),
});

/** The campaigns service's public operations (spec › Campaigns). */
export const campaignOperations = {
  send: defineOperation({
    operationId: 'campaigns_send',
    method: 'POST',
    path: '/v1/campaigns/{campaignId}/send',
    subject: 'campaigns.campaigns.send',
    tag: 'campaigns',
    summary: "Send a campaign's template to its audience",
    description:
      'Queues one run (or one per `template.scheduledDates` entry): a durable workflow that sends one template message per ' +
      'recipient not excluded, throttled to the channel rate. Progress: `runs[]` of `GET /v1/campaigns/{campaignId}`.',
    scope: 'write',
    workspace: 'one',
    body: campaignSendRequestSchema,
    idempotent: true,
    responses: {
      200: successEnvelope(
        z.looseObject({
          status: z.literal('queued'),
          runId: z.string(),
          runIds: z.array(z.string()),
          recipients: z.number().int(),
          excluded: z.number().int(),
          exclusions: z.object({ blocked: z.number().int(), problematic: z.number().int(), undeliverable: z.number().int() }),
          scheduledDates: z.array(z.string()),
        }),
      ),
      400: errorBodySchema,
      /** The workspace reached its credit limit (docs/usage.md › Credit limit). */
      402: errorBodySchema,
      404: errorBodySchema,
      409: errorBodySchema,
    },
  }),
  get: defineOperation({
    operationId: 'campaigns_get',
    method: 'GET',
    path: '/v1/campaigns/{campaignId}',
    subject: 'campaigns.campaigns.get',
    tag: 'campaigns',
    summary: 'Get a campaign, with the progress of its runs',
    scope: 'read',
    workspace: 'all',
    responses: { 200: campaignsGrouped, 404: errorBodySchema },
  }),
  list: defineOperation({
    operationId: 'campaigns_list',
    method: 'GET',
    path: '/v1/campaigns',
    subject: 'campaigns.campaigns.list',
    tag: 'campaigns',
    summary: "List the workspace's campaigns, newest first, each with its latest run",
    description:
      'An addition to the specification (docs/campaigns.md). `q`: campaigns whose title contains it (any case). ' +
      'Paged by `nextPageToken`, sent back unchanged as `pageToken` with the same filters.',
    scope: 'read',
    workspace: 'one',
    query: campaignListQuerySchema,
    responses: { 200: campaignListResponseSchema, 400: errorBodySchema },
  }),
  runRecipients: defineOperation({
    operationId: 'campaigns_run_recipients_list',
    method: 'GET',
    path: '/v1/campaigns/{campaignId}/runs/{runId}/recipients',
    subject: 'campaigns.runs.recipients',
    tag: 'campaigns',
    summary: "Each recipient's outcome in a run of a campaign",
    description:
      'An addition to the specification (docs/campaigns.md): in audience order, `status` filtering (comma-separated: ' +
      'pending, sent, failed, unknown, excluded); the reason an excluded recipient was left out, the error of a failed send. ' +
      'Paged by `nextPageToken`.',
    scope: 'read',
    workspace: 'one',
    query: runRecipientsQuerySchema,
    responses: { 200: runRecipientsResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
  }),
  update: defineOperation({
    operationId: 'campaigns_update',
    method: 'PATCH',
    path: '/v1/campaigns/{campaignId}',
    subject: 'campaigns.campaigns.update',
    tag: 'campaigns',
    summary: 'Update a campaign',
    scope: 'write',
    workspace: 'one',
    body: campaignUpdateSchema,
    responses: {
      200: successEnvelope(
        z.object({
          id: z.string(),
          title: z.string(),
          category: z.string(),
          platform: z.string(),
          templateName: z.string().nullable(),
          owners: z.array(z.string()),
          lastUpdate: z.string(),
        }),
      ),
      400: errorBodySchema,
      404: errorBodySchema,
      409: errorBodySchema,
    },
  }),
};
