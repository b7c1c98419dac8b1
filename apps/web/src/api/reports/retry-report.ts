import { type Report, reportSchema } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reportKeys } from './report-keys';

/** POST /api/reports/:id/retry: queues a failed report again. */
export function retryReport(id: string): Promise<Report> {
  return api.post(`/api/reports/${encodeURIComponent(id)}/retry`, undefined, { parser: reportSchema });
}

export function useRetryReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryReport,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportKeys.all }),
  });
}
