import { emailHealthReportSchema, liveTestResponseSchema } from '@parley/contracts';
import { type ApiRouter, apiRoute, type RouteDeps } from '../../http/router';
import { buildEmailHealthReport, runLiveTest } from './email-health.service';

const report = apiRoute({
  method: 'get',
  path: '/api/admin/email-health',
  summary: "The organisation's email health report: checks and the KPIs of the last 7 days, computed now",
  ok: { status: 200, schema: emailHealthReportSchema, description: 'The report' },
  errors: [401, 403],
});

const liveTest = apiRoute({
  method: 'post',
  path: '/api/admin/email-health/live-test',
  summary:
    "Run Live Test: test mails to the caller's own address through the outbox, one result each (audited)",
  ok: { status: 200, schema: liveTestResponseSchema, description: 'What became of each test mail' },
  errors: [401, 403, 409],
});

export function registerEmailHealthRoutes(api: ApiRouter, deps: RouteDeps) {
  api.openapi(report, async (c) => c.json(await buildEmailHealthReport(deps, c.get('actor').orgId), 200));
  api.openapi(liveTest, async (c) => c.json(await runLiveTest(deps, c.get('actor')), 200));
}
