import { z } from 'zod';
import { campaignResourceSchema, campaignSendRequestSchema, campaignUpdateSchema } from '../campaigns';
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
