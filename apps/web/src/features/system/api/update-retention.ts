import { type RetentionSummary, retentionSummarySchema, type UpdateRetentionInput } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { retentionKeys } from './retention-keys';

/** PATCH /api/retention: the period in whole years; answers with the summary after the change. */
export function updateRetention(input: UpdateRetentionInput): Promise<RetentionSummary> {
  return api.patch('/api/retention', input, { parser: retentionSummarySchema });
}

export function useUpdateRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRetention,
    onSuccess: (summary) => queryClient.setQueryData(retentionKeys.summary(), summary),
  });
}
