import { type ApprovalState, approvalStateSchema } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateMessage } from '@/api/messages/invalidate-message';
import { api } from '@/lib/api-client';
import { textSha256 } from '@/lib/text-sha256';

/** POST /api/messages/:id/submit: the latest version goes to the directors for approval. */
export async function submitForApproval(
  messageId: string,
  input: { version: number; text: string },
): Promise<ApprovalState> {
  return api.post(
    `/api/messages/${encodeURIComponent(messageId)}/submit`,
    { version: input.version, text_sha256: await textSha256(input.text) },
    { parser: approvalStateSchema },
  );
}

export function useSubmitForApproval(messageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { version: number; text: string }) => submitForApproval(messageId, input),
    onSettled: () => invalidateMessage(queryClient, messageId),
  });
}
