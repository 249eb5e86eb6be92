// The Node side of libs/workflows: activity implementations and where workers load the
// workflows from. Imported by services' workers, never by workflow code.
export { diagnosticsActivities, type DiagnosticsActivities } from './diagnostics/diagnostics.activities';
export { workflowSource } from './worker-source';
export {
  cancelUpdate,
  phaseQuery,
  rescheduleUpdate,
  scheduledMessageWorkflowId,
  scheduledSendsDispatcherWorkflowId,
  NOT_PENDING,
  type RescheduleChange,
  type ScheduledMessageActivities,
  type ScheduledSendsDispatcherActivities,
  type ScheduledSendsDispatcherInput,
  type ScheduledMessageInput,
  type ScheduledMessagePhase,
} from './scheduled-messages/scheduled-message.contract';
export {
  MODEL_REFUSED,
  scheduledChatTurnWorkflowId,
  turnRequestedSignal,
  turnWorkflowId,
  type AcceptChatResult,
  type ConversationTurnActivities,
  type ConversationTurnInput,
  type GeneratedReply,
  type ScheduledChatTurnActivities,
  type ScheduledChatTurnInput,
  type TurnOutcome,
  type TurnReply,
  type TurnTrigger,
} from './turns/conversation-turn.contract';
