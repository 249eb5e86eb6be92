import type { AcceptChatResult, GeneratedReply, ToolCallResult } from '@platica/workflows/activities';
import type { TurnContext } from '@platica/contracts';
import type { RoundsInProgress } from './tool-rounds';
import { OncePerKey, TurnMemo } from './turn-memo';
import type { AgentLoads, SettingLoads, TurnSetting } from './turn-setting';

/**
 * What this worker keeps between a turn's activities (TurnMemo: a worker that never saw the
 * earlier step computes it again). Each entry's lifetime is written beside it: who sets it, who
 * takes or drops it, and how long it lasts at most. Their correctness rests on the workflow's
 * order of activities: acceptance, then model calls (tool rounds within), then delivery.
 */
export class TurnMemos {
  /**
   * By workflow run and request message: a chat acceptance begun (by the acceptChat step, or
   * early by acceptEarly, or by the model call waiting for it). Shared until it expires (60 s);
   * a failed one is dropped at once, so the step's retry starts afresh.
   */
  readonly acceptances = new OncePerKey<AcceptChatResult>(60_000);
  /**
   * By workflow run and conversation: what a chat acceptance answered and began loading. Set by
   * the acceptance, taken (and dropped) by the turn's first model call; 60 s at most.
   */
  readonly acceptedTurns = new TurnMemo<AcceptedTurn>(60_000);
  /**
   * By request message: the agent's loads begun while the request's workflow starts (loadAhead).
   * Taken by its acceptance, or dropped when the request never reached it (forgetAhead); 60 s at most.
   */
  readonly agentLoadsAhead = new TurnMemo<AgentLoads>(60_000);
  /**
   * By workspace and thread: its agent and conversation at its latest acceptance here, whose
   * loads its next request begins ahead. Overwritten by each acceptance; 10 min at most.
   */
  readonly threads = new TurnMemo<{ agentId: string; conversationRef: string }>();
  /**
   * By workflow run: what the turn's first model call loaded, kept while the model asks for
   * tools. Dropped with the turn's answer, and by a delegation starting or ending (the speaker
   * changes); 10 min at most.
   */
  readonly settings = new TurnMemo<TurnSetting>();
  /**
   * By workflow run, turn and the rounds it was given: a reply written but not stored yet (its
   * store failed). Set before the store, dropped once stored; 10 min at most.
   */
  readonly unstoredReplies = new TurnMemo<GeneratedReply>();
  /**
   * By workflow run and tool call ids: the results of a round's calls, so a retried model call
   * does not run them again. Dropped once the model answered after them; 10 min at most.
   */
  readonly toolResults = new TurnMemo<ToolCallResult[]>();
  /**
   * By workflow run, turn and the rounds it was given: the rounds a model call activity has run
   * so far, for its retried attempt to resume after. Dropped when the activity hands its answer
   * back; 10 min at most.
   */
  readonly roundsRun = new TurnMemo<RoundsInProgress>();
}

/** A chat acceptance's answer, and the loads of the turn's setting it began (undefined when they failed: the model call asks again). */
export interface AcceptedTurn {
  context: TurnContext;
  loads: Promise<SettingLoads | undefined> | undefined;
}
