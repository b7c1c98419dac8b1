import {
  type CreateLegalHoldInput,
  type LegalHold,
  type ListLegalHoldsResponse,
  legalHoldSchema,
  listLegalHoldsResponseSchema,
} from '@parley/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { retentionKeys } from './retention-keys';

const HOLDS_PAGE_SIZE = 20;

/** GET /api/retention/holds?status&cursor: a page of active or released holds, newest first. */
export function listLegalHolds(
  input: { status: 'active' | 'released'; cursor: string | null },
  signal?: AbortSignal,
): Promise<ListLegalHoldsResponse> {
  const params = new URLSearchParams({ status: input.status, limit: String(HOLDS_PAGE_SIZE) });
  if (input.cursor) params.set('cursor', input.cursor);
  return api.get(`/api/retention/holds?${params}`, { signal, parser: listLegalHoldsResponseSchema });
}

export function useLegalHolds(status: 'active' | 'released', cursor: string | null) {
  return useQuery({
    queryKey: retentionKeys.holds(status, cursor),
    queryFn: ({ signal }) => listLegalHolds({ status, cursor }, signal),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/retention/holds. */
export function placeLegalHold(input: CreateLegalHoldInput): Promise<LegalHold> {
  return api.post('/api/retention/holds', input, { parser: legalHoldSchema });
}

/** POST /api/retention/holds/{id}/release. */
export function releaseLegalHold(input: { id: string; reason: string }): Promise<LegalHold> {
  return api.post(
    `/api/retention/holds/${encodeURIComponent(input.id)}/release`,
    { reason: input.reason },
    { parser: legalHoldSchema },
  );
}

/** Both change the count on the tile and both lists, so they refresh everything retention shows. */
function useRetentionMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: retentionKeys.all }),
  });
}

export const usePlaceLegalHold = () => useRetentionMutation(placeLegalHold);
export const useReleaseLegalHold = () => useRetentionMutation(releaseLegalHold);
