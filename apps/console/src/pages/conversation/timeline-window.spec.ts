import { byDay, dayKey, dayName, dayStart } from './timeline-window';

describe('days of the timeline', () => {
  // Local times: the browser's time zone decides where a day ends.
  const at = (y: number, m: number, d: number, h: number, min = 0) => new Date(y, m - 1, d, h, min).toISOString();

  it('cuts the entries into one run per calendar day, in order', () => {
    const items = [at(2026, 11, 26, 9), at(2026, 11, 26, 23, 59), at(2026, 11, 27, 0, 1), at(2026, 11, 28, 12), at(2026, 11, 28, 13)];
    const runs = byDay(items, (iso) => iso);
    expect(runs.map((run) => [run.day, run.items.length])).toEqual([
      ['2026-11-26', 2],
      ['2026-11-27', 1],
      ['2026-11-28', 2],
    ]);
    expect(byDay([], (iso: string) => iso)).toEqual([]);
  });

  it('names today and yesterday, and writes older days out', () => {
    const now = new Date(2026, 0, 1, 10);
    expect(dayName('2026-01-01', now)).toBe('today');
    // Across a year's end.
    expect(dayName('2025-12-31', now)).toBe('yesterday');
    expect(dayName('2025-12-30', now)).toBe('date');
  });

  it('reads a day key back as its local midnight', () => {
    const start = dayStart('2026-03-09');
    expect([start.getFullYear(), start.getMonth(), start.getDate(), start.getHours()]).toEqual([2026, 2, 9, 0]);
    expect(dayKey(start)).toBe('2026-03-09');
  });
});
