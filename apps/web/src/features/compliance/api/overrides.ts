import { type ListOverridesResponse, listOverridesResponseSchema } from '@parley/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { approvalKeys } from '@/api/approvals/approval-keys';
import { api } from '@/lib/api-client';

/** GET /api/approvals/overrides?cursor: approvals given over high-severity flags, newest first. */
export function listOverrides(cursor: string | null, signal?: AbortSignal): Promise<ListOverridesResponse> {
  const params = new URLSearchParams({ limit: '20' });
  if (cursor) params.set('cursor', cursor);
  return api.get(`/api/approvals/overrides?${params}`, { signal, parser: listOverridesResponseSchema });
}

/** Under the approval keys: a realtime message event (an approval) refreshes the list. */
export function useOverrides() {
  return useInfiniteQuery({
    queryKey: approvalKeys.overrides(),
    queryFn: ({ pageParam, signal }) => listOverrides(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}
