import { DomainError } from '@platica/errors';

/** A half-open span of time `[from, to)`. */
export interface Span {
  from: Date;
  to: Date;
}

/** Aggregates are kept per 15 minutes, UTC-aligned: every timezone's offset is a multiple of it. */
export const BUCKET_MS = 15 * 60_000;
/** The longest range a request may ask for (a daily series stays bounded). */
export const MAX_RANGE_DAYS = 400;
const DAY_MS = 86_400_000;

const partsFormat = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let format = partsFormat.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormat.set(timeZone, format);
  }
  return format;
}

/** Whether the runtime knows the IANA timezone. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

interface LocalTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function localTime(instant: Date, timeZone: string): LocalTime {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, Number(p.value)]),
  );
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

/** The timezone's offset from UTC at an instant, in minutes (east positive). */
export function offsetMinutes(instant: Date, timeZone: string): number {
  const local = localTime(instant, timeZone);
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant a local day starts in the timezone (its first moment: midnight, or the first
 * minute after a DST gap that swallows midnight). `month` is 1-12 and may overflow (13 is
 * January of the next year), as may `day`.
 */
export function startOfLocalDay(year: number, month: number, day: number, timeZone: string): Date {
  const wallClock = Date.UTC(year, month - 1, day);
  // Two passes settle the offset (the offset at the guess may differ from the one at the answer).
  let guess = wallClock - offsetMinutes(new Date(wallClock), timeZone) * 60_000;
  guess = wallClock - offsetMinutes(new Date(guess), timeZone) * 60_000;
  // A DST gap at midnight: the day starts at the first instant whose local date is that day.
  const target = new Date(wallClock).toISOString().slice(0, 10);
  if (localDate(new Date(guess), timeZone) !== target) {
    for (let t = guess; t < guess + DAY_MS; t += BUCKET_MS) if (localDate(new Date(t), timeZone) === target) return new Date(t);
  }
  return new Date(guess);
}

/** `YYYY-MM-DD` of an instant in the timezone. */
export function localDate(instant: Date, timeZone: string): string {
  const { year, month, day } = localTime(instant, timeZone);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** ISO 8601 with the timezone's offset at that instant: `2026-11-01T00:00:00.000-06:00`. */
export function formatInstant(instant: Date, timeZone: string): string {
  const offset = offsetMinutes(instant, timeZone);
  const shifted = new Date(instant.getTime() + offset * 60_000).toISOString().slice(0, 23);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${shifted}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** The spec's `{startDate, endDate}` of a span: both included, so `endDate` is the span's last millisecond. */
export function datesOfSpan(span: Span, timeZone: string): { startDate: string; endDate: string } {
  return { startDate: formatInstant(span.from, timeZone), endDate: formatInstant(new Date(span.to.getTime() - 1), timeZone) };
}

/** The billing period holding `now`: the calendar month in the workspace's timezone (ARCHITECTURE.md). */
export function billingPeriod(now: Date, timeZone: string): Span {
  const { year, month } = localTime(now, timeZone);
  return { from: startOfLocalDay(year, month, 1, timeZone), to: startOfLocalDay(year, month + 1, 1, timeZone) };
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A `startDate` / `endDate` bound: a calendar day of the workspace's timezone (`endDate`'s day
 * is included whole) or an instant with its offset (`endDate` included).
 */
export function rangeBound(value: string, edge: 'start' | 'end', timeZone: string): Date {
  const date = DATE_ONLY.exec(value);
  if (date) {
    const [year, month, day] = [Number(date[1]), Number(date[2]), Number(date[3])];
    return startOfLocalDay(year, month, edge === 'start' ? day : day + 1, timeZone);
  }
  const instant = new Date(value);
  return edge === 'start' ? instant : new Date(instant.getTime() + 1);
}

/**
 * The span a usage request reads: its `startDate` and `endDate` (the query schema has checked
 * their form), each defaulting to the billing period's. A range that ends before it starts, or
 * longer than MAX_RANGE_DAYS, is the client's mistake (400).
 */
export function resolveRange(query: { startDate?: string; endDate?: string }, now: Date, timeZone: string): Span {
  const period = billingPeriod(now, timeZone);
  const from = query.startDate ? rangeBound(query.startDate, 'start', timeZone) : period.from;
  const to = query.endDate ? rangeBound(query.endDate, 'end', timeZone) : period.to;
  if (to.getTime() <= from.getTime()) {
    throw DomainError.validation([{ path: ['endDate'], message: 'endDate must not be before startDate' }]);
  }
  if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY_MS) {
    throw DomainError.validation([{ path: ['endDate'], message: `a range spans at most ${MAX_RANGE_DAYS} days` }]);
  }
  return { from, to };
}

/**
 * The local days a span touches in the timezone: `starts[i]` is the instant day `dates[i]`
 * begins. SQL places a row on its day with `width_bucket(created_at, starts)` (a binary search,
 * no timezone conversion per row): index `i` is `dates[i - 1]`.
 */
export function localDays(span: Span, timeZone: string): { starts: Date[]; dates: string[] } {
  const first = localTime(span.from, timeZone);
  const starts: Date[] = [];
  const dates: string[] = [];
  for (let day = first.day; ; day++) {
    const start = startOfLocalDay(first.year, first.month, day, timeZone);
    if (start.getTime() >= span.to.getTime()) break;
    starts.push(start);
    dates.push(localDate(start, timeZone));
  }
  return { starts, dates };
}

/**
 * Splits a span into the whole 15-minute buckets the aggregates answer (`buckets`, null when
 * none) and the partial edges a recount of the primary rows answers (at most 15 minutes each).
 */
export function splitByBuckets(span: Span): { buckets: Span | null; edges: Span[] } {
  const first = Math.ceil(span.from.getTime() / BUCKET_MS) * BUCKET_MS;
  const last = Math.floor(span.to.getTime() / BUCKET_MS) * BUCKET_MS;
  if (first >= last) return { buckets: null, edges: [span] };
  const edges: Span[] = [];
  if (span.from.getTime() < first) edges.push({ from: span.from, to: new Date(first) });
  if (last < span.to.getTime()) edges.push({ from: new Date(last), to: span.to });
  return { buckets: { from: new Date(first), to: new Date(last) }, edges };
}
