import {
  createReportInputSchema,
  downloadReportQuerySchema,
  listReportsQuerySchema,
  listReportsResponseSchema,
  reportIdParamSchema,
  reportScheduleSchema,
  reportSchema,
  updateReportScheduleInputSchema,
} from '@parley/contracts';
import { type ApiRouter, apiRoute, jsonResponse, type RouteDeps } from '../../http/router';
import { getReportSchedule, updateReportSchedule } from './report-schedule';
import {
  downloadReport,
  getReport,
  kickReportGeneration,
  listReports,
  requestReport,
  retryReport,
} from './reports.service';

const list = apiRoute({
  method: 'get',
  path: '/api/reports',
  summary: "The organisation's reports, newest first, in cursor pages",
  query: listReportsQuerySchema,
  ok: { status: 200, schema: listReportsResponseSchema, description: 'A page' },
  errors: [400, 401, 403],
});

const create = apiRoute({
  method: 'post',
  path: '/api/reports',
  summary: 'Generate Report: queues a report, generated in the background (audited)',
  body: createReportInputSchema,
  errors: [400, 401, 403, 404],
  responses: { 202: jsonResponse(reportSchema, 'The queued report') },
});

const getOne = apiRoute({
  method: 'get',
  path: '/api/reports/{id}',
  summary: 'One report: its status and progress',
  params: reportIdParamSchema,
  ok: { status: 200, schema: reportSchema, description: 'The report' },
  errors: [400, 401, 403, 404],
});

const download = apiRoute({
  method: 'get',
  path: '/api/reports/{id}/download',
  summary: "A finished report's PDF or CSV as an attachment (audited)",
  params: reportIdParamSchema,
  query: downloadReportQuerySchema,
  ok: { status: 200, description: 'application/pdf or text/csv, as an attachment' },
  errors: [400, 401, 403, 404, 409],
});

const retry = apiRoute({
  method: 'post',
  path: '/api/reports/{id}/retry',
  summary: 'Queues a failed report again (audited)',
  params: reportIdParamSchema,
  errors: [400, 401, 403, 404, 409],
  responses: { 202: jsonResponse(reportSchema, 'The queued report') },
});

const getSchedule = apiRoute({
  method: 'get',
  path: '/api/admin/report-schedule',
  summary: 'The monthly reports: on or off, their types, recipients and the members to choose from',
  ok: { status: 200, schema: reportScheduleSchema, description: 'The schedule' },
  errors: [401, 403],
});

const putSchedule = apiRoute({
  method: 'put',
  path: '/api/admin/report-schedule',
  summary: 'Changes the monthly reports (audited)',
  body: updateReportScheduleInputSchema,
  ok: { status: 200, schema: reportScheduleSchema, description: 'The schedule after the change' },
  errors: [400, 401, 403],
});

const CONTENT_TYPES = { pdf: 'application/pdf', csv: 'text/csv; charset=utf-8; header=present' } as const;

/** The Reports screen (docs/product.md §2 Reports; docs/decisions/044-reports.md). */
export function registerReportRoutes(api: ApiRouter, deps: RouteDeps) {
  api.openapi(list, async (c) => c.json(await listReports(deps, c.get('actor'), c.req.valid('query')), 200));

  api.openapi(create, async (c) => {
    const actor = c.get('actor');
    const report = await requestReport(deps, actor, c.req.valid('json'));
    kickReportGeneration(deps);
    return c.json(report, 202);
  });

  api.openapi(getOne, async (c) =>
    c.json(await getReport(deps, c.get('actor'), c.req.valid('param').id), 200),
  );

  api.openapi(download, async (c) => {
    const { format } = c.req.valid('query');
    const file = await downloadReport(deps, c.get('actor'), { id: c.req.valid('param').id, format });
    c.header('Content-Type', CONTENT_TYPES[format]);
    c.header('Content-Disposition', `attachment; filename="${file.fileName}"`);
    c.header('Content-Length', String(file.bytes.length));
    return c.body(new Uint8Array(file.bytes), 200);
  });

  api.openapi(getSchedule, async (c) => c.json(await getReportSchedule(deps, c.get('actor')), 200));

  api.openapi(putSchedule, async (c) =>
    c.json(await updateReportSchedule(deps, c.get('actor'), c.req.valid('json')), 200),
  );

  api.openapi(retry, async (c) => {
    const report = await retryReport(deps, c.get('actor'), c.req.valid('param').id);
    kickReportGeneration(deps);
    return c.json(report, 202);
  });
}
