import {
  type ListPassagesResponse,
  listPassagesResponseSchema,
  PASSAGES_PAGE_LIMIT_DEFAULT,
} from '@parley/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { projectKeys } from '@/api/projects/project-keys';
import { api } from '@/lib/api-client';

/** GET /api/projects/:id/documents/:docId/passages?cursor: a document's passages in its order. */
export function listPassages(
  input: { projectId: string; documentId: string; cursor: string | null },
  signal?: AbortSignal,
): Promise<ListPassagesResponse> {
  const params = new URLSearchParams({ limit: String(PASSAGES_PAGE_LIMIT_DEFAULT) });
  if (input.cursor) params.set('cursor', input.cursor);
  return api.get(
    `/api/projects/${encodeURIComponent(input.projectId)}/documents/${encodeURIComponent(input.documentId)}/passages?${params}`,
    { signal, parser: listPassagesResponseSchema },
  );
}

/** The passages of `documentId` (none while it is null), a page at a time. */
export function usePassages(projectId: string, documentId: string | null) {
  return useInfiniteQuery({
    queryKey: projectKeys.passages(projectId, documentId ?? ''),
    queryFn: ({ pageParam, signal }) =>
      listPassages({ projectId, documentId: documentId ?? '', cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    enabled: documentId !== null,
  });
}
