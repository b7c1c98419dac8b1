import { ANALYTICS_MAX_DAYS } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import {
  analyticsDrillParams,
  analyticsViewParams,
  customPeriodErrors,
  hasPeriodErrors,
  parseAnalyticsView,
} from './analytics-view';

const FUND = '3f1c6a2e-5b7d-4c1e-9a8b-2d4e6f8a0b1c';

describe('the Analytics view in the URL and the API query', () => {
  it('writes a preset, a custom period and a fund under the contract’s names', () => {
    expect(analyticsViewParams({ period: '7d', fund: null }).toString()).toBe('period=7d');
    expect(
      analyticsViewParams({ period: 'custom', from: '2026-01-01', to: '2026-01-31', fund: FUND }).toString(),
    ).toBe(`period=custom&from=2026-01-01&to=2026-01-31&fund=${FUND}`);
  });

  it('reads back what it wrote, so a shared link or a reload shows the same view', () => {
    const view = { period: 'custom', from: '2026-02-01', to: '2026-02-28', fund: FUND } as const;
    expect(parseAnalyticsView(analyticsViewParams(view))).toEqual({ view, errors: {} });
    expect(parseAnalyticsView(new URLSearchParams('period=90d'))).toEqual({
      view: { period: '90d', fund: null },
      errors: {},
    });
  });

  it('opens the default 30 days for no parameters or an unknown period, and drops a fund that is no id', () => {
    expect(parseAnalyticsView(new URLSearchParams()).view).toEqual({ period: '30d', fund: null });
    expect(parseAnalyticsView(new URLSearchParams('period=365d&fund=fund-alpha')).view).toEqual({
      period: '30d',
      fund: null,
    });
  });

  it('keeps a custom period it cannot show, with the contract’s reason by field', () => {
    const parsed = parseAnalyticsView(new URLSearchParams('period=custom&from=2026-03-10&to=2026-03-01'));
    expect(parsed.view).toEqual({ period: 'custom', from: '2026-03-10', to: '2026-03-01', fund: null });
    expect(parsed.errors).toEqual({ to: 'The end date is before the start date' });
    expect(hasPeriodErrors(parsed.errors)).toBe(true);
  });

  it('accepts one day and up to the maximum, refuses one more, a missing end and a date that does not exist', () => {
    expect(customPeriodErrors('2026-03-01', '2026-03-01')).toEqual({});
    expect(customPeriodErrors('2025-01-01', '2026-01-01')).toEqual({});
    expect(ANALYTICS_MAX_DAYS).toBe(366);
    expect(customPeriodErrors('2025-01-01', '2026-01-02')).toEqual({ to: 'Pick at most 366 days' });
    expect(customPeriodErrors('2026-03-01', '')).toEqual({ to: 'Pick the end date' });
    expect(customPeriodErrors('2026-02-30', '2026-03-01')).toMatchObject({ from: 'Not a real start date' });
  });

  it('asks a drill-down for the view’s period and fund, the figure, the term, the author and the page', () => {
    const params = analyticsDrillParams(
      { period: '7d', fund: FUND },
      { metric: 'term', term: 'guaranteed', author: FUND },
      { cursor: 'abc', limit: 25 },
    );
    expect(params.toString()).toBe(
      `period=7d&fund=${FUND}&metric=term&term=guaranteed&author=${FUND}&cursor=abc&limit=25`,
    );
    expect(
      analyticsDrillParams(
        { period: '30d', fund: null },
        { metric: 'drafts' },
        { cursor: null, limit: 25 },
      ).toString(),
    ).toBe('period=30d&metric=drafts&limit=25');
  });
});
