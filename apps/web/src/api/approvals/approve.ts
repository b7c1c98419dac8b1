import { type ApproveInput, type ApproveResponse, approveResponseSchema } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateMessage } from '@/api/messages/invalidate-message';
import { api } from '@/lib/api-client';
import { textSha256 } from '@/lib/text-sha256';

/**
 * POST /api/messages/:id/approve: Mark Final / Approve & Send; the reply is e-mailed to the investor.
 * The approval is bound to one version's exact text by its SHA-256: refused with 409 when the draft
 * changed since.
 */
export function approveMessage(messageId: string, input: ApproveInput): Promise<ApproveResponse> {
  return api.post(`/api/messages/${encodeURIComponent(messageId)}/approve`, input, {
    parser: approveResponseSchema,
  });
}

/** The text approved: as the approver saw it (hashed here), or the queue item's stored SHA-256. */
export type ApproveVariables = {
  messageId: string;
  version: number;
  rating?: number | undefined;
  /** Why it may go out despite unresolved high-severity flags (required then). */
  override_reason?: string | undefined;
} & ({ text: string } | { text_sha256: string });

export function useApproveMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ messageId, version, rating, override_reason, ...approved }: ApproveVariables) =>
      approveMessage(messageId, {
        version,
        text_sha256: 'text' in approved ? await textSha256(approved.text) : approved.text_sha256,
        ...(rating ? { rating } : {}),
        ...(override_reason ? { override_reason } : {}),
      }),
    onSettled: (_data, _error, input) => invalidateMessage(queryClient, input.messageId),
  });
}
