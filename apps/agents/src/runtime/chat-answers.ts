import { Injectable } from '@nestjs/common';
import type { ChatAccepted, TurnReplyResult } from '@platica/contracts';
import { NatsHandle } from '@platica/platform';
import type { TurnOutcome } from '@platica/workflows/activities';
import { TurnMemo } from './turn-memo';

/**
 * Early answers of the synchronous chat turns this process runs. The chat service listens on a
 * subject of its own for each request (`answerTo`) and gets the turn's outcome the moment the
 * model call has stored the reply, instead of once the workflow has completed and its result
 * has been read (~14 ms later on the 2-core machine). Only replies are answered early: a turn
 * that stays silent, fails or is refused is answered by the workflow's result, which stays the
 * answer of record whenever no early answer comes (another worker ran the turn, a lost message).
 */
@Injectable()
export class ChatAnswers {
  /** By request id: where its caller listens, until its turn accepts it. */
  private readonly listeners = new TurnMemo<string>(5 * 60_000);
  /** By workflow run: the accepted requests of its turn whose callers listen. */
  private readonly accepted = new TurnMemo<{ answerTo: string; accepted: ChatAccepted }[]>(5 * 60_000);
  /** By workflow id: the run that answered early, completing a few milliseconds later. */
  private readonly answeredRuns = new TurnMemo<string>(60_000);

  constructor(private readonly nats: NatsHandle) {}

  listen(requestId: string, answerTo: string): void {
    this.listeners.set(requestId, answerTo);
  }

  /** A request accepted by a turn of `runId`: answered with the turn's reply. */
  accept(runId: string | undefined, accepted: ChatAccepted): void {
    const answerTo = this.listeners.get(accepted.requestMessageId);
    if (!runId || !answerTo) return;
    this.listeners.forget(accepted.requestMessageId);
    this.accepted.set(runId, [...(this.accepted.get(runId) ?? []), { answerTo, accepted }]);
  }

  /** The reply of a turn of the run is stored: what the workflow will answer its accepted requests, now. */
  answer(run: { workflowId: string; runId: string } | undefined, reply: TurnReplyResult): void {
    const waiting = this.accepted.get(run?.runId);
    if (!run || !waiting) return;
    this.accepted.forget(run.runId);
    this.answeredRuns.set(run.workflowId, run.runId);
    const completedAt = new Date().toISOString();
    for (const { answerTo, accepted } of waiting) {
      const outcome: TurnOutcome = { requestId: accepted.requestMessageId, status: 'completed', accepted, replies: [reply], completedAt };
      this.nats.connection.publish(answerTo, JSON.stringify(outcome));
    }
  }

  /** The run of `workflowId` that answered early in this process and may still be completing (asked once). */
  takeAnsweredRun(workflowId: string): string | undefined {
    const runId = this.answeredRuns.get(workflowId);
    this.answeredRuns.forget(workflowId);
    return runId;
  }
}
