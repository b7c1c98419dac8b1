import type { ComposeDraftResponse } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { composeDraftKey } from './compose-draft-keys';

/** DELETE /api/compose-draft: 'Discard draft'. */
export function discardComposeDraft(): Promise<void> {
  return api.delete('/api/compose-draft');
}

export function useDiscardComposeDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: discardComposeDraft,
    onSuccess: () => queryClient.setQueryData<ComposeDraftResponse>(composeDraftKey, { draft: null }),
  });
}
