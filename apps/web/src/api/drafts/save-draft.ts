import { type DraftVersion, draftVersionSchema, type SaveDraftInput } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { draftKeys } from './draft-keys';

/** POST /api/messages/:id/drafts: the edit as a new version; 409 when the base is no longer the latest. */
export function saveDraft(messageId: string, input: SaveDraftInput): Promise<DraftVersion> {
  return api.post(`/api/messages/${encodeURIComponent(messageId)}/drafts`, input, {
    parser: draftVersionSchema,
  });
}

export function useSaveDraft(messageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveDraftInput) => saveDraft(messageId, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: draftKeys.of(messageId) }),
  });
}
