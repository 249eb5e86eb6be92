import { Injectable } from '@nestjs/common';
import { Context } from '@temporalio/activity';
import type { ScheduledMessageActivities, ScheduledSendsDispatcherActivities } from '@platica/workflows/activities';
import { ScheduledMessageRepository } from './scheduled-message.repository';
import { ScheduledSendExecutor } from './scheduled-send.executor';
import { ScheduledSendsDispatcher } from './scheduled-sends.dispatcher';

/**
 * The activities of the scheduled-sends dispatcher workflow, and those of the retired
 * per-message workflow (scheduledMessageWorkflow): workflows started before the dispatcher
 * still wake at their time and call `execute`, which claims the row like the dispatcher
 * does, so whichever comes first sends it, once.
 */
@Injectable()
export class ScheduledMessageActivitiesFactory {
  /** Aborted when the service stops: the running dispatch returns and another worker takes over. */
  private readonly stopping = new AbortController();

  constructor(
    private readonly repository: ScheduledMessageRepository,
    private readonly executor: ScheduledSendExecutor,
    private readonly dispatcher: ScheduledSendsDispatcher,
  ) {}

  activities(): ScheduledMessageActivities & ScheduledSendsDispatcherActivities {
    return {
      dispatchScheduledSends: (windowMs) => this.dispatch(windowMs),
      recordReschedule: (id, change, revision) => this.repository.recordReschedule(id, change, revision),
      recordCancel: (id, cancelledAt) => this.repository.recordCancel(id, new Date(cancelledAt)),
      execute: (id) => this.executeLegacy(id),
    };
  }

  /** Ends the running dispatch (the service is stopping). */
  stop(): void {
    this.stopping.abort();
  }

  private async dispatch(windowMs: number): Promise<void> {
    const context = Context.current();
    const signal = AbortSignal.any([context.cancellationSignal, this.stopping.signal]);
    await this.dispatcher.run(Date.now() + windowMs, signal, () => context.heartbeat());
  }

  /** A legacy workflow's send: its message, if it is due and still waiting; else what became of it. */
  private async executeLegacy(id: string): Promise<'sent' | 'failed'> {
    const now = Date.now();
    const claimed = await this.repository.claimOne(id, new Date(now), new Date(now + 60_000));
    if (claimed) await this.executor.run(claimed);
    return (await this.repository.find(id))?.status === 'sent' ? 'sent' : 'failed';
  }
}
