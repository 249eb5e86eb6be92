import type { TurnHistoryItem } from '@platica/contracts';

/**
 * Whether an earlier turn already answered these messages: some reply of the agent records
 * (`seenUpTo`) that its turn was given a history reaching past every one of them. A turn asked
 * for twice (an event redelivered after its turn ended) must not answer again. Position alone
 * would not do: a reply stored after a message need not have seen it.
 */
export function answeredAlready(history: TurnHistoryItem[], messageIds: string[]): boolean {
  if (!messageIds.length) return false;
  const position = new Map(history.map((item, index) => [item.id, index]));
  const upTo = answeredUpTo(history, position);
  // A message no longer in the history is older than every reply's horizon that is.
  return upTo >= 0 && messageIds.every((id) => (position.get(id) ?? -1) <= upTo);
}

/**
 * The customer messages no reply of the agent has seen: those after the latest horizon
 * (`seenUpTo`) of its replies. Context summarisation never folds them: the turn answering
 * them gives them to the model as they were written.
 */
export function unansweredMessageIds(history: TurnHistoryItem[]): Set<string> {
  const upTo = answeredUpTo(history, new Map(history.map((item, index) => [item.id, index])));
  return new Set(history.flatMap((item, index) => (index > upTo && item.role === 'user' ? [item.id] : [])));
}

/** The position of the latest message some reply of the agent was given, or -1. */
function answeredUpTo(history: TurnHistoryItem[], position: Map<string, number>): number {
  return Math.max(
    -1,
    ...history.flatMap((item) => (item.role === 'assistant' && item.seenUpTo !== undefined ? [position.get(item.seenUpTo) ?? -1] : [])),
  );
}
