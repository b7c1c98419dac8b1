import { type ListAuditEntriesResponse, listAuditEntriesResponseSchema } from '@parley/contracts';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type AuditFilters, auditQueryParams } from '../audit-filters';
import { auditKeys } from './audit-keys';

/** Entries per page of the Audit Logs list. */
const AUDIT_PAGE_SIZE = 50;

/** GET /api/audit/entries?q&action&user&project&from&to&limit&cursor: newest first, a page at a time. */
export function listAuditEntries(
  input: { search: string; filters: AuditFilters; cursor: string | null },
  signal?: AbortSignal,
): Promise<ListAuditEntriesResponse> {
  const params = auditQueryParams(input.search, input.filters);
  params.set('limit', String(AUDIT_PAGE_SIZE));
  if (input.cursor) params.set('cursor', input.cursor);
  return api.get(`/api/audit/entries?${params}`, { signal, parser: listAuditEntriesResponseSchema });
}

export function useAuditEntries(search: string, filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: auditKeys.list(search, filters),
    queryFn: ({ pageParam, signal }) => listAuditEntries({ search, filters, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
  });
}
