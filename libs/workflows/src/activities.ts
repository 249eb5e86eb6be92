// What services need to start, signal and serve the workflows: ids, signals, updates, inputs and
// the activity interfaces their workers implement. Sandbox-safe (linted as workflow code); the
// Node-side code is `@platica/workflows/worker`, the workflow functions `@platica/workflows`.
export {
  scheduledSendsDispatcherWorkflowId,
  type ScheduledSendsDispatcherActivities,
  type ScheduledSendsDispatcherInput,
} from './scheduled-messages/scheduled-message.contract';
export { conversationExpiryWorkflowId, type ConversationExpiryActivities } from './conversation-expiry/conversation-expiry.contract';
export {
  MODEL_REFUSED,
  MODEL_FAILED,
  modelCallSlotSignal,
  replyRequestOf,
  scheduledChatTurnWorkflowId,
  turnRequestedSignal,
  turnWorkflowId,
  workingMessageDue,
  type AcceptChatResult,
  type ChatTurnStart,
  type ChatTurnStarted,
  type ConversationTurnActivities,
  type ConversationTurnInput,
  type GeneratedReply,
  type ModelCallQueued,
  type PendingToolCalls,
  type ScheduledChatTurnActivities,
  type ScheduledChatTurnInput,
  type TurnOutcome,
  type TurnTrigger,
  type ToolCallContext,
  type ToolCallRequest,
  type ToolCallResult,
  type ToolRound,
  type WorkingMessageSettings,
} from './turns/conversation-turn.contract';
export { campaignRunWorkflowId, type CampaignRunActivities, type CampaignRunInput } from './campaigns/campaign-run.contract';
export {
  agentEvaluationWorkflowId,
  type AgentEvaluationActivities,
  type AgentEvaluationInput,
  type EvaluationEnd,
  type EvaluationPlan,
} from './evaluations/agent-evaluation.contract';
export {
  knowledgeIndexWorkflowId,
  reindexKnowledgeSignal,
  type KnowledgeIndexActivities,
  type KnowledgeIndexInput,
  type KnowledgeIndexingStart,
} from './knowledge/knowledge-index.contract';
