import { type ListTemplatesResponse, listTemplatesResponseSchema } from '@parley/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { complianceKeys } from '@/api/compliance/compliance-keys';
import { api } from '@/lib/api-client';

/** GET /api/compliance/templates?q&cursor: approved templates by title, a page at a time. */
export function listTemplates(
  input: { q: string; cursor: string | null; limit?: number },
  signal?: AbortSignal,
): Promise<ListTemplatesResponse> {
  const params = new URLSearchParams({ limit: String(input.limit ?? 50) });
  if (input.q.trim()) params.set('q', input.q.trim());
  if (input.cursor) params.set('cursor', input.cursor);
  return api.get(`/api/compliance/templates?${params}`, { signal, parser: listTemplatesResponseSchema });
}

export function useTemplates(q: string, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: complianceKeys.templateList(q.trim()),
    queryFn: ({ pageParam, signal }) => listTemplates({ q, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    enabled: options.enabled ?? true,
  });
}
