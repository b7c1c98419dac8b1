import { type ListFlagDismissalsResponse, listFlagDismissalsResponseSchema } from '@parley/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { complianceKeys } from '@/api/compliance/compliance-keys';
import { api } from '@/lib/api-client';

/** GET /api/compliance/flag-dismissals/export: the browser downloads it (a session cookie is enough). */
export const FLAG_DISMISSALS_EXPORT_URL = '/api/compliance/flag-dismissals/export';

/** GET /api/compliance/flag-dismissals?q&cursor: Cleared flags, newest first, a page at a time. */
export function listFlagDismissals(
  input: { q: string; cursor: string | null },
  signal?: AbortSignal,
): Promise<ListFlagDismissalsResponse> {
  const params = new URLSearchParams({ limit: '20' });
  if (input.q.trim()) params.set('q', input.q.trim());
  if (input.cursor) params.set('cursor', input.cursor);
  return api.get(`/api/compliance/flag-dismissals?${params}`, {
    signal,
    parser: listFlagDismissalsResponseSchema,
  });
}

export function useFlagDismissals(q: string) {
  return useInfiniteQuery({
    queryKey: complianceKeys.flagDismissalList(q.trim()),
    queryFn: ({ pageParam, signal }) => listFlagDismissals({ q, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}
