import type { AnalyticsDrill, AnalyticsView } from './analytics-view';

/**
 * Query keys of the Analytics page. The figures are computed from what others record and are not pushed
 * by realtime events; saving the response-time target invalidates `all`.
 */
export const analyticsKeys = {
  all: ['analytics'] as const,
  summary: (view: AnalyticsView) => [...analyticsKeys.all, 'summary', view] as const,
  messages: (view: AnalyticsView, drill: AnalyticsDrill) =>
    [...analyticsKeys.all, 'messages', view, drill] as const,
};
