/**
 * The gateway's explicit route table: every public path of the spec, the NATS subject of
 * the service that owns it, and its workspace rule. A path not listed here is 404.
 *
 * `pending` names the issue that will deliver a route: until then it answers 501 after
 * authentication, so integrators learn honestly what is not built yet.
 */
import type { z } from 'zod';
import {
  agentUpdateSchema,
  assistRulesUpdateSchema,
  catalogQuerySchema,
  connectToolSchema,
  createCustomApiSchema,
  testCustomApiSchema,
  updateConnectionSchema,
  updateCustomApiSchema,
  chatListQuerySchema,
  chatRequestSchema,
  createWebhookRequestSchema,
  deliveriesListResponseSchema,
  guardrailsUpdateSchema,
  listConversationsQuerySchema,
  listDeliveriesQuerySchema,
  promptActivateSchema,
  promptCreateSchema,
  rescheduleRequestSchema,
  scheduledListQuerySchema,
  sendMessageRequestSchema,
  sendTemplateRequestSchema,
  updateClientRequestSchema,
  updateConversationRequestSchema,
  updateWebhookRequestSchema,
  webhookWriteResponseSchema,
  webhooksListResponseSchema,
  workspacesListResponseSchema,
} from '@platica/contracts';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * `all`: reads may span every workspace of the credential.
 * `one`: the operation targets exactly one workspace; a multi-workspace credential must
 *        name it with `?workspace=` (spec, Endpoints › General rules). Writes are always `one`.
 */
export type WorkspaceRule = 'all' | 'one';

export interface Route {
  method: HttpMethod;
  /** Fastify path syntax: `/v1/agents/:agentId`. */
  path: string;
  subject: string;
  workspace: WorkspaceRule;
  pending?: string;
  /** How long the owning service may take, when longer than PLATICA_RPC_TIMEOUT_MS. */
  timeoutMs?: number;
  /**
   * The request's schemas, from libs/contracts: the owning service validates with the same
   * ones, and the OpenAPI document at /docs is generated from them.
   */
  schemas?: RouteSchemas;
}

export interface RouteSchemas {
  body?: z.ZodType;
  query?: z.ZodType;
  /** The success answer, for the OpenAPI document. */
  response?: z.ZodType;
}

const MCP = 'MCP servers';
const SUBAGENTS = 'sub-agents';
const CAMPAIGNS = 'campaign sends';
const USAGE = 'usage figures';

function read(path: string, subject: string, pending?: string, workspace: WorkspaceRule = 'all', schemas?: RouteSchemas): Route {
  return { method: 'GET', path, subject, workspace, pending, schemas };
}
function write(method: Exclude<HttpMethod, 'GET'>, path: string, subject: string, pending?: string, schemas?: RouteSchemas): Route {
  return { method, path, subject, workspace: 'one', pending, schemas };
}

