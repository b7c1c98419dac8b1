import { describe, expect, it } from 'vitest';
import { createReportInputSchema, periodDays, reportFileName, reportPeriodOf } from './reports';

describe('report periods', () => {
  it('counts both ends', () => {
    expect(periodDays('2026-11-01', '2026-11-30')).toBe(30);
    expect(periodDays('2024-01-01', '2024-12-31')).toBe(366);
  });

  it('makes last month the previous calendar month, across a year end', () => {
    expect(reportPeriodOf('last_month', new Date('2027-01-01T00:30:00Z'))).toEqual({
      start: '2026-12-01',
      end: '2026-12-31',
    });
    expect(reportPeriodOf('last_month', new Date('2028-03-31T23:00:00Z'))).toEqual({
      start: '2028-02-01',
      end: '2028-02-29',
    });
  });

  it('ends the last N days today', () => {
    expect(reportPeriodOf('last_90_days', new Date('2026-11-29T10:00:00Z'))).toEqual({
      start: '2026-09-01',
      end: '2026-11-29',
    });
  });

  it('refuses more than 366 days and an end before the start, on period_end', () => {
    const long = createReportInputSchema.safeParse({
      type: 'management',
      period_start: '2024-01-01',
      period_end: '2025-01-01',
    });
    expect(long.success ? null : long.error.issues.map((i) => i.path.join('.'))).toEqual(['period_end']);
  });

  it('names the file after type and period', () => {
    expect(
      reportFileName({ type: 'compliance', period_start: '2026-11-01', period_end: '2026-11-30' }, 'pdf'),
    ).toBe('parley-compliance-report-2026-11-01-to-2026-11-30.pdf');
  });
});
