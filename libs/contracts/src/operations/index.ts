import type { PublicOperation } from '../operation';
import { agentOperations } from './agents.operations';
import { apiKeyOperations } from './api-keys.operations';
import { eventStreamOperation } from './events.operations';
import { campaignOperations } from './campaigns.operations';
import { chatOperations } from './chat.operations';
import { evaluationOperations } from './evaluations.operations';
import { messageMediaOperation } from './media.operations';
import { messagingOperations } from './messaging.operations';
import { modelOperations } from './models.operations';
import { presenceOperation, teamOperations } from './team.operations';
import { cannedReplyOperations, noteOperations } from './notes.operations';
import { integrationOperations } from './integrations.operations';
import { knowledgeOperations } from './knowledge.operations';
import { knowledgeProposalOperations } from './knowledge-proposals.operations';
import { replyDraftOperations } from './reply-drafts.operations';
import { toolOperations } from './tools.operations';
import { webhookOperations } from './webhooks.operations';
import { workspaceOperations } from './workspaces.operations';

export * from './agents.operations';
export * from './api-keys.operations';
export * from './events.operations';
export * from './campaigns.operations';
export * from './chat.operations';
export * from './evaluations.operations';
export * from './media.operations';
export * from './messaging.operations';
export * from './models.operations';
export * from './team.operations';
export * from './notes.operations';
export * from './tools.operations';
export * from './integrations.operations';
export * from './knowledge.operations';
export * from './knowledge-proposals.operations';
export * from './reply-drafts.operations';
export * from './webhooks.operations';
export * from './workspaces.operations';
export * from './internal.operations';

/** Every public operation: the gateway's routes, the OpenAPI document and the /mcp tools come from this list. */
export const PUBLIC_OPERATIONS: readonly PublicOperation[] = [
  workspaceOperations.list,
  ...Object.values(apiKeyOperations),
  ...Object.values(teamOperations),
  presenceOperation,
  eventStreamOperation,
  ...Object.values(messagingOperations),
  ...Object.values(noteOperations),
  ...Object.values(cannedReplyOperations),
  messageMediaOperation,
  ...Object.values(chatOperations),
  ...Object.values(agentOperations),
  ...Object.values(evaluationOperations),
  ...Object.values(modelOperations),
  ...Object.values(toolOperations),
  ...Object.values(integrationOperations),
  ...Object.values(knowledgeOperations),
  ...Object.values(knowledgeProposalOperations),
  ...Object.values(replyDraftOperations),
  ...Object.values(campaignOperations),
  ...Object.values(webhookOperations),
];
