import {
  ANALYTICS_PRESETS,
  type AnalyticsDrillMetric,
  type AnalyticsPreset,
  analyticsQuerySchema,
} from '@parley/contracts';

/**
 * What the Analytics page shows (docs/product.md §2 Analytics): a preset period or custom UTC days (both
 * included), and one fund or all of them (`fund` null). The page keeps it in its URL and sends it to the
 * API under the same names (`period`, `from`, `to`, `fund`), so a shared link shows the same figures.
 */
export type AnalyticsView =
  | { period: AnalyticsPreset; fund: string | null }
  | { period: 'custom'; from: string; to: string; fund: string | null };

/** The contract's default period (30 days, all funds). */
export const DEFAULT_ANALYTICS_VIEW: AnalyticsView = { period: '30d', fund: null };

/** Why a custom period cannot be shown, by field: the contract's own messages. */
export type PeriodErrors = { from?: string; to?: string };

/** The query string of a view, for the page's URL and for the API alike. */
export function analyticsViewParams(view: AnalyticsView): URLSearchParams {
  const params = new URLSearchParams({ period: view.period });
  if (view.period === 'custom') {
    params.set('from', view.from);
    params.set('to', view.to);
  }
  if (view.fund) params.set('fund', view.fund);
  return params;
}

/** What a drill-down lists: the messages behind one figure (GET /api/analytics/messages). */
export type AnalyticsDrill = {
  metric: AnalyticsDrillMetric;
  /** With metric=term: the flagged term. */
  term?: string;
  /** With metric=term: only this author's flags. */
  author?: string;
};

/** The query string of a drill-down: the view's period and fund, the figure, and a page's cursor. */
export function analyticsDrillParams(
  view: AnalyticsView,
  drill: AnalyticsDrill,
  page: { cursor: string | null; limit: number },
): URLSearchParams {
  const params = analyticsViewParams(view);
  params.set('metric', drill.metric);
  if (drill.term) params.set('term', drill.term);
  if (drill.author) params.set('author', drill.author);
  if (page.cursor) params.set('cursor', page.cursor);
  params.set('limit', String(page.limit));
  return params;
}

/**
 * What is wrong with a custom period (start and end given, start ≤ end, at most ANALYTICS_MAX_DAYS):
 * checked with the contract's schema, so the page refuses exactly what the server would.
 */
export function customPeriodErrors(from: string, to: string): PeriodErrors {
  const result = analyticsQuerySchema.safeParse({
    period: 'custom',
    from: from || undefined,
    to: to || undefined,
  });
  const errors: PeriodErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0];
    if ((field === 'from' || field === 'to') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * The view a URL asks for. An unknown period falls back to the default and a fund id that is not one is
 * dropped (all funds), as a link typed by hand should still open the page; a custom period keeps what it
 * was given, with `errors` saying why it cannot be shown yet.
 */
export function parseAnalyticsView(params: URLSearchParams): { view: AnalyticsView; errors: PeriodErrors } {
  const fundParam = params.get('fund');
  const fund = fundParam && analyticsQuerySchema.safeParse({ fund: fundParam }).success ? fundParam : null;
  const period = params.get('period');
  if (period === 'custom') {
    const from = params.get('from') ?? '';
    const to = params.get('to') ?? '';
    return { view: { period, from, to, fund }, errors: customPeriodErrors(from, to) };
  }
  const preset = ANALYTICS_PRESETS.find((p) => p === period) ?? DEFAULT_ANALYTICS_VIEW.period;
  return { view: { period: preset as AnalyticsPreset, fund }, errors: {} };
}

export function hasPeriodErrors(errors: PeriodErrors): boolean {
  return Boolean(errors.from || errors.to);
}
