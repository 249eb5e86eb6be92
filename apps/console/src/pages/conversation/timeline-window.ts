/**
 * What the conversation's timeline shows (issue 49 item 3), as pure functions: the newest entries
 * first, older ones revealed a page at a time as the person scrolls up, and a date between days.
 */

/** How many entries the timeline shows when it opens, and how many more each reveal adds. */
export const TIMELINE_PAGE = 30;

/**
 * The index of the oldest entry shown. `anchor` is the key of the oldest entry revealed so far
 * (null before the first reveal: the newest `page` are shown). Anchored by key, not by a count,
 * so a message arriving at the end does not push an older one out of view.
 */
export function firstShown(keys: readonly string[], anchor: string | null, page = TIMELINE_PAGE): number {
  const at = anchor === null ? -1 : keys.indexOf(anchor);
  return at === -1 ? Math.max(0, keys.length - page) : at;
}

/** The anchor after revealing one more page of older entries (the key of the new oldest shown). */
export function revealOlder(keys: readonly string[], anchor: string | null, page = TIMELINE_PAGE): string | null {
  const from = Math.max(0, firstShown(keys, anchor, page) - page);
  return keys[from] ?? null;
}

/** A calendar day in the browser's time zone, as `YYYY-MM-DD` (what separates one day's messages from the next). */
export function dayKey(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export type DayRun<T> = { day: string; items: T[] };

/** Entries in time order, cut into runs of one calendar day each (a separator goes before each run). */
export function byDay<T>(items: readonly T[], at: (item: T) => string): DayRun<T>[] {
  const runs: DayRun<T>[] = [];
  for (const item of items) {
    const day = dayKey(new Date(at(item)));
    const last = runs.at(-1);
    if (last?.day === day) last.items.push(item);
    else runs.push({ day, items: [item] });
  }
  return runs;
}

/** How a day's separator names it: `today`, `yesterday`, or `date` (then the date is written out). */
export function dayName(day: string, now: Date): 'today' | 'yesterday' | 'date' {
  if (day === dayKey(now)) return 'today';
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  return day === dayKey(yesterday) ? 'yesterday' : 'date';
}

/** The local midnight a `YYYY-MM-DD` day key names (to write the date out in the reader's language). */
export function dayStart(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year!, month! - 1, date!);
}
