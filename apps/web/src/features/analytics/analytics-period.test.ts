import { describe, expect, it } from 'vitest';
import { formatPeriod, periodDays, recentDays } from './analytics-period';

describe('the Analytics period in UTC days', () => {
  it('starts a custom period from the last days up to today in UTC, both included', () => {
    const lateOnMarch10Utc = Date.parse('2026-03-10T23:30:00.000Z');
    expect(recentDays(30, lateOnMarch10Utc)).toEqual({ from: '2026-02-09', to: '2026-03-10' });
    expect(recentDays(1, lateOnMarch10Utc)).toEqual({ from: '2026-03-10', to: '2026-03-10' });
  });

  it('says a period as a range of days, or a single day', () => {
    // ICU puts thin spaces around the range's dash.
    expect(formatPeriod({ from: '2026-03-01', to: '2026-03-30' }, 'en-US').replace(/\s/g, ' ')).toBe(
      'Mar 1 – 30, 2026',
    );
    expect(formatPeriod({ from: '2026-03-01', to: '2026-03-01' }, 'en-US')).toBe('Mar 1, 2026');
  });

  it('reads the server’s bounds, instants with the end excluded, as days with both ends included', () => {
    expect(
      periodDays({
        from: '2026-10-31T00:00:00.000Z',
        to: '2026-11-29T10:19:00.526Z',
        previous_from: '2026-10-01T00:00:00.000Z',
        previous_to: '2026-10-31T00:00:00.000Z',
      }),
    ).toEqual({
      current: { from: '2026-10-31', to: '2026-11-29' },
      previous: { from: '2026-10-01', to: '2026-10-30' },
    });
    // A custom period ends at the start of the day after its last day.
    expect(
      periodDays({
        from: '2026-03-01T00:00:00.000Z',
        to: '2026-03-08T00:00:00.000Z',
        previous_from: '2026-02-22T00:00:00.000Z',
        previous_to: '2026-03-01T00:00:00.000Z',
      }).current,
    ).toEqual({ from: '2026-03-01', to: '2026-03-07' });
  });

  it('takes days as they are, both ends included', () => {
    expect(
      periodDays({
        from: '2026-03-01',
        to: '2026-03-07',
        previous_from: '2026-02-22',
        previous_to: '2026-02-28',
      }),
    ).toEqual({
      current: { from: '2026-03-01', to: '2026-03-07' },
      previous: { from: '2026-02-22', to: '2026-02-28' },
    });
  });
});
