import { updateWeeklyReportScheduleInputSchema, weeklyReportScheduleResponseSchema } from '@parley/contracts';
import { type ApiRouter, apiRoute, type RouteDeps } from '../../http/router';
import { getWeeklyReportSchedule, updateWeeklyReportSchedule } from './weekly-report.service';

const readSchedule = apiRoute({
  method: 'get',
  path: '/api/admin/weekly-report',
  summary: "When the caller's organisation's weekly report goes out: day, time and time zone",
  ok: { status: 200, schema: weeklyReportScheduleResponseSchema, description: 'The schedule' },
  errors: [401, 403],
});

const updateSchedule = apiRoute({
  method: 'put',
  path: '/api/admin/weekly-report',
  summary: 'Set the weekly report day, time (HH:MM) and IANA time zone (audited with before and after)',
  body: updateWeeklyReportScheduleInputSchema,
  ok: {
    status: 200,
    schema: weeklyReportScheduleResponseSchema,
    description: 'The schedule after the change',
  },
  errors: [400, 401, 403, 415],
});

/** The weekly report's schedule (docs/decisions/041-weekly-report-schedule.md); the job sends it. */
export function registerWeeklyReportRoutes(api: ApiRouter, deps: RouteDeps) {
  api.openapi(readSchedule, async (c) => {
    return c.json(await getWeeklyReportSchedule(deps, c.get('actor')), 200);
  });

  api.openapi(updateSchedule, async (c) => {
    return c.json(await updateWeeklyReportSchedule(deps, c.get('actor'), c.req.valid('json')), 200);
  });
}
