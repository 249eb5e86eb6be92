import { defineOperation } from '../operation';

/** The campaigns service's public operations (spec › Campaigns). Not built yet: they answer 501. */
const CAMPAIGNS = 'campaign sends';

export const campaignOperations = {
  send: defineOperation({
    operationId: 'campaigns_send',
    method: 'POST',
    path: '/v1/campaigns/{campaignId}/send',
    subject: 'campaigns.campaigns.send',
    tag: 'campaigns',
    summary: "Send a campaign's template to its audience",
    scope: 'write',
    workspace: 'one',
    pending: CAMPAIGNS,
    responses: {},
  }),
  get: defineOperation({
    operationId: 'campaigns_get',
    method: 'GET',
    path: '/v1/campaigns/{campaignId}',
    subject: 'campaigns.campaigns.get',
    tag: 'campaigns',
    summary: 'Get a campaign',
    scope: 'read',
    workspace: 'all',
    pending: CAMPAIGNS,
    responses: {},
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
    pending: CAMPAIGNS,
    responses: {},
  }),
};
