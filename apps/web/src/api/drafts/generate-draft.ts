import {
  type GenerateDraftResponse,
  generateDraftResponseSchema,
  isDrafterFailureCode,
} from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { draftKeys } from './draft-keys';

/**
 * POST /api/messages/:id/drafts/generate (docs/product.md §7 ai-generate): the next version, from the fund's
 * documents.
 */
export function generateDraft(messageId: string): Promise<GenerateDraftResponse> {
  return api.post(`/api/messages/${encodeURIComponent(messageId)}/drafts/generate`, undefined, {
    parser: generateDraftResponseSchema,
  });
}

/** The draft workspace's 'Generate': the new version becomes the latest at once. */
export function useGenerateDraft(messageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => generateDraft(messageId),
    onSuccess: (draft) => {
      queryClient.setQueryData(draftKeys.latest(messageId), draft);
      void queryClient.invalidateQueries({ queryKey: draftKeys.versions(messageId) });
    },
  });
}

/** 'Log and draft a reply' (/compose): the first draft of the message it has just logged. */
export function useGenerateFirstDraft() {
  return useMutation({ mutationFn: generateDraft });
}

/**
 * The line under a drafter failure's message: the request id, by which the admin finds the cause in the
 * server's log (docs/decisions/025-honest-remote-drafter.md). Nothing for any other failure.
 */
export function drafterFailureReference(error: unknown): string | undefined {
  return isApiError(error) && isDrafterFailureCode(error.code) && error.requestId
    ? `Reference for your admin: ${error.requestId}`
    : undefined;
}
