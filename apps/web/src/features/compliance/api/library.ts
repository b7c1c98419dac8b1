import {
  type CreateLibraryAnswerInput,
  complianceDeletedResponseSchema,
  type LibraryAnswer,
  type LibraryStatus,
  type ListLibraryResponse,
  libraryAnswerDraftSchema,
  libraryAnswerSchema,
  libraryOwnersResponseSchema,
  libraryPassagesResponseSchema,
  listLibraryResponseSchema,
  type UpdateLibraryAnswerInput,
} from '@parley/contracts';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { complianceKeys } from '@/api/compliance/compliance-keys';
import { api } from '@/lib/api-client';

export type LibraryFilter = { q: string; status: LibraryStatus | 'all' };

const libraryPath = (id: string) => `/api/compliance/library/${encodeURIComponent(id)}`;

/** GET /api/compliance/library?q&status&cursor: library answers by title, with counts per status. */
export function listLibrary(
  input: LibraryFilter & { cursor: string | null },
  signal?: AbortSignal,
): Promise<ListLibraryResponse> {
  const params = new URLSearchParams({ limit: '20', status: input.status });
  if (input.q.trim()) params.set('q', input.q.trim());
  if (input.cursor) params.set('cursor', input.cursor);
  return api.get(`/api/compliance/library?${params}`, { signal, parser: listLibraryResponseSchema });
}

export function useLibrary(filter: LibraryFilter) {
  return useInfiniteQuery({
    queryKey: complianceKeys.libraryList(filter.q.trim(), filter.status),
    queryFn: ({ pageParam, signal }) => listLibrary({ ...filter, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
  });
}

/** One answer, for a link to it (`/compliance?library=<id>`). */
export function useLibraryAnswer(id: string | null) {
  return useQuery({
    queryKey: complianceKeys.libraryAnswer(id ?? ''),
    queryFn: ({ signal }) => api.get(libraryPath(id ?? ''), { signal, parser: libraryAnswerSchema }),
    enabled: id !== null,
  });
}

/** GET /api/compliance/library/from-message/:id: a new answer's fields from the message's sent reply. */
export function useLibraryAnswerDraft(messageId: string | null) {
  return useQuery({
    queryKey: complianceKeys.libraryFromMessage(messageId ?? ''),
    queryFn: ({ signal }) =>
      api.get(`/api/compliance/library/from-message/${encodeURIComponent(messageId ?? '')}`, {
        signal,
        parser: libraryAnswerDraftSchema,
      }),
    enabled: messageId !== null,
    // The reply it was read from may be edited and sent again: read it afresh each time it is opened.
    gcTime: 0,
  });
}

/** The members an answer may be given to. */
export function useLibraryOwners(enabled: boolean) {
  return useQuery({
    queryKey: complianceKeys.libraryOwners(),
    queryFn: ({ signal }) =>
      api.get('/api/compliance/library/owners', { signal, parser: libraryOwnersResponseSchema }),
    enabled,
  });
}

/** A fund's passages matching the author's words, to cite. */
export function useLibraryPassages(projectId: string | null, q: string) {
  return useQuery({
    queryKey: complianceKeys.libraryPassages(projectId ?? '', q.trim()),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ project_id: projectId ?? '', q: q.trim() });
      return api.get(`/api/compliance/library/passages?${params}`, {
        signal,
        parser: libraryPassagesResponseSchema,
      });
    },
    enabled: projectId !== null && q.trim().length > 0,
  });
}

/** POST (new) or PATCH (edit or renew) an answer (compliance.manage; audited). */
export function saveLibraryAnswer(input: {
  id: string | null;
  values: CreateLibraryAnswerInput | UpdateLibraryAnswerInput;
}): Promise<LibraryAnswer> {
  return input.id
    ? api.patch(libraryPath(input.id), input.values, { parser: libraryAnswerSchema })
    : api.post('/api/compliance/library', input.values, { parser: libraryAnswerSchema });
}

export function useSaveLibraryAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLibraryAnswer,
    onSettled: () => queryClient.invalidateQueries({ queryKey: complianceKeys.library() }),
  });
}

export function useArchiveLibraryAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.delete(libraryPath(id), undefined, { parser: complianceDeletedResponseSchema });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: complianceKeys.library() }),
  });
}
