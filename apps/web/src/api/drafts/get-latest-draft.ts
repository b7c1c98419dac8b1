import { type DraftVersion, draftVersionSchema } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { draftKeys } from './draft-keys';

/** GET /api/messages/:id/drafts/latest; null when the message has no draft yet (404 'No draft yet'). */
export async function getLatestDraft(messageId: string, signal?: AbortSignal): Promise<DraftVersion | null> {
  try {
    return await api.get(`/api/messages/${encodeURIComponent(messageId)}/drafts/latest`, {
      signal,
      parser: draftVersionSchema,
    });
  } catch (error) {
    if (isApiError(error) && error.code === 'NO_DRAFT') return null;
    throw error;
  }
}

export function useLatestDraft(messageId: string) {
  return useQuery({
    queryKey: draftKeys.latest(messageId),
    queryFn: ({ signal }) => getLatestDraft(messageId, signal),
  });
}
