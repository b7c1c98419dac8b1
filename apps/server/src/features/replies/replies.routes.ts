import {
  applyFixInputSchema,
  approvalStateSchema,
  approvalStatsSchema,
  approveInputSchema,
  approveResponseSchema,
  draftCheckResponseSchema,
  draftVersionParamSchema,
  draftVersionSchema,
  errorResponseSchema,
  generateDraftResponseSchema,
  listApprovalsQuerySchema,
  listApprovalsResponseSchema,
  listDraftVersionsResponseSchema,
  listOverridesQuerySchema,
  listOverridesResponseSchema,
  messageIdParamSchema,
  requestChangesInputSchema,
  saveDraftInputSchema,
  submitForApprovalInputSchema,
} from '@parley/contracts';
import { type ApiRouter, apiRoute, jsonResponse, type RouteDeps } from '../../http/router';
import { withLogFields } from '../../lib/logger';
import {
  approveAndSend,
  getApprovalState,
  getApprovalStats,
  listApprovalOverrides,
  listApprovalQueue,
  requestChanges,
  submitForApproval,
} from './approving';
import { applyFix, checkDraftVersion } from './checking';
import { generateDraft, getDraftVersion, getDraftVersions, getLatestDraft, saveDraft } from './drafting';

const generate = apiRoute({
  method: 'post',
  path: '/api/messages/{id}/drafts/generate',
  summary:
    'docs/product.md §7 ai-generate: the next version, written by the drafter from the fund’s passages',
  params: messageIdParamSchema,
  ok: { status: 201, schema: generateDraftResponseSchema, description: 'The new version' },
  errors: [400, 401, 403, 404],
  responses: {
    502: jsonResponse(
      errorResponseSchema,
      'The AI service failed or its answer failed the checks (DRAFTER_*)',
    ),
    504: jsonResponse(errorResponseSchema, 'The AI service did not answer in time (DRAFTER_TIMEOUT)'),
  },
});

const save = apiRoute({
  method: 'post',
  path: '/api/messages/{id}/drafts',
  summary: 'Save an edit as a new version; 409 when based_on_version is no longer the latest',
  params: messageIdParamSchema,
  body: saveDraftInputSchema,
  ok: { status: 201, schema: draftVersionSchema, description: 'The new version' },
  errors: [400, 401, 403, 404, 409, 415],
});

const latest = apiRoute({
  method: 'get',
  path: '/api/messages/{id}/drafts/latest',
  summary: 'The latest version (404 No draft yet when there is none)',
  params: messageIdParamSchema,
  ok: { status: 200, schema: draftVersionSchema, description: 'The latest version' },
  errors: [400, 401, 403, 404],
});

const list = apiRoute({
  method: 'get',
  path: '/api/messages/{id}/drafts',
  summary: 'Every version of the message’s draft, newest first',
  params: messageIdParamSchema,
  ok: { status: 200, schema: listDraftVersionsResponseSchema, description: 'Versions' },
  errors: [400, 401, 403, 404],
});

const show = apiRoute({
  method: 'get',
  path: '/api/messages/{id}/drafts/{version}',
  summary: 'One version with its provenance',
  params: draftVersionParamSchema,
  ok: { status: 200, schema: draftVersionSchema, description: 'The version' },
  errors: [400, 401, 403, 404],
});

const checkDraft = apiRoute({
  method: 'post',
  path: '/api/messages/{id}/drafts/{version}/check',
  summary: 'docs/product.md §7 ai-guardrail-check: check a stored version’s text and store the result on it',
  params: draftVersionParamSchema,
  ok: { status: 200, schema: draftCheckResponseSchema, description: 'The stored check' },
  errors: [400, 401, 403, 404, 409],
});

const fix = apiRoute({
  method: 'post',
  path: '/api/messages/{id}/drafts/{version}/apply-fix',
  summary: 'Apply Fix: replace a flagged span with its suggestion as a new version, then check it',
  params: draftVersionParamSchema,
  body: applyFixInputSchema,
  ok: { status: 201, schema: draftVersionSchema, description: 'The new, checked version' },
  errors: [400, 401, 403, 404, 409, 415],
});

const submit = apiRoute({
  method: 'post',
  path: '/api/messages/{id}/submit',
  summary: 'Submit the latest version for a director’s approval (bound to its text’s SHA-256)',
  params: messageIdParamSchema,
  body: submitForApprovalInputSchema,
  ok: { status: 200, schema: approvalStateSchema, description: 'The approval state' },
  errors: [400, 401, 403, 404, 409, 415],
});

const changes = apiRoute({
  method: 'post',
  path: '/api/messages/{id}/request-changes',
  summary: 'Return the pending submission with a required comment; the message is open again',
  params: messageIdParamSchema,
  body: requestChangesInputSchema,
  ok: { status: 200, schema: approvalStateSchema, description: 'The approval state' },
  errors: [400, 401, 403, 404, 409, 415],
});

