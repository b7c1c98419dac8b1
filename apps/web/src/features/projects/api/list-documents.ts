import { type ListDocumentsResponse, listDocumentsResponseSchema } from '@parley/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { projectKeys } from '@/api/projects/project-keys';
import { api } from '@/lib/api-client';

/** GET /api/projects/:id/documents?cursor: a fund's documents, newest first. */
export function listDocuments(
  projectId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ListDocumentsResponse> {
  const params = new URLSearchParams({ limit: '50' });
  if (cursor) params.set('cursor', cursor);
  return api.get(`/api/projects/${encodeURIComponent(projectId)}/documents?${params}`, {
    signal,
    parser: listDocumentsResponseSchema,
  });
}

export function useDocuments(projectId: string) {
  return useInfiniteQuery({
    queryKey: projectKeys.documents(projectId),
    queryFn: ({ pageParam, signal }) => listDocuments(projectId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}
