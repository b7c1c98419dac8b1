import { type DraftVersion, draftVersionSchema } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { draftKeys } from './draft-keys';

/** GET /api/messages/:id/drafts/:version: one earlier version with its provenance. */
export function getDraftVersion(
  messageId: string,
  version: number,
  signal?: AbortSignal,
): Promise<DraftVersion> {
  return api.get(`/api/messages/${encodeURIComponent(messageId)}/drafts/${version}`, {
    signal,
    parser: draftVersionSchema,
  });
}

export function useDraftVersion(messageId: string, version: number | null) {
  return useQuery({
    queryKey: draftKeys.version(messageId, version ?? 0),
    queryFn: ({ signal }) => getDraftVersion(messageId, version ?? 0, signal),
    enabled: version !== null,
  });
}
