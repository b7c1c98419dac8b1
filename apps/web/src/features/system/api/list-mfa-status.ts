import {
  type ListMfaStatusResponse,
  listMfaStatusResponseSchema,
  USERS_PAGE_LIMIT_DEFAULT,
} from '@parley/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { securityKeys } from './security-keys';

/** GET /api/admin/mfa-status?q&cursor&limit: one page of members with their MFA state. */
export function listMfaStatus(
  input: { search: string; cursor: string | null },
  signal?: AbortSignal,
): Promise<ListMfaStatusResponse> {
  const params = new URLSearchParams({ limit: String(USERS_PAGE_LIMIT_DEFAULT) });
  if (input.search) params.set('q', input.search);
  if (input.cursor) params.set('cursor', input.cursor);
  return api.get(`/api/admin/mfa-status?${params}`, { signal, parser: listMfaStatusResponseSchema });
}

export function mfaStatusQueryOptions(input: { search: string; cursor: string | null }) {
  return queryOptions({
    queryKey: securityKeys.mfaStatusPage(input.search, input.cursor),
    queryFn: ({ signal }) => listMfaStatus(input, signal),
    // The previous page stays on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });
}

export function useMfaStatus(input: { search: string; cursor: string | null }) {
  return useQuery(mfaStatusQueryOptions(input));
}
