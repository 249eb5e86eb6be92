import { z } from 'zod';
import { defineOperation, errorBodySchema, successEnvelope } from '../operation';
import { agentUpdateSchema, assistRulesUpdateSchema, guardrailsUpdateSchema, promptActivateSchema, promptCreateSchema } from '../agents';
import { agentSchema, assistRulesSchema, groupedByWorkspace, guardrailsSchema, promptHistorySchema } from '../resources';

/** The agents service's public operations (spec › Agents, Sub-agents). */
const agentsGrouped = groupedByWorkspace('agents', agentSchema);
const promptChange = successEnvelope(z.object({ id: z.string(), activePromptId: z.string().nullable() }));
const SUBAGENTS = 'sub-agents';

function subagents(operation: {
  operationId: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  subject: string;
  summary: string;
}) {
  const read = operation.method === 'GET';
  return defineOperation({
    ...operation,
    tag: 'sub-agents',
    scope: read ? 'read' : 'write',
    workspace: read ? 'all' : 'one',
    pending: SUBAGENTS,
    responses: {},
  });
}

export const agentOperations = {
  list: defineOperation({
    operationId: 'agents_list',
    method: 'GET',
    path: '/v1/agents',
    subject: 'agents.agents.list',
    tag: 'agents',
    summary: 'List agents, grouped by workspace',
    scope: 'read',
    workspace: 'all',
    responses: { 200: agentsGrouped },
  }),
  get: defineOperation({
    operationId: 'agents_get',
    method: 'GET',
    path: '/v1/agents/{agentId}',
    subject: 'agents.agents.get',
    tag: 'agents',
    summary: 'Get an agent',
    scope: 'read',
    workspace: 'all',
    responses: { 200: agentsGrouped, 404: errorBodySchema },
  }),
  update: defineOperation({
    operationId: 'agents_update',
    method: 'PATCH',
    path: '/v1/agents/{agentId}',
    subject: 'agents.agents.update',
    tag: 'agents',
    summary: 'Update an agent (partial)',
    scope: 'write',
    workspace: 'one',
    body: agentUpdateSchema,
    responses: { 200: successEnvelope(z.object({ id: z.string() })), 404: errorBodySchema },
  }),
  promptGet: defineOperation({
    operationId: 'agents_prompt_get',
    method: 'GET',
    path: '/v1/agents/{agentId}/prompt',
    subject: 'agents.prompt.get',
    tag: 'agents',
    summary: "An agent's active system prompt and its version history",
    scope: 'read',
    workspace: 'all',
    responses: { 200: promptHistorySchema, 404: errorBodySchema },
  }),
  promptCreate: defineOperation({
    operationId: 'agents_prompt_create',
    method: 'POST',
    path: '/v1/agents/{agentId}/prompt',
    subject: 'agents.prompt.create',
    tag: 'agents',
    summary: 'Create and activate a new system prompt version',
    scope: 'write',
    workspace: 'one',
    body: promptCreateSchema,
    responses: { 201: promptChange, 404: errorBodySchema },
  }),
  promptActivate: defineOperation({
    operationId: 'agents_prompt_activate',
    method: 'PATCH',
    path: '/v1/agents/{agentId}/prompt',
    subject: 'agents.prompt.activate',
    tag: 'agents',
    summary: 'Activate an earlier system prompt version',
    scope: 'write',
    workspace: 'one',
    body: promptActivateSchema,
    responses: { 200: promptChange, 404: errorBodySchema },
  }),
  guardrailsGet: defineOperation({
    operationId: 'agents_guardrails_get',
    method: 'GET',
    path: '/v1/agents/{agentId}/guardrails',
    subject: 'agents.guardrails.get',
    tag: 'agents',
    summary: "An agent's guardrails",
    scope: 'read',
    workspace: 'all',
    responses: { 200: guardrailsSchema, 404: errorBodySchema },
  }),
  guardrailsUpdate: defineOperation({
    operationId: 'agents_guardrails_update',
    method: 'PATCH',
    path: '/v1/agents/{agentId}/guardrails',
    subject: 'agents.guardrails.update',
    tag: 'agents',
    summary: "Update an agent's guardrails (merge)",
    scope: 'write',
    workspace: 'one',
    body: guardrailsUpdateSchema,
    responses: { 200: successEnvelope(guardrailsSchema), 404: errorBodySchema },
  }),
  assistRulesGet: defineOperation({
    operationId: 'agents_assist_rules_get',
    method: 'GET',
    path: '/v1/agents/{agentId}/assist-rules',
    subject: 'agents.assistRules.get',
    tag: 'agents',
    summary: "An agent's human-assistance rules",
    scope: 'read',
    workspace: 'all',
    responses: { 200: assistRulesSchema, 404: errorBodySchema },
  }),
  assistRulesUpdate: defineOperation({
    operationId: 'agents_assist_rules_update',
    method: 'PATCH',
    path: '/v1/agents/{agentId}/assist-rules',
    subject: 'agents.assistRules.update',
    tag: 'agents',
    summary: "Update an agent's human-assistance rules (merge)",
    scope: 'write',
    workspace: 'one',
    body: assistRulesUpdateSchema,
    responses: { 200: successEnvelope(assistRulesSchema), 404: errorBodySchema },
  }),
  subagentsList: subagents({
    operationId: 'agents_subagents_list',
    method: 'GET',
    path: '/v1/agents/{agentId}/subagents',
    subject: 'agents.subagents.list',
    summary: "An agent's sub-agent connections",
  }),
  subagentsAvailable: subagents({
    operationId: 'agents_subagents_available',
    method: 'GET',
    path: '/v1/agents/{agentId}/subagents/available',
    subject: 'agents.subagents.available',
    summary: 'Agents that can be connected as sub-agents',
  }),
  subagentsConnect: subagents({
    operationId: 'agents_subagents_connect',
    method: 'POST',
    path: '/v1/agents/{agentId}/subagents',
    subject: 'agents.subagents.connect',
    summary: 'Connect an existing agent as a sub-agent',
  }),
  subagentsCreate: subagents({
    operationId: 'agents_subagents_create',
    method: 'POST',
    path: '/v1/agents/{agentId}/subagents/create',
    subject: 'agents.subagents.create',
    summary: 'Create an agent and connect it as a sub-agent',
  }),
  subagentsUpdate: subagents({
    operationId: 'agents_subagents_update',
    method: 'PATCH',
    path: '/v1/agents/{agentId}/subagents/{subagentId}',
    subject: 'agents.subagents.update',
    summary: 'Update a sub-agent connection',
  }),
  subagentsDisconnect: subagents({
    operationId: 'agents_subagents_disconnect',
    method: 'DELETE',
    path: '/v1/agents/{agentId}/subagents/{subagentId}',
    subject: 'agents.subagents.disconnect',
    summary: 'Disconnect a sub-agent (the agent stays)',
  }),
};
