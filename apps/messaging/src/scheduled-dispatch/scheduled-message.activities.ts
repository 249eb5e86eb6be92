import { Injectable } from '@nestjs/common';
import { Context } from '@temporalio/activity';
import type { ScheduledSendsDispatcherActivities } from '@platica/workflows/activities';
import { ScheduledSendsDispatcher } from './scheduled-sends.dispatcher';

/** The activities of the scheduled-sends dispatcher workflow. */
@Injectable()
export class ScheduledMessageActivitiesFactory {
  /** Aborted when the service stops: the running dispatch returns and another worker takes over. */
  private readonly stopping = new AbortController();

  constructor(private readonly dispatcher: ScheduledSendsDispatcher) {}

  activities(): ScheduledSendsDispatcherActivities {
    return { dispatchScheduledSends: (windowMs) => this.dispatch(windowMs) };
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
}