const approve = apiRoute({
  method: 'post',
  path: '/api/messages/{id}/approve',
  summary:
    'docs/product.md §7 ai_responses/investor_messages writes: Mark Final / Approve & Send the latest version and e-mail it to the investor',
  params: messageIdParamSchema,
  body: approveInputSchema,
  ok: {
    status: 200,
    schema: approveResponseSchema,
    description: 'The approval state and the reply’s delivery',
  },
  errors: [400, 401, 403, 404, 409, 415, 422],
});

const state = apiRoute({
  method: 'get',
  path: '/api/messages/{id}/approval',
  summary: 'Where the reply stands: pending submission, last decision, sent reply, what the caller may do',
  params: messageIdParamSchema,
  ok: { status: 200, schema: approvalStateSchema, description: 'The approval state' },
  errors: [400, 401, 403, 404],
});

const queue = apiRoute({
  method: 'get',
  path: '/api/approvals',
  summary: 'docs/product.md §2 Approval queue: pending submissions, keyset-paginated, by age or newest first',
  query: listApprovalsQuerySchema,
  ok: { status: 200, schema: listApprovalsResponseSchema, description: 'A page' },
  errors: [400, 401, 403],
});

const stats = apiRoute({
  method: 'get',
  path: '/api/approvals/stats',
  summary: 'docs/product.md §2 Approval queue stats: pending, average response time (30 days), flagged today',
  ok: { status: 200, schema: approvalStatsSchema, description: 'The figures' },
  errors: [401, 403],
});

const overrides = apiRoute({
  method: 'get',
  path: '/api/approvals/overrides',
  summary:
    'Approvals given over unresolved high-severity flags, with the reason: newest first, keyset-paginated',
  query: listOverridesQuerySchema,
  ok: { status: 200, schema: listOverridesResponseSchema, description: 'A page' },
  errors: [400, 401, 403],
});

/** A reply's life: its versions, their checks, its approval, and the approval queue. */
export function registerReplyRoutes(api: ApiRouter, deps: RouteDeps) {
  api.openapi(generate, async (c) => {
    // The drafter's failures are logged with the request id the error envelope names (decision 025).
    const ctx = { ...deps, logger: withLogFields(deps.logger, { requestId: c.get('requestId') }) };
    return c.json(await generateDraft(ctx, c.get('actor'), { messageId: c.req.valid('param').id }), 201);
  });

  api.openapi(save, async (c) => {
    const input = { messageId: c.req.valid('param').id, ...c.req.valid('json') };
    return c.json(await saveDraft(deps, c.get('actor'), input), 201);
  });

  api.openapi(latest, async (c) => {
    return c.json(await getLatestDraft(deps, c.get('actor'), { messageId: c.req.valid('param').id }), 200);
  });

  api.openapi(list, async (c) => {
    return c.json(await getDraftVersions(deps, c.get('actor'), { messageId: c.req.valid('param').id }), 200);
  });

  api.openapi(show, async (c) => {
    const { id, version } = c.req.valid('param');
    return c.json(await getDraftVersion(deps, c.get('actor'), { messageId: id, version }), 200);
  });

  api.openapi(checkDraft, async (c) => {
    const { id, version } = c.req.valid('param');
    return c.json(await checkDraftVersion(deps, c.get('actor'), { messageId: id, version }), 200);
  });

  api.openapi(fix, async (c) => {
    const { id, version } = c.req.valid('param');
    const input = { messageId: id, version, ...c.req.valid('json') };
    return c.json(await applyFix(deps, c.get('actor'), input), 201);
  });

  api.openapi(submit, async (c) => {
    const input = { messageId: c.req.valid('param').id, ...c.req.valid('json') };
    return c.json(await submitForApproval(deps, c.get('actor'), input), 200);
  });

  api.openapi(changes, async (c) => {
    const input = { messageId: c.req.valid('param').id, ...c.req.valid('json') };
    return c.json(await requestChanges(deps, c.get('actor'), input), 200);
  });

  api.openapi(approve, async (c) => {
    const input = { messageId: c.req.valid('param').id, ...c.req.valid('json') };
    return c.json(await approveAndSend(deps, c.get('actor'), input), 200);
  });

  api.openapi(state, async (c) => {
    return c.json(await getApprovalState(deps, c.get('actor'), { messageId: c.req.valid('param').id }), 200);
  });

  api.openapi(stats, async (c) => {
    return c.json(await getApprovalStats(deps, c.get('actor')), 200);
  });

  api.openapi(overrides, async (c) => {
    return c.json(await listApprovalOverrides(deps, c.get('actor'), c.req.valid('query')), 200);
  });

  api.openapi(queue, async (c) => {
    return c.json(await listApprovalQueue(deps, c.get('actor'), c.req.valid('query')), 200);
  });
}
