import { describe, expect, it } from 'vitest';
import { formatPeriod, recentDays } from './analytics-period';

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
});
