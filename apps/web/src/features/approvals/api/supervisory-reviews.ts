import {
  type ListSupervisoryReviewsResponse,
  listSupervisoryReviewsResponseSchema,
  SUPERVISORY_REVIEW_PAGE_SIZE_DEFAULT,
  type SupervisoryReview,
  type SupervisoryReviewStatus,
  supervisoryReviewSchema,
} from '@parley/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { approvalKeys } from '@/api/approvals/approval-keys';
import { api } from '@/lib/api-client';

/**
 * Under the approval keys, so a realtime message event (an approval, a sign-off elsewhere) refreshes
 * the post-send review too (docs/decisions/055-supervisory-review.md).
 */
export const supervisoryReviewKeys = {
  all: [...approvalKeys.all, 'post-send'] as const,
  list: (status: SupervisoryReviewStatus, cursor: string | null) =>
    [...supervisoryReviewKeys.all, { status, cursor }] as const,
};

/** GET /api/supervisory-reviews?status&limit&cursor: a page of one status, newest drawn first. */
export function listSupervisoryReviews(
  input: { status: SupervisoryReviewStatus; cursor: string | null },
  signal?: AbortSignal,
): Promise<ListSupervisoryReviewsResponse> {
  const params = new URLSearchParams({
    status: input.status,
    limit: String(SUPERVISORY_REVIEW_PAGE_SIZE_DEFAULT),
  });
  if (input.cursor) params.set('cursor', input.cursor);
  return api.get(`/api/supervisory-reviews?${params}`, {
    signal,
    parser: listSupervisoryReviewsResponseSchema,
  });
}

export function useSupervisoryReviews(status: SupervisoryReviewStatus, cursor: string | null) {
  return useQuery({
    queryKey: supervisoryReviewKeys.list(status, cursor),
    queryFn: ({ signal }) => listSupervisoryReviews({ status, cursor }, signal),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/supervisory-reviews/{id}/sign-off with an optional note. */
export function signOffSupervisoryReview(input: { id: string; note: string }): Promise<SupervisoryReview> {
  return api.post(
    `/api/supervisory-reviews/${encodeURIComponent(input.id)}/sign-off`,
    input.note.trim() ? { note: input.note } : {},
    { parser: supervisoryReviewSchema },
  );
}

/** Signing off moves the item between the lists and changes the count: both lists refresh. */
export function useSignOffSupervisoryReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOffSupervisoryReview,
    onSettled: () => queryClient.invalidateQueries({ queryKey: supervisoryReviewKeys.all }),
  });
}
