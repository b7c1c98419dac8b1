import { type ListUsersResponse, listUsersResponseSchema, USERS_PAGE_LIMIT_DEFAULT } from '@parley/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /api/users?q&cursor&limit: one page of the organisation's members, searched on the server. */
export function listUsers(
  input: { search: string; cursor: string | null },
  signal?: AbortSignal,
): Promise<ListUsersResponse> {
  const params = new URLSearchParams({ limit: String(USERS_PAGE_LIMIT_DEFAULT) });
  if (input.search) params.set('q', input.search);
  if (input.cursor) params.set('cursor', input.cursor);
  return api.get(`/api/users?${params}`, { signal, parser: listUsersResponseSchema });
}

export function usersQueryOptions(input: { search: string; cursor: string | null }) {
  return queryOptions({
    queryKey: adminKeys.userPage(input.search, input.cursor),
    queryFn: ({ signal }) => listUsers(input, signal),
    // The previous page stays on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });
}

export function useUsers(input: { search: string; cursor: string | null }) {
  return useQuery(usersQueryOptions(input));
}
