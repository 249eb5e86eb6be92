import { Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Client } from '@temporalio/client';
import type { DomainEvent, TurnRequestedData } from '@platica/contracts';
import { ServiceConfig, connectTemporalClient, taskQueue } from '@platica/platform';
import { turnRequestedSignal, turnWorkflowId, type ConversationTurnInput } from '@platica/workflows/activities';
import { AgentsConfigService } from '../config/agents.config';

/**
 * Hands messaging's `agent.turn.requested` events to the conversation's turn workflow:
 * signalled when it runs (the next turn answers), started otherwise. Redelivering an event
 * may ask for one more turn, never for a lost one.
 */
@Injectable()
export class TurnRequests implements OnModuleInit, OnApplicationShutdown {
  private client: Client | null = null;
  private closeConnection: (() => Promise<void>) | null = null;

  constructor(
    private readonly config: ServiceConfig,
    private readonly agentsConfig: AgentsConfigService,
  ) {}

  async onModuleInit(): Promise<void> {
    const { client, close } = await connectTemporalClient(this.config.values);
    this.client = client;
    this.closeConnection = close;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.closeConnection?.();
  }

  async handle(event: DomainEvent): Promise<void> {
    const data = event.data as unknown as TurnRequestedData;
    const input: ConversationTurnInput = {
      workspaceId: event.workspaceId,
      conversationRef: data.conversationRef,
      debounceMs: this.agentsConfig.values.PLATICA_TURN_DEBOUNCE_MS,
    };
    await this.client!.workflow.signalWithStart('conversationTurnWorkflow', {
      taskQueue: taskQueue(this.config.values, 'agents'),
      workflowId: turnWorkflowId(event.workspaceId, data.conversationRef),
      args: [input],
      signal: turnRequestedSignal,
      signalArgs: [{ kind: data.reason, requestId: data.messageIds[0] ?? event.id, messageIds: data.messageIds }],
    });
  }
}
