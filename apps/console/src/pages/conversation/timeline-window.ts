/**
 * What the conversation's timeline shows (issue 49 item 3), as pure functions: a date between
 * days. (Older messages come from the API a page at a time: pages/conversation/conversation-queries.ts.)
 */

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
