import { DomainError } from '@platica/errors';
import { rangeOf } from './model-usage';

/** The model usage's days are the workspace's timezone's, as the spec's usage figures' are (docs/usage.md › Model cost). */
describe('rangeOf', () => {
  const now = Date.parse('2026-11-29T10:30:00Z');

  it('reads a day as a day of the workspace’s timezone, the end day whole', () => {
    expect(rangeOf('2026-11-01', '2026-11-02', 'America/Mexico_City', now)).toEqual({
      from: new Date('2026-11-01T06:00:00Z'),
      to: new Date('2026-11-03T06:00:00Z'),
    });
    // UTC+14: its day starts the UTC day before.
    expect(rangeOf('2026-11-29', '2026-11-29', 'Pacific/Kiritimati', now)).toEqual({
      from: new Date('2026-11-28T10:00:00Z'),
      to: new Date('2026-11-29T10:00:00Z'),
    });
    expect(rangeOf('2026-11-29', '2026-11-29', 'UTC', now)).toEqual({
      from: new Date('2026-11-29T00:00:00Z'),
      to: new Date('2026-11-30T00:00:00Z'),
    });
  });

  it('takes an instant as given (the end included), and defaults to the 30 days to now', () => {
    expect(rangeOf('2026-11-01T00:00:00-06:00', '2026-11-02T12:00:00Z', 'Pacific/Kiritimati', now)).toEqual({
      from: new Date('2026-11-01T06:00:00Z'),
      to: new Date('2026-11-02T12:00:00.001Z'),
    });
    expect(rangeOf(undefined, undefined, 'America/Mexico_City', now)).toEqual({
      from: new Date(now - 30 * 86_400_000),
      to: new Date(now),
    });
  });

  it('refuses an end before the start, or a range over 400 days, naming the field', () => {
    const issueOf = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return error instanceof DomainError ? (error.details as { path: string[] }[])[0]!.path : error;
      }
      return null;
    };
    expect(issueOf(() => rangeOf('2026-11-10', '2026-11-01', 'UTC', now))).toEqual(['endDate']);
    expect(issueOf(() => rangeOf('2025-01-01', '2026-11-01', 'UTC', now))).toEqual(['startDate']);
  });
});
