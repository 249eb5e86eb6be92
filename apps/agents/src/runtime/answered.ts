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
  const answeredUpTo = Math.max(
    -1,
    ...history.flatMap((item) => (item.role === 'assistant' && item.seenUpTo !== undefined ? [position.get(item.seenUpTo) ?? -1] : [])),
  );
  // A message no longer in the history is older than every reply's horizon that is.
  return answeredUpTo >= 0 && messageIds.every((id) => (position.get(id) ?? -1) <= answeredUpTo);
}
