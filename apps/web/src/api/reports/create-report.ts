import { type CreateReportInput, type Report, reportSchema } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reportKeys } from './report-keys';

/** POST /api/reports: queues the report; it is generated in the background (202 with the queued row). */
export function createReport(input: CreateReportInput): Promise<Report> {
  return api.post('/api/reports', input, { parser: reportSchema });
}

export function useCreateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReport,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportKeys.all }),
  });
}
