import { type GenerateDraftResponse, generateDraftResponseSchema } from '@parley/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/messages/:id/drafts/generate: Compose's 'Generate AI Response' writes the first draft. */
export function generateFirstDraft(messageId: string): Promise<GenerateDraftResponse> {
  return api.post(`/api/messages/${encodeURIComponent(messageId)}/drafts/generate`, undefined, {
    parser: generateDraftResponseSchema,
  });
}

export function useGenerateFirstDraft() {
  return useMutation({ mutationFn: generateFirstDraft });
}
