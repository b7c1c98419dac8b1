import { responseTargetResponseSchema } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { analyticsKeys } from './analytics-keys';

/** PUT /api/analytics/response-target {business_days} (admin; audited): the organisation's target. */
export function updateResponseTarget(input: { business_days: number }) {
  return api.put('/api/analytics/response-target', input, { parser: responseTargetResponseSchema });
}

/** Saving the target recomputes the figures measured against it, so the page's queries reload. */
export function useUpdateResponseTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateResponseTarget,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: analyticsKeys.all }),
  });
}
