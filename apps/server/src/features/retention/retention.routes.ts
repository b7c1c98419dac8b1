import {
  createErasureInputSchema,
  createLegalHoldInputSchema,
  erasurePreviewInputSchema,
  erasurePreviewSchema,
  erasureResultSchema,
  legalHoldIdParamSchema,
  legalHoldSchema,
  listLegalHoldsQuerySchema,
  listLegalHoldsResponseSchema,
  releaseLegalHoldInputSchema,
  retentionSummarySchema,
  updateRetentionInputSchema,
} from '@parley/contracts';
import { type ApiRouter, apiRoute, type RouteDeps } from '../../http/router';
import {
  getRetentionSummary,
  listLegalHolds,
  placeLegalHold,
  previewErasure,
  releaseLegalHold,
  requestErasure,
  updateRetentionPeriod,
} from './retention.service';

const summary = apiRoute({
  method: 'get',
  path: '/api/retention',
  summary: "The Admin panel's Data Retention tile: the period, its floor, active holds and the last erasure",
  ok: { status: 200, schema: retentionSummarySchema, description: 'The summary' },
  errors: [401, 403],
});

const updatePeriod = apiRoute({
  method: 'patch',
  path: '/api/retention',
  summary: 'Set the retention period in years, never below the floor (audited with before and after)',
  body: updateRetentionInputSchema,
  ok: { status: 200, schema: retentionSummarySchema, description: 'The summary after the change' },
  errors: [400, 401, 403, 415],
});

const listHolds = apiRoute({
  method: 'get',
  path: '/api/retention/holds',
  summary: 'Legal holds, newest first, active, released or all, a page at a time',
  query: listLegalHoldsQuerySchema,
  ok: { status: 200, schema: listLegalHoldsResponseSchema, description: 'A page' },
  errors: [400, 401, 403],
});

const placeHold = apiRoute({
  method: 'post',
  path: '/api/retention/holds',
  summary: 'Place a legal hold on an investor (by e-mail), a fund or everything, with a reason (audited)',
  body: createLegalHoldInputSchema,
  ok: { status: 201, schema: legalHoldSchema, description: 'The hold placed' },
  errors: [400, 401, 403, 415],
});

const releaseHold = apiRoute({
  method: 'post',
  path: '/api/retention/holds/{id}/release',
  summary: 'Release an active legal hold with a reason (audited)',
  params: legalHoldIdParamSchema,
  body: releaseLegalHoldInputSchema,
  ok: { status: 200, schema: legalHoldSchema, description: 'The hold, released' },
  errors: [400, 401, 403, 404, 409, 415],
});

/** Changes nothing: a POST only so the investor's address is in the body, never in a URL or access log. */
const erasurePreview = apiRoute({
  method: 'post',
  path: '/api/retention/erasure-preview',
  summary:
    "What erasing an investor's personal data would do now, and the holds that would refuse it (writes nothing)",
  body: erasurePreviewInputSchema,
  ok: { status: 200, schema: erasurePreviewSchema, description: 'The preview' },
  errors: [400, 401, 403, 415],
});

const erase = apiRoute({
  method: 'post',
  path: '/api/retention/erasures',
  summary:
    "Erase an investor's personal data: pseudonymise what retention no longer requires (audited; 409 under a legal hold)",
  body: createErasureInputSchema,
  ok: { status: 201, schema: erasureResultSchema, description: 'What was done' },
  errors: [400, 401, 403, 409, 415],
});

/** The Data Retention page (docs/decisions/030-data-retention.md); the organisation is always the session's. */
export function registerRetentionRoutes(api: ApiRouter, deps: RouteDeps) {
  api.openapi(summary, async (c) => c.json(await getRetentionSummary(deps, c.get('actor')), 200));

  api.openapi(updatePeriod, async (c) =>
    c.json(await updateRetentionPeriod(deps, c.get('actor'), c.req.valid('json')), 200),
  );

  api.openapi(listHolds, async (c) =>
    c.json(await listLegalHolds(deps, c.get('actor'), c.req.valid('query')), 200),
  );

  api.openapi(placeHold, async (c) =>
    c.json(await placeLegalHold(deps, c.get('actor'), c.req.valid('json')), 201),
  );

  api.openapi(releaseHold, async (c) => {
    const hold = await releaseLegalHold(deps, c.get('actor'), {
      id: c.req.valid('param').id,
      ...c.req.valid('json'),
    });
    return c.json(hold, 200);
  });

  api.openapi(erasurePreview, async (c) =>
    c.json(await previewErasure(deps, c.get('actor'), c.req.valid('json')), 200),
  );

  api.openapi(erase, async (c) =>
    c.json(await requestErasure(deps, c.get('actor'), c.req.valid('json')), 201),
  );
}
