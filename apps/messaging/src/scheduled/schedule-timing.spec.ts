import type { DomainError } from '@platica/errors';
import { requestMoment, scheduleInstant, timingOf } from './schedule-timing';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const paths = (fn: () => unknown) => {
  try {
    fn();
    return null;
  } catch (error) {
    return ((error as DomainError).details as { path: string[] }[]).map((d) => d.path.join('.'));
  }
};

describe('schedule timing', () => {
  it('reads a scheduleTime without a zone as Mexican time (UTC-6), and honours Z and offsets', () => {
    expect(scheduleInstant('2026-11-22T09:30:00').toISOString()).toBe('2026-11-22T15:30:00.000Z');
    expect(scheduleInstant('2026-11-22T09:30:00Z').toISOString()).toBe('2026-11-22T09:30:00.000Z');
    expect(scheduleInstant('2026-11-22T09:30:00+02:00').toISOString()).toBe('2026-11-22T07:30:00.000Z');
    expect(scheduleInstant('2026-11-22T09:30:00-0500').toISOString()).toBe('2026-11-22T14:30:00.000Z');
  });

  it('counts a delay from the moment of acceptance, within 3 s and 24 h', () => {
    expect(timingOf({ delay: 3_000 }, NOW)).toEqual({
      acceptedAt: new Date(NOW),
      executeAt: new Date(NOW + 3_000),
      status: 'delayed',
      delayMs: 3_000,
      scheduledTime: null,
    });
    expect(timingOf({ delay: 86_400_000 }, NOW)?.executeAt).toEqual(new Date(NOW + 86_400_000));
    expect(paths(() => timingOf({ delay: 2_999 }, NOW))).toEqual(['delay']);
    expect(paths(() => timingOf({ delay: 86_400_001 }, NOW))).toEqual(['delay']);
  });

  it('accepts a scheduleTime in the future and at most 30 days ahead', () => {
    const at = new Date(NOW + 30 * 24 * 3_600_000).toISOString();
    expect(timingOf({ scheduleTime: at }, NOW)).toEqual({
      acceptedAt: new Date(NOW),
      executeAt: new Date(at),
      status: 'scheduled',
      delayMs: null,
      scheduledTime: at,
    });
    expect(paths(() => timingOf({ scheduleTime: new Date(NOW + 30 * 24 * 3_600_000 + 1).toISOString() }, NOW))).toEqual(['scheduleTime']);
    expect(paths(() => timingOf({ scheduleTime: new Date(NOW).toISOString() }, NOW))).toEqual(['scheduleTime']);
    expect(paths(() => timingOf({ scheduleTime: 'tomorrow' }, NOW))).toEqual(['scheduleTime']);
  });

  it('is immediate without either', () => {
    expect(timingOf({}, NOW)).toBeNull();
  });

  it("judges a keyed request from its first attempt's moment, any other from now", () => {
    const first = '2026-11-21T11:59:58.000Z';
    const moment = requestMoment({ requestedAt: first });
    expect(moment).toBe(Date.parse(first));
    // Its scheduleTime was ahead of the first attempt, though it has passed by now.
    expect(timingOf({ scheduleTime: '2026-11-21T11:59:59Z' }, moment)?.executeAt.toISOString()).toBe('2026-11-21T11:59:59.000Z');
    expect(paths(() => timingOf({ scheduleTime: '2026-11-21T11:59:59Z' }, NOW))).toEqual(['scheduleTime']);
    const before = Date.now();
    expect(requestMoment({})).toBeGreaterThanOrEqual(before);
  });
});
