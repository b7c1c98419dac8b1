import { type ListDraftVersionsResponse, listDraftVersionsResponseSchema } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { draftKeys } from './draft-keys';

/** GET /api/messages/:id/drafts: every version, newest first, for the version selector. */
export function listDraftVersions(
  messageId: string,
  signal?: AbortSignal,
): Promise<ListDraftVersionsResponse> {
  return api.get(`/api/messages/${encodeURIComponent(messageId)}/drafts`, {
    signal,
    parser: listDraftVersionsResponseSchema,
  });
}

export function useDraftVersions(messageId: string) {
  return useQuery({
    queryKey: draftKeys.versions(messageId),
    queryFn: ({ signal }) => listDraftVersions(messageId, signal),
  });
}
