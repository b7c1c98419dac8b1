import {
  type ListProjectsResponse,
  listProjectsResponseSchema,
  type Project,
  type ProjectStatus,
} from '@parley/contracts';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { projectKeys } from './project-keys';

export type ProjectFilter = { status: ProjectStatus | 'all'; q: string };

/** A page of the Projects screen. */
const PROJECTS_PAGE_SIZE = 50;
/** Compose offers the first 100 funds, newest first. */
const FUND_OPTIONS_LIMIT = 100;

/** GET /api/projects?status&q&limit&cursor: one page of the organisation's funds, newest first. */
export function listProjects(
  input: ProjectFilter & { cursor: string | null; limit: number },
  signal?: AbortSignal,
): Promise<ListProjectsResponse> {
  const params = new URLSearchParams({ limit: String(input.limit) });
  if (input.status !== 'all') params.set('status', input.status);
  if (input.q.trim()) params.set('q', input.q.trim());
  if (input.cursor) params.set('cursor', input.cursor);
  return api.get(`/api/projects?${params}`, { signal, parser: listProjectsResponseSchema });
}

export function useProjects(filter: ProjectFilter) {
  return useInfiniteQuery({
    queryKey: projectKeys.list(filter),
    queryFn: ({ pageParam, signal }) =>
      listProjects({ ...filter, cursor: pageParam, limit: PROJECTS_PAGE_SIZE }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
  });
}

/** The funds Compose's select offers. */
export function useFundOptions() {
  return useQuery({
    queryKey: projectKeys.options(),
    queryFn: async ({ signal }): Promise<Project[]> =>
      (await listProjects({ status: 'all', q: '', cursor: null, limit: FUND_OPTIONS_LIMIT }, signal)).items,
  });
}
