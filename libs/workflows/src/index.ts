// Temporal workflow code only: deterministic, no I/O, no Node built-ins (STYLE.md rule 7).
// Activities live beside their workflows but are registered by the services' workers.
export { echoWorkflow } from './diagnostics/echo.workflow';
export { scheduledSendsDispatcherWorkflow } from './scheduled-messages/scheduled-sends-dispatcher.workflow';
export { conversationExpiryWorkflow } from './conversation-expiry/conversation-expiry.workflow';
export { conversationTurnWorkflow } from './turns/conversation-turn.workflow';
export { scheduledChatTurnWorkflow } from './turns/scheduled-chat-turn.workflow';
export { campaignRunWorkflow } from './campaigns/campaign-run.workflow';
export { agentEvaluationWorkflow } from './evaluations/agent-evaluation.workflow';
export { knowledgeIndexWorkflow } from './knowledge/knowledge-index.workflow';
