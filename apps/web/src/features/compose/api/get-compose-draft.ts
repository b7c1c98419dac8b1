import { type ComposeDraftResponse, composeDraftResponseSchema } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { composeDraftKey } from './compose-draft-keys';

/** GET /api/compose-draft: one's own unfinished 'Log investor message' form, or null. */
export function getComposeDraft(signal?: AbortSignal): Promise<ComposeDraftResponse> {
  return api.get('/api/compose-draft', { signal, parser: composeDraftResponseSchema });
}

/** Only a role that may log messages has a draft; the others get none without asking. */
export function useComposeDraft(canWrite: boolean) {
  return useQuery({
    queryKey: composeDraftKey,
    queryFn: ({ signal }) => getComposeDraft(signal),
    enabled: canWrite,
    // The form is filled from it once; a refetch behind the typing would only be overwritten.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
