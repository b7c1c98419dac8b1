import {
  ANALYTICS_DRILL_PAGE_SIZE_DEFAULT,
  type AnalyticsDrillResponse,
  analyticsDrillResponseSchema,
} from '@parley/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { analyticsKeys } from './analytics-keys';
import { type AnalyticsDrill, type AnalyticsView, analyticsDrillParams } from './analytics-view';

/** GET /api/analytics/messages?<period and fund>&metric&term&author&cursor&limit: one page of a drill-down. */
export function listAnalyticsMessages(
  input: { view: AnalyticsView; drill: AnalyticsDrill; cursor: string | null },
  signal?: AbortSignal,
): Promise<AnalyticsDrillResponse> {
  const params = analyticsDrillParams(input.view, input.drill, {
    cursor: input.cursor,
    limit: ANALYTICS_DRILL_PAGE_SIZE_DEFAULT,
  });
  return api.get(`/api/analytics/messages?${params}`, { signal, parser: analyticsDrillResponseSchema });
}

/** The messages behind one figure, a page at a time ('Load more'); nothing is fetched while `drill` is null. */
export function useAnalyticsMessages(view: AnalyticsView, drill: AnalyticsDrill | null) {
  return useInfiniteQuery({
    // A closed drill-down keeps no key of its own: the query is disabled until one opens.
    queryKey: drill ? analyticsKeys.messages(view, drill) : [...analyticsKeys.all, 'messages', 'none'],
    queryFn: ({ pageParam, signal }) =>
      listAnalyticsMessages({ view, drill: drill as AnalyticsDrill, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    enabled: drill !== null,
  });
}
