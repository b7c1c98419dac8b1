import { type DraftCheckResponse, draftCheckResponseSchema } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageKeys } from '@/api/messages/message-keys';
import { api } from '@/lib/api-client';

/** POST /api/messages/:id/drafts/:version/check: checks the stored version and keeps the result on it. */
export function checkDraftCompliance(messageId: string, version: number): Promise<DraftCheckResponse> {
  return api.post(
    `/api/messages/${encodeURIComponent(messageId)}/drafts/${version}/check`,
    {},
    {
      parser: draftCheckResponseSchema,
    },
  );
}

/** The check also settles the message's status (flagged or open), so the message queries refresh too. */
export function useCheckCompliance(messageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => checkDraftCompliance(messageId, version),
    onSettled: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}
