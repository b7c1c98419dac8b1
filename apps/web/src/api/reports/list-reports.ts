import { isReportUnfinished, type ListReportsResponse, listReportsResponseSchema } from '@parley/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reportKeys } from './report-keys';

/** Rows per page of the Reports list. */
const REPORTS_PAGE_SIZE = 20;
/**
 * While a report is queued or running, the list is also read again this often: realtime
 * `report.updated` events reload it at once, and this keeps it moving when the event stream is down
 * (docs/decisions/044-reports.md).
 */
export const REPORTS_POLL_MS = 5_000;

/** GET /api/reports?limit&cursor: one page of the organisation's reports, newest first. */
export function listReports(cursor: string | null, signal?: AbortSignal): Promise<ListReportsResponse> {
  const params = new URLSearchParams({ limit: String(REPORTS_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return api.get(`/api/reports?${params}`, { signal, parser: listReportsResponseSchema });
}

export function useReports() {
  return useInfiniteQuery({
    queryKey: reportKeys.list(),
    queryFn: ({ pageParam, signal }) => listReports(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.items.some(isReportUnfinished)) ? REPORTS_POLL_MS : false,
  });
}
