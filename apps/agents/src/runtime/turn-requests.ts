import { Injectable } from '@nestjs/common';
import type { TypedDomainEvent } from '@platica/contracts';
import { ServiceConfig, TemporalClientOwner } from '@platica/platform';
import { conversationTurnWorkflow } from '@platica/workflows';
import { turnRequestedSignal, turnWorkflowId, type ConversationTurnInput } from '@platica/workflows/activities';
import { AgentsConfigService } from '../config/agents.config';

/** The durable consumer of `agent.turn.requested` shared by the agents service's replicas. */
export const TURN_REQUESTS_CONSUMER = 'agents_turn_requests';

/**
 * Hands messaging's `agent.turn.requested` events to the conversation's turn workflow:
 * signalled when it runs (the next turn answers), started otherwise. The event is acknowledged
 * only once the workflow has it, so no request is lost; a redelivered one whose messages a
 * turn already saw asks for nothing more.
 */
@Injectable()
export class TurnRequests extends TemporalClientOwner {
  constructor(
    config: ServiceConfig,
    private readonly agentsConfig: AgentsConfigService,
  ) {
    super(config);
  }

  async handle(event: TypedDomainEvent<'agent.turn.requested'>): Promise<void> {
    const { data } = event;
    const input: ConversationTurnInput = {
      workspaceId: event.workspaceId,
      conversationRef: data.conversationRef,
      debounceMs: this.agentsConfig.values.PLATICA_TURN_DEBOUNCE_MS,
    };
    await this.temporal().workflow.signalWithStart(conversationTurnWorkflow, {
      taskQueue: this.queueOf('agents'),
      workflowId: turnWorkflowId(event.workspaceId, data.conversationRef),
      args: [input],
      signal: turnRequestedSignal,
      signalArgs: [{ kind: data.reason, requestId: data.messageIds[0] ?? event.id, messageIds: data.messageIds }],
    });
  }
}
