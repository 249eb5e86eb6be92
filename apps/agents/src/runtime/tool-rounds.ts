import type { WorkingMessage } from '@platica/contracts';
import {
  workingMessageDue,
  type GeneratedReply,
  type PendingToolCalls,
  type ToolCallResult,
  type ToolRound,
  type WorkingMessageSettings,
} from '@platica/workflows/activities';

/** A model call activity's tool rounds so far, the calls of the model's latest answer (to run next), and every tool name called. */
export interface RoundsInProgress {
  ran: ToolRound[];
  pending: PendingToolCalls | undefined;
  calledNames: string[];
}

/** The tool rounds a model call activity begins with: the calls it was given run first. */
export function roundsToBegin(toolCalls: PendingToolCalls | undefined): RoundsInProgress {
  return { ran: [], pending: toolCalls, calledNames: toolCalls?.calls.map((call) => call.name) ?? [] };
}

/**
 * What a model call activity running the tool rounds does after one answer of the model
 * (`toolResults`: the results of the calls it ran before asking): hand the answer back to the
 * workflow with the rounds it ran, or run the answer's calls next.
 */
export function afterAnswer(
  progress: RoundsInProgress,
  reply: GeneratedReply,
  toolResults: ToolCallResult[] | undefined,
  workingMessageSent: boolean,
): { handBack: true; ran: ToolRound[] } | { handBack: false; progress: RoundsInProgress } {
  const ran =
    progress.pending && toolResults ? [...progress.ran, { messages: progress.pending.messages, results: toolResults }] : progress.ran;
  if (!('toolCalls' in reply)) return { handBack: true, ran };
  const calledNames = [...progress.calledNames, ...reply.toolCalls.map((call) => call.name)];
  if (workingMessageWanted(reply.workingMessage, calledNames, workingMessageSent)) return { handBack: true, ran };
  const pending = { agentId: reply.agentId, calls: reply.toolCalls, messages: reply.messages, context: reply.context };
  return { handBack: false, progress: { ran, pending, calledNames } };
}

/**
 * The working-message trigger: a tool-calls answer goes back to the workflow (which sends the
 * working message) when the agent has one, it was not sent yet in this turn, and the tools
 * called so far (catalog names, in order) make it due.
 */
export function workingMessageWanted(settings: WorkingMessageSettings | null, calledNames: string[], workingMessageSent: boolean): boolean {
  return !workingMessageSent && settings !== null && workingMessageDue(settings, calledNames);
}

/** The agent's working message as a turn carries it: none when disabled. */
export function workingMessageOf(setting: WorkingMessage | undefined): WorkingMessageSettings | null {
  return setting?.enabled ? setting : null;
}
