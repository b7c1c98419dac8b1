import type { AnalyticsResponse, AnalyticsSeriesPoint } from '@parley/contracts';

/** One point of the charts: the series' counts turned into the four KPIs (null where nothing to divide). */
export type ChartPoint = {
  /** The first UTC day of the point, YYYY-MM-DD. */
  start: string;
  /** The x axis' short label ('Nov 3'). */
  label: string;
  /** The tooltip's label ('Nov 3, 2026', or 'Week of Nov 3, 2026'). */
  title: string;
  draftsPerDay: number;
  /** First-pass approvals as a percentage (0–100) of the point's approvals. */
  firstPass: number | null;
  highFlagsPer100: number | null;
  rating: number | null;
};

type Bucket = AnalyticsResponse['period']['bucket'];

/** Series days are UTC days: they are labelled as such, whatever the reader's time zone. */
function dayFormats(locale: string | undefined) {
  return {
    short: new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }),
    long: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }),
  };
}

/**
 * The series as chart points. Each KPI is computed per point as the page computes it for the period:
 * drafts ÷ days, first-pass ÷ approved, high flags ÷ messages × 100, rating sum ÷ ratings.
 */
export function seriesChartPoints(
  series: readonly AnalyticsSeriesPoint[],
  bucket: Bucket,
  locale?: string,
): ChartPoint[] {
  const formats = dayFormats(locale);
  return series.map((point) => {
    const day = new Date(`${point.start}T00:00:00.000Z`);
    const long = formats.long.format(day);
    return {
      start: point.start,
      label: formats.short.format(day),
      title: bucket === 'week' ? `Week of ${long}` : long,
      draftsPerDay: point.drafts / Math.max(1, point.days),
      firstPass: point.approved > 0 ? (point.first_pass / point.approved) * 100 : null,
      highFlagsPer100: point.messages > 0 ? (point.high_flags / point.messages) * 100 : null,
      rating: point.ratings > 0 ? point.rating_sum / point.ratings : null,
    };
  });
}

/**
 * Whether anything happened in the period: a message, a draft, an approval, a flag or a rating. On a fresh
 * install, or a quiet period, the page says so instead of showing rows of zeros and dashes.
 */
export function hasActivity(response: AnalyticsResponse): boolean {
  const inSeries = response.series.some(
    (p) => p.messages + p.drafts + p.approved + p.high_flags + p.ratings > 0,
  );
  return (
    inSeries ||
    response.kpis.drafts_per_day.count > 0 ||
    response.kpis.first_pass_approval.total > 0 ||
    response.kpis.high_flags_per_100.messages > 0 ||
    response.flagged_terms.length > 0 ||
    response.compliance.overrides.total > 0 ||
    response.operational.replies_within_target.total > 0
  );
}
