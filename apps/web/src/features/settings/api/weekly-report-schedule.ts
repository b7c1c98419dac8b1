import {
  type UpdateWeeklyReportScheduleInput,
  type WeeklyReportScheduleResponse,
  weeklyReportScheduleResponseSchema,
} from '@parley/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const scheduleKey = ['admin', 'weekly-report'] as const;

/** GET /api/admin/weekly-report: when the organisation's weekly report goes out, next and last. */
export function useWeeklyReportSchedule() {
  return useQuery({
    queryKey: scheduleKey,
    queryFn: ({ signal }): Promise<WeeklyReportScheduleResponse> =>
      api.get('/api/admin/weekly-report', { signal, parser: weeklyReportScheduleResponseSchema }),
  });
}

/** PUT /api/admin/weekly-report: the whole schedule (audited). */
export function useUpdateWeeklyReportSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateWeeklyReportScheduleInput): Promise<WeeklyReportScheduleResponse> =>
      api.put('/api/admin/weekly-report', input, { parser: weeklyReportScheduleResponseSchema }),
    onSuccess: (data) => queryClient.setQueryData(scheduleKey, data),
  });
}
