import type { AnalyticsDrillMetric } from '@parley/contracts';
import type { AnalyticsDrill } from '@/api/analytics/analytics-view';

/** A drill-down to open: what to list, and the sheet's title. */
export type DrillTarget = { drill: AnalyticsDrill; title: string };

const TITLES: Record<Exclude<AnalyticsDrillMetric, 'term'>, string> = {
  drafts: 'AI drafts',
  approved: 'Approved replies',
  first_pass: 'Replies approved on the first pass',
  changes_requested: 'Replies sent back for changes',
  high_flags: 'High-severity flags',
  rated: 'Rated replies',
  overrides: 'Approved over high-severity flags',
  replied_late: 'First replies later than the target',
  open_past_target: 'Messages open past the target',
  without_citations: 'Drafts without citations',
  not_from_template: 'Replies not from an approved template',
};

/** The drill-down of one figure of the page. */
export function drillOf(metric: Exclude<AnalyticsDrillMetric, 'term'>): DrillTarget {
  return { drill: { metric }, title: TITLES[metric] };
}

/** The messages where a term was flagged, or only one author's (the compliance card's author rows). */
export function termDrillOf(term: string, author?: { id: string; name: string }): DrillTarget {
  return author
    ? {
        drill: { metric: 'term', term, author: author.id },
        title: `“${term}” flagged in ${author.name}'s drafts`,
      }
    : { drill: { metric: 'term', term }, title: `“${term}” flagged` };
}
