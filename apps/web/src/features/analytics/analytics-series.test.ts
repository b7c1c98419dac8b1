import type { AnalyticsResponse, AnalyticsSeriesPoint } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { hasActivity, seriesChartPoints } from './analytics-series';

function point(overrides: Partial<AnalyticsSeriesPoint> = {}): AnalyticsSeriesPoint {
  return {
    start: '2026-03-02',
    days: 1,
    messages: 0,
    drafts: 0,
    approved: 0,
    first_pass: 0,
    high_flags: 0,
    ratings: 0,
    rating_sum: 0,
    ...overrides,
  };
}

function response(overrides: Partial<AnalyticsResponse> = {}): AnalyticsResponse {
  const figure = { value: null, previous: null };
  return {
    period: {
      from: '2026-03-01',
      to: '2026-03-07',
      days: 7,
      previous_from: '2026-02-22',
      previous_to: '2026-02-28',
      bucket: 'day',
    },
    fund_id: null,
    kpis: {
      drafts_per_day: { ...figure, count: 0, previous_count: 0 },
      first_pass_approval: { ...figure, count: 0, total: 0 },
      high_flags_per_100: { ...figure, flags: 0, messages: 0 },
      average_rating: { ...figure, ratings: 0 },
    },
    series: [point(), point({ start: '2026-03-03' })],
    flagged_terms: [],
    operational: {
      target_business_days: 2,
      median_first_reply_hours: figure,
      median_approval_hours: figure,
      replies_within_target: { count: 0, total: 0, value: null },
      open_past_target: 0,
    },
    adoption: {
      drafts_with_citations: { count: 0, total: 0, value: null, target: 0.95 },
      replies_from_template: { count: 0, total: 0, value: null, target: 0.9 },
      active_users: [{ role: 'admin', active: 1, members: 1 }],
    },
    compliance: {
      flag_outcomes: { fixed: 0, dismissed: 0, sent: 0, fix_rate: null },
      overrides: { total: 0, items: [] },
      author_terms: [],
    },
    ...overrides,
  };
}

describe('the Analytics series as chart points', () => {
  it('computes each KPI per point as the cards compute it for the period', () => {
    const [week] = seriesChartPoints(
      [
        point({
          days: 7,
          drafts: 21,
          messages: 40,
          high_flags: 3,
          approved: 8,
          first_pass: 6,
          ratings: 4,
          rating_sum: 18,
        }),
      ],
      'week',
      'en-US',
    );
    expect(week).toEqual({
      start: '2026-03-02',
      label: 'Mar 2',
      title: 'Week of Mar 2, 2026',
      draftsPerDay: 3,
      firstPass: 75,
      highFlagsPer100: 7.5,
      rating: 4.5,
    });
  });

  it('leaves a gap, not a zero, where there was nothing to divide', () => {
    const [day] = seriesChartPoints([point({ drafts: 2 })], 'day', 'en-US');
    expect(day).toMatchObject({
      title: 'Mar 2, 2026',
      draftsPerDay: 2,
      firstPass: null,
      highFlagsPer100: null,
      rating: null,
    });
  });

  it('labels the UTC day the server counted, whatever the reader’s zone', () => {
    const [day] = seriesChartPoints([point({ start: '2026-01-01' })], 'day', 'en-US');
    expect(day?.label).toBe('Jan 1');
  });
});

describe('whether a period had any activity', () => {
  it('is false on a fresh install: zeros, no terms, no overrides, no replies', () => {
    expect(hasActivity(response())).toBe(false);
  });

  it('is true for a single message, draft, flagged term, override or reply in the period', () => {
    expect(hasActivity(response({ series: [point({ messages: 1 })] }))).toBe(true);
    expect(hasActivity(response({ series: [point({ ratings: 1, rating_sum: 5 })] }))).toBe(true);
    expect(
      hasActivity(
        response({ flagged_terms: [{ term: 'guaranteed', rule: 'lexicon', severity: 'high', count: 1 }] }),
      ),
    ).toBe(true);
    const replied = response();
    replied.operational.replies_within_target = { count: 1, total: 1, value: 1 };
    expect(hasActivity(replied)).toBe(true);
  });

  it('is not made true by messages still open from before the period', () => {
    const waiting = response();
    waiting.operational.open_past_target = 3;
    expect(hasActivity(waiting)).toBe(false);
  });
});
