import {
  analyticsDrillQuerySchema,
  analyticsDrillResponseSchema,
  analyticsQuerySchema,
  analyticsResponseSchema,
  responseTargetInputSchema,
  responseTargetResponseSchema,
} from '@parley/contracts';
import { type ApiRouter, apiRoute, type RouteDeps } from '../../http/router';
import { drillAnalytics, getAnalytics, getResponseTarget, setResponseTarget } from './analytics.service';

const analytics = apiRoute({
  method: 'get',
  path: '/api/analytics',
  summary:
    'The Analytics page for a period (7d, 30d, 90d or custom from/to) and fund: KPIs beside the previous period, series, flagged terms, operational, adoption and compliance figures',
  query: analyticsQuerySchema,
  ok: { status: 200, schema: analyticsResponseSchema, description: 'The figures' },
  errors: [400, 401, 403],
});

const drill = apiRoute({
  method: 'get',
  path: '/api/analytics/messages',
  summary: 'The messages behind one figure of the Analytics page, newest event first, a page at a time',
  query: analyticsDrillQuerySchema,
  ok: { status: 200, schema: analyticsDrillResponseSchema, description: 'A page' },
  errors: [400, 401, 403],
});

const target = apiRoute({
  method: 'get',
  path: '/api/analytics/response-target',
  summary: "The organisation's response-time target in business days",
  ok: { status: 200, schema: responseTargetResponseSchema, description: 'The target' },
  errors: [401, 403],
});

const setTarget = apiRoute({
  method: 'put',
  path: '/api/analytics/response-target',
  summary:
    "Set the organisation's response-time target, 1 to 30 business days (audited with before and after)",
  body: responseTargetInputSchema,
  ok: { status: 200, schema: responseTargetResponseSchema, description: 'The target after the change' },
  errors: [400, 401, 403, 415],
});

export function registerAnalyticsRoutes(api: ApiRouter, deps: RouteDeps) {
  api.openapi(analytics, async (c) =>
    c.json(await getAnalytics(deps, c.get('actor'), c.req.valid('query')), 200),
  );
  api.openapi(drill, async (c) =>
    c.json(await drillAnalytics(deps, c.get('actor'), c.req.valid('query')), 200),
  );
  api.openapi(target, async (c) => c.json(await getResponseTarget(deps, c.get('actor')), 200));
  api.openapi(setTarget, async (c) =>
    c.json(await setResponseTarget(deps, c.get('actor'), c.req.valid('json')), 200),
  );
}