export const ROUTES: readonly Route[] = [
  read('/v1/workspaces', 'gateway.workspaces.list', undefined, 'all', { response: workspacesListResponseSchema }),

  write('POST', '/v1/messages', 'messaging.messages.send', undefined, { body: sendMessageRequestSchema }),
  write('POST', '/v1/messages/template', 'messaging.messages.sendTemplate', undefined, { body: sendTemplateRequestSchema }),
  read('/v1/messages/scheduled', 'messaging.scheduled.list', undefined, 'one', { query: scheduledListQuerySchema }),
  read('/v1/messages/scheduled/:messageId', 'messaging.scheduled.get', undefined, 'one'),
  write('PATCH', '/v1/messages/scheduled/:messageId', 'messaging.scheduled.reschedule', undefined, { body: rescheduleRequestSchema }),
  write('DELETE', '/v1/messages/scheduled/:messageId', 'messaging.scheduled.cancel'),

  read('/v1/conversations', 'messaging.conversations.list', undefined, 'all', { query: listConversationsQuerySchema }),
  read('/v1/conversations/:id', 'messaging.conversations.get'),
  write('PATCH', '/v1/conversations/:id', 'messaging.conversations.update', undefined, { body: updateConversationRequestSchema }),
  read('/v1/clients/:id', 'messaging.clients.get'),
  write('PATCH', '/v1/clients/:id', 'messaging.clients.update', undefined, { body: updateClientRequestSchema }),
  read('/v1/usage/conversations', 'messaging.usage.conversations', USAGE),
  read('/v1/usage/actors', 'messaging.usage.actors', USAGE),

  // A chat turn waits for the agent's reply: model calls and their retries (the chat service answers 504 first).
  { ...write('POST', '/v1/chat', 'chat.turns.send', undefined, { body: chatRequestSchema }), timeoutMs: 120_000 },
  read('/v1/chat', 'chat.chats.list', undefined, 'all', { query: chatListQuerySchema }),
  read('/v1/chat/:id', 'chat.chats.get'),

  read('/v1/agents', 'agents.agents.list'),
  read('/v1/agents/:agentId', 'agents.agents.get'),
  write('PATCH', '/v1/agents/:agentId', 'agents.agents.update', undefined, { body: agentUpdateSchema }),
  read('/v1/agents/:agentId/prompt', 'agents.prompt.get'),
  write('POST', '/v1/agents/:agentId/prompt', 'agents.prompt.create', undefined, { body: promptCreateSchema }),
  write('PATCH', '/v1/agents/:agentId/prompt', 'agents.prompt.activate', undefined, { body: promptActivateSchema }),
  read('/v1/agents/:agentId/guardrails', 'agents.guardrails.get'),
  write('PATCH', '/v1/agents/:agentId/guardrails', 'agents.guardrails.update', undefined, { body: guardrailsUpdateSchema }),
  read('/v1/agents/:agentId/assist-rules', 'agents.assistRules.get'),
  write('PATCH', '/v1/agents/:agentId/assist-rules', 'agents.assistRules.update', undefined, { body: assistRulesUpdateSchema }),
  read('/v1/agents/:agentId/subagents', 'agents.subagents.list', SUBAGENTS),
  read('/v1/agents/:agentId/subagents/available', 'agents.subagents.available', SUBAGENTS),
  write('POST', '/v1/agents/:agentId/subagents', 'agents.subagents.connect', SUBAGENTS),
  write('POST', '/v1/agents/:agentId/subagents/create', 'agents.subagents.create', SUBAGENTS),
  write('PATCH', '/v1/agents/:agentId/subagents/:subagentId', 'agents.subagents.update', SUBAGENTS),
  write('DELETE', '/v1/agents/:agentId/subagents/:subagentId', 'agents.subagents.disconnect', SUBAGENTS),

  read('/v1/agents/:agentId/tools', 'tools.agentTools.list'),
  read('/v1/agents/:agentId/tools/available', 'tools.agentTools.available'),
  write('POST', '/v1/agents/:agentId/tools', 'tools.agentTools.connect', undefined, { body: connectToolSchema }),
  write('PATCH', '/v1/agents/:agentId/tools/:toolId', 'tools.agentTools.update', undefined, { body: updateConnectionSchema }),
  write('DELETE', '/v1/agents/:agentId/tools/:toolId', 'tools.agentTools.disconnect'),
  read('/v1/tools', 'tools.catalog.list', undefined, 'one', { query: catalogQuerySchema }),
  read('/v1/tools/:toolId', 'tools.catalog.get', undefined, 'one'),
  write('POST', '/v1/tools/mcp/preview', 'tools.mcp.preview', MCP),
  read('/v1/tools/mcp', 'tools.mcp.list', MCP, 'one'),
  write('POST', '/v1/tools/mcp', 'tools.mcp.connect', MCP),
  read('/v1/tools/mcp/:mcpId', 'tools.mcp.get', MCP, 'one'),
  write('POST', '/v1/tools/mcp/:mcpId/oauth/start', 'tools.mcp.oauthStart', MCP),
  write('POST', '/v1/tools/mcp/:mcpId/refresh', 'tools.mcp.refresh', MCP),
  write('POST', '/v1/tools/mcp/:mcpId/tools/sync', 'tools.mcp.sync', MCP),
  write('DELETE', '/v1/tools/mcp/:mcpId', 'tools.mcp.disconnect', MCP),
  read('/v1/tools/apis', 'tools.apis.list', undefined, 'one'),
  write('POST', '/v1/tools/apis', 'tools.apis.create', undefined, { body: createCustomApiSchema }),
  read('/v1/tools/apis/:integrationId', 'tools.apis.get', undefined, 'one'),
  write('PATCH', '/v1/tools/apis/:integrationId', 'tools.apis.update', undefined, { body: updateCustomApiSchema }),
  // A real test waits for the remote API (timeoutMs up to 60 s, plus a periodicAuth token fetch).
  { ...write('POST', '/v1/tools/apis/:integrationId/test', 'tools.apis.test', undefined, { body: testCustomApiSchema }), timeoutMs: 130_000 },
  write('POST', '/v1/tools/apis/:integrationId/enable', 'tools.apis.enable'),
  write('POST', '/v1/tools/apis/:integrationId/pause', 'tools.apis.pause'),
  write('DELETE', '/v1/tools/apis/:integrationId', 'tools.apis.delete'),

  write('POST', '/v1/campaigns/:campaignId/send', 'campaigns.campaigns.send', CAMPAIGNS),
  read('/v1/campaigns/:campaignId', 'campaigns.campaigns.get', CAMPAIGNS),
  write('PATCH', '/v1/campaigns/:campaignId', 'campaigns.campaigns.update', CAMPAIGNS),

  read('/v1/webhooks', 'webhook-dispatcher.webhooks.list', undefined, 'all', { response: webhooksListResponseSchema }),
  write('POST', '/v1/webhooks', 'webhook-dispatcher.webhooks.create', undefined, {
    body: createWebhookRequestSchema,
    response: webhookWriteResponseSchema,
  }),
  read('/v1/webhooks/:id', 'webhook-dispatcher.webhooks.get', undefined, 'all', { response: webhooksListResponseSchema }),
  write('PATCH', '/v1/webhooks/:id', 'webhook-dispatcher.webhooks.update', undefined, {
    body: updateWebhookRequestSchema,
    response: webhookWriteResponseSchema,
  }),
  write('DELETE', '/v1/webhooks/:id', 'webhook-dispatcher.webhooks.delete', undefined, { response: webhookWriteResponseSchema }),
  read('/v1/webhooks/:id/deliveries', 'webhook-dispatcher.deliveries.list', undefined, 'all', {
    query: listDeliveriesQuerySchema,
    response: deliveriesListResponseSchema,
  }),
  write('POST', '/v1/webhooks/:id/deliveries/:deliveryId/retry', 'webhook-dispatcher.deliveries.retry', undefined),
];
