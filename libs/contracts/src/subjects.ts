import { internalOperations } from './operations/internal.operations';

/**
 * NATS subjects, `<service>.<resource>.<operation>` (ARCHITECTURE.md). Every request/reply
 * subject is stated by its operation object (`libs/contracts/src/operations`); these are the
 * rest. The deployment's subject prefix (PLATICA_NATS_PREFIX) is applied by the platform's
 * NATS wiring, not here.
 */
export const SERVICE_NAMES = ['gateway', 'messaging', 'chat', 'agents', 'tools', 'campaigns', 'webhook-dispatcher'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export const Subjects = {
  messaging: {
    /** Meta's deliveries, forwarded as raw bytes with their headers (no envelope, so no operation). */
    inboundMeta: 'messaging.inbound.meta',
    // Named by apps/agents/src/runtime/turn.activities.ts only, until its calls take operations: remove then.
    turnContext: internalOperations.messaging.turnContext.subject,
    turnReply: internalOperations.messaging.turnReply.subject,
    turnFailure: internalOperations.messaging.turnFailure.subject,
    turnPrevious: internalOperations.messaging.turnPrevious.subject,
    chatAccept: internalOperations.messaging.chatAccept.subject,
    chatReject: internalOperations.messaging.chatReject.subject,
  },
} as const;

/** The tools runtime's subjects, named by apps/agents/src/runtime/turn.activities.ts until its calls take operations: remove then. */
export const ToolSubjects = {
  runtimeAgentTools: internalOperations.tools.runtimeAgentTools.subject,
  runtimeExecute: internalOperations.tools.runtimeExecute.subject,
} as const;

/** Events go to `events.<type>` on the stream. */
export function eventSubject(type: string): string {
  return `events.${type}`;
}
