import { DomainError } from '@platica/errors';
import {
  billingPeriod,
  formatInstant,
  localDate,
  localDays,
  offsetMinutes,
  datesOfSpan,
  resolveRange,
  splitByBuckets,
  startOfLocalDay,
} from './usage-range';

const at = (iso: string) => new Date(iso);

describe('usage ranges', () => {
  it('reads a timezone offset, including a 45-minute one and DST', () => {
    expect(offsetMinutes(at('2026-11-23T12:00:00Z'), 'America/Mexico_City')).toBe(-360);
    expect(offsetMinutes(at('2026-11-23T12:00:00Z'), 'Asia/Kathmandu')).toBe(345);
    expect(offsetMinutes(at('2026-07-01T12:00:00Z'), 'America/New_York')).toBe(-240);
    expect(offsetMinutes(at('2026-12-01T12:00:00Z'), 'America/New_York')).toBe(-300);
  });

  it('finds the start of a local day, on both sides of a DST change and across a month overflow', () => {
    expect(startOfLocalDay(2026, 11, 1, 'America/Mexico_City').toISOString()).toBe('2026-11-01T06:00:00.000Z');
    expect(startOfLocalDay(2026, 3, 8, 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfLocalDay(2026, 3, 9, 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(startOfLocalDay(2026, 13, 1, 'UTC').toISOString()).toBe('2027-01-01T00:00:00.000Z');
    // Santiago skips midnight in September: the day starts at 01:00 local.
    expect(localDate(startOfLocalDay(2026, 9, 6, 'America/Santiago'), 'America/Santiago')).toBe('2026-09-06');
  });

  it('takes the billing period as the calendar month in the workspace timezone', () => {
    // 03:00 UTC on 1 December is still 30 November in Mexico City.
    const period = billingPeriod(at('2026-12-01T03:00:00Z'), 'America/Mexico_City');
    expect(period.from.toISOString()).toBe('2026-11-01T06:00:00.000Z');
    expect(period.to.toISOString()).toBe('2026-12-01T06:00:00.000Z');
    expect(datesOfSpan(period, 'America/Mexico_City')).toEqual({
      startDate: '2026-11-01T00:00:00.000-06:00',
      endDate: '2026-11-30T23:59:59.999-06:00',
    });
    const december = billingPeriod(at('2026-12-31T23:30:00Z'), 'Asia/Kathmandu');
    expect(formatInstant(december.from, 'Asia/Kathmandu')).toBe('2027-01-01T00:00:00.000+05:45');
  });

  it('defaults each bound to the billing period and reads days in the timezone, the end day included', () => {
    const now = at('2026-11-23T12:00:00Z');
    expect(resolveRange({}, now, 'America/Mexico_City')).toEqual(billingPeriod(now, 'America/Mexico_City'));
    const days = resolveRange({ startDate: '2026-11-10', endDate: '2026-11-10' }, now, 'America/Mexico_City');
    expect(days).toEqual({ from: at('2026-11-10T06:00:00Z'), to: at('2026-11-11T06:00:00Z') });
    // An instant bound keeps its own offset; the end instant is included.
    const instants = resolveRange({ startDate: '2026-11-10T08:07:00Z', endDate: '2026-11-10T10:00:00+01:00' }, now, 'UTC');
    expect(instants).toEqual({ from: at('2026-11-10T08:07:00Z'), to: at('2026-11-10T09:00:00.001Z') });
    // Only a start: the end stays the billing period's.
    expect(resolveRange({ startDate: '2026-10-15' }, now, 'UTC')).toEqual({
      from: at('2026-10-15T00:00:00Z'),
      to: at('2026-12-01T00:00:00Z'),
    });
  });

  it('refuses an end before the start and a range longer than 400 days (400)', () => {
    const now = at('2026-11-23T12:00:00Z');
    const refused = (query: { startDate?: string; endDate?: string }) => {
      try {
        resolveRange(query, now, 'UTC');
      } catch (error) {
        return error instanceof DomainError ? error.status : 'not a DomainError';
      }
      return 'accepted';
    };
    expect(refused({ startDate: '2026-11-10', endDate: '2026-11-09' })).toBe(400);
    expect(refused({ startDate: '2025-01-01', endDate: '2026-11-09' })).toBe(400);
    expect(refused({ startDate: '2026-11-30' })).toBe('accepted');
    expect(refused({ startDate: '2026-12-02' })).toBe(400);
  });

  it('splits a span into whole 15-minute buckets and the partial edges', () => {
    expect(splitByBuckets({ from: at('2026-11-01T06:00:00Z'), to: at('2026-12-01T06:00:00Z') })).toEqual({
      buckets: { from: at('2026-11-01T06:00:00Z'), to: at('2026-12-01T06:00:00Z') },
      edges: [],
    });
    expect(splitByBuckets({ from: at('2026-11-01T06:07:00Z'), to: at('2026-11-01T08:00:00.001Z') })).toEqual({
      buckets: { from: at('2026-11-01T06:15:00Z'), to: at('2026-11-01T08:00:00Z') },
      edges: [
        { from: at('2026-11-01T06:07:00Z'), to: at('2026-11-01T06:15:00Z') },
        { from: at('2026-11-01T08:00:00Z'), to: at('2026-11-01T08:00:00.001Z') },
      ],
    });
    const short = { from: at('2026-11-01T06:01:00Z'), to: at('2026-11-01T06:14:00Z') };
    expect(splitByBuckets(short)).toEqual({ buckets: null, edges: [short] });
  });
});

describe('local days of a span', () => {
  it('lists the days a span touches with the instant each starts, across a DST change', () => {
    const days = localDays({ from: new Date('2026-03-07T12:00:00Z'), to: new Date('2026-03-09T04:00:00.001Z') }, 'America/New_York');
    expect(days.dates).toEqual(['2026-03-07', '2026-03-08', '2026-03-09']);
    expect(days.starts.map((d) => d.toISOString())).toEqual([
      '2026-03-07T05:00:00.000Z',
      '2026-03-08T05:00:00.000Z',
      '2026-03-09T04:00:00.000Z',
    ]);
    const month = localDays(billingPeriod(new Date('2026-11-23T12:00:00Z'), 'Asia/Kathmandu'), 'Asia/Kathmandu');
    expect(month.dates).toHaveLength(30);
    expect(month.dates[29]).toBe('2026-11-30');
  });
});
