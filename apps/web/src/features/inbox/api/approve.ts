import { type ApproveInput, type ApproveResponse, approveResponseSchema } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateMessage } from './get-approval';
import { textSha256 } from './text-sha256';

/** POST /api/messages/:id/approve: Mark Final / Approve & Send; the reply is e-mailed to the investor. */
export function approveResponse(messageId: string, input: ApproveInput): Promise<ApproveResponse> {
  return api.post(`/api/messages/${encodeURIComponent(messageId)}/approve`, input, {
    parser: approveResponseSchema,
  });
}

export function useApproveResponse(messageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { version: number; text: string; rating?: number }) =>
      approveResponse(messageId, {
        version: input.version,
        text_sha256: await textSha256(input.text),
        ...(input.rating ? { rating: input.rating } : {}),
      }),
    onSettled: () => invalidateMessage(queryClient, messageId),
  });
}
