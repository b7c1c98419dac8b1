import { type ReportSchedule, reportScheduleSchema, type UpdateReportScheduleInput } from '@parley/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reportKeys } from './report-keys';

/** GET /api/admin/report-schedule: the monthly reports (admin). */
export function getReportSchedule(signal?: AbortSignal): Promise<ReportSchedule> {
  return api.get('/api/admin/report-schedule', { signal, parser: reportScheduleSchema });
}

/** PUT /api/admin/report-schedule: on or off, the types and the recipients. */
export function updateReportSchedule(input: UpdateReportScheduleInput): Promise<ReportSchedule> {
  return api.put('/api/admin/report-schedule', input, { parser: reportScheduleSchema });
}

export function useReportSchedule(options: { enabled: boolean }) {
  return useQuery({
    queryKey: reportKeys.schedule(),
    queryFn: ({ signal }) => getReportSchedule(signal),
    enabled: options.enabled,
  });
}

export function useUpdateReportSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReportSchedule,
    onSuccess: (schedule) => queryClient.setQueryData(reportKeys.schedule(), schedule),
  });
}
