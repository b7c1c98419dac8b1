import { type ListProjectsResponse, listProjectsResponseSchema, type ProjectStatus } from '@parley/contracts';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { projectKeys } from './project-keys';

export type ProjectFilter = { status: ProjectStatus | 'all'; q: string };

/** GET /api/projects?status&q&cursor: one page of the organisation's funds by name. */
export function listProjects(
  input: ProjectFilter & { cursor: string | null },
  signal?: AbortSignal,
): Promise<ListProjectsResponse> {
  const params = new URLSearchParams({ limit: '50' });
  if (input.status !== 'all') params.set('status', input.status);
  if (input.q.trim()) params.set('q', input.q.trim());
  if (input.cursor) params.set('cursor', input.cursor);
  return api.get(`/api/projects?${params}`, { signal, parser: listProjectsResponseSchema });
}

export function useProjects(filter: ProjectFilter) {
  return useInfiniteQuery({
    queryKey: projectKeys.list(filter),
    queryFn: ({ pageParam, signal }) => listProjects({ ...filter, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
  });
}
