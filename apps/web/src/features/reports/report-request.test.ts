import { describe, expect, it } from 'vitest';
import { EMPTY_REPORT_REQUEST, toReportRequest } from './report-request';

const TODAY = new Date('2026-12-15T10:00:00Z');

describe('the Generate Report request', () => {
  it('turns a preset into its period as of today, all funds as null', () => {
    expect(
      toReportRequest({ ...EMPTY_REPORT_REQUEST, type: 'compliance', period: 'last_month' }, TODAY),
    ).toEqual({
      ok: true,
      input: { type: 'compliance', period_start: '2026-11-01', period_end: '2026-11-30', fund_id: null },
    });
    const week = toReportRequest({ ...EMPTY_REPORT_REQUEST, period: 'last_7_days' }, TODAY);
    expect(week).toMatchObject({ input: { period_start: '2026-12-09', period_end: '2026-12-15' } });
  });

  it('names the custom date that is wrong, with the server’s messages', () => {
    const reversed = toReportRequest(
      { ...EMPTY_REPORT_REQUEST, period: 'custom', from: '2026-11-30', to: '2026-11-01' },
      TODAY,
    );
    expect(reversed).toEqual({ ok: false, fields: { to: 'The end date is before the start date' } });
    const empty = toReportRequest({ ...EMPTY_REPORT_REQUEST, period: 'custom' }, TODAY);
    expect(empty.ok).toBe(false);
    expect(empty.ok ? {} : empty.fields).toHaveProperty('from');
    const long = toReportRequest(
      { ...EMPTY_REPORT_REQUEST, period: 'custom', from: '2025-01-01', to: '2026-01-02' },
      TODAY,
    );
    expect(long).toEqual({ ok: false, fields: { to: 'A report covers at most 366 days' } });
  });

  it('sends the chosen fund', () => {
    const fundId = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b';
    expect(toReportRequest({ ...EMPTY_REPORT_REQUEST, fundId }, TODAY)).toMatchObject({
      ok: true,
      input: { fund_id: fundId },
    });
  });
});
