import {
  type ListReviewItemsResponse,
  listReviewItemsResponseSchema,
  reviewItemSchema,
} from '@parley/contracts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { complianceKeys } from '@/api/compliance/compliance-keys';
import { api } from '@/lib/api-client';

/** GET /api/compliance/review-items?cursor: the Needs review queue, oldest first. */
export function listReviewItems(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ListReviewItemsResponse> {
  const params = new URLSearchParams({ limit: '20' });
  if (cursor) params.set('cursor', cursor);
  return api.get(`/api/compliance/review-items?${params}`, { signal, parser: listReviewItemsResponseSchema });
}

export function useReviewItems() {
  return useInfiniteQuery({
    queryKey: complianceKeys.reviewItems(),
    queryFn: ({ pageParam, signal }) => listReviewItems(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

/** POST …/review-items/:id/review: the item leaves the queue (a library answer's source may change). */
export function useMarkReviewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post(`/api/compliance/review-items/${encodeURIComponent(id)}/review`, undefined, {
        parser: reviewItemSchema,
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: complianceKeys.reviewItems() }),
        queryClient.invalidateQueries({ queryKey: complianceKeys.library() }),
      ]),
  });
}
