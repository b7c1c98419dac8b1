import { type EarlierAnswersResponse, earlierAnswersResponseSchema } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { messageKeys } from '@/api/messages/message-keys';
import { api } from '@/lib/api-client';

/**
 * Under the message root with the message's id, so a realtime `draft.saved` (a check, a new
 * version) refreshes them: the ranking weighs the latest version against each earlier reply.
 */
export const earlierAnswersKey = (messageId: string) =>
  [...messageKeys.all, 'earlier-answers', messageId] as const;

/** GET /api/messages/:id/earlier-answers: replies sent to other investors of the fund on a similar question. */
export function getEarlierAnswers(messageId: string, signal?: AbortSignal): Promise<EarlierAnswersResponse> {
  return api.get(`/api/messages/${encodeURIComponent(messageId)}/earlier-answers`, {
    signal,
    parser: earlierAnswersResponseSchema,
  });
}

export function useEarlierAnswers(messageId: string) {
  return useQuery({
    queryKey: earlierAnswersKey(messageId),
    queryFn: ({ signal }) => getEarlierAnswers(messageId, signal),
  });
}
