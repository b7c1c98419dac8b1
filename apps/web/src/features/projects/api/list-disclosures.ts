import {
  DISCLOSURES_PAGE_LIMIT_DEFAULT,
  type ListDisclosuresResponse,
  listDisclosuresResponseSchema,
} from '@parley/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { projectKeys } from '@/api/projects/project-keys';
import { api } from '@/lib/api-client';

type DisclosuresPage = { projectId: string; search: string; cursor: string | null };

/** GET /api/projects/:id/disclosures?q&cursor&limit: one page of the fund's sent replies, searched on the server. */
export function listDisclosures(
  input: DisclosuresPage,
  signal?: AbortSignal,
): Promise<ListDisclosuresResponse> {
  const params = new URLSearchParams({ limit: String(DISCLOSURES_PAGE_LIMIT_DEFAULT) });
  if (input.search) params.set('q', input.search);
  if (input.cursor) params.set('cursor', input.cursor);
  return api.get(`/api/projects/${encodeURIComponent(input.projectId)}/disclosures?${params}`, {
    signal,
    parser: listDisclosuresResponseSchema,
  });
}

export function useDisclosures(input: DisclosuresPage) {
  return useQuery({
    queryKey: projectKeys.disclosures(input.projectId, { search: input.search, cursor: input.cursor }),
    queryFn: ({ signal }) => listDisclosures(input, signal),
    // The previous page stays on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });
}
