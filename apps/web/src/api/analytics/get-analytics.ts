import { type AnalyticsResponse, analyticsResponseSchema } from '@parley/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { analyticsKeys } from './analytics-keys';
import { type AnalyticsView, analyticsViewParams } from './analytics-view';

/** GET /api/analytics?period&from&to&fund: every figure of the page for a period and a fund. */
export function getAnalytics(view: AnalyticsView, signal?: AbortSignal): Promise<AnalyticsResponse> {
  return api.get(`/api/analytics?${analyticsViewParams(view)}`, { signal, parser: analyticsResponseSchema });
}

/** The page's figures; while another period or fund loads, the last figures stay (marked busy). */
export function useAnalytics(view: AnalyticsView, options: { enabled: boolean }) {
  return useQuery({
    queryKey: analyticsKeys.summary(view),
    queryFn: ({ signal }) => getAnalytics(view, signal),
    enabled: options.enabled,
    placeholderData: keepPreviousData,
  });
}
