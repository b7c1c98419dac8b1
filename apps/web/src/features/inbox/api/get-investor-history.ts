import { type InvestorHistoryResponse, investorHistoryResponseSchema } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { messageKeys } from '@/api/messages/message-keys';
import { api } from '@/lib/api-client';

/** Under the message root, so a realtime change of any message (a reply sent, a status) refreshes it. */
export const investorHistoryKey = (messageId: string) => [...messageKeys.all, 'investor', messageId] as const;

/** GET /api/messages/:id/investor: the investor's other messages, the replies sent, the last contact. */
export function getInvestorHistory(
  messageId: string,
  signal?: AbortSignal,
): Promise<InvestorHistoryResponse> {
  return api.get(`/api/messages/${encodeURIComponent(messageId)}/investor`, {
    signal,
    parser: investorHistoryResponseSchema,
  });
}

export function useInvestorHistory(messageId: string) {
  return useQuery({
    queryKey: investorHistoryKey(messageId),
    queryFn: ({ signal }) => getInvestorHistory(messageId, signal),
  });
}
