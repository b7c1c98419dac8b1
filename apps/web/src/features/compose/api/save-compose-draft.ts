import {
  type ComposeDraftInput,
  type ComposeDraftResponse,
  composeDraftResponseSchema,
} from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { composeDraftKey } from './compose-draft-keys';

/** PUT /api/compose-draft: keeps the form as typed on the server (an empty form deletes it). */
export function saveComposeDraft(input: ComposeDraftInput): Promise<ComposeDraftResponse> {
  return api.put('/api/compose-draft', input, { parser: composeDraftResponseSchema });
}

export function useSaveComposeDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveComposeDraft,
    onSuccess: (saved) => queryClient.setQueryData(composeDraftKey, saved),
  });
}
