import { createRoute } from '@hono/zod-openapi';
import {
  approvalStateSchema,
  approvalStatsSchema,
  approveInputSchema,
  approveResponseSchema,
  listApprovalsQuerySchema,
  listApprovalsResponseSchema,
  messageIdParamSchema,
  requestChangesInputSchema,
  submitForApprovalInputSchema,
} from '@parley/contracts';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/env';
import { type ApiRouter, errorResponses, jsonBody, jsonResponse, type RouteDeps } from '../../http/router';
import {
  type ApprovalActor,
  approveAndSend,
  getApprovalState,
  getApprovalStats,
  listApprovalQueue,
  requestChanges,
  submitForApproval,
} from './approvals.service';

const submit = createRoute({
  method: 'post',
  path: '/api/messages/{id}/submit',
  summary: 'Submit the latest version for a director’s approval (bound to its text’s SHA-256)',
  request: { params: messageIdParamSchema, body: jsonBody(submitForApprovalInputSchema) },
  responses: {
    200: jsonResponse(approvalStateSchema, 'The approval state'),
    ...errorResponses(400, 401, 403, 404, 409, 415),
  },
});

const changes = createRoute({
  method: 'post',
  path: '/api/messages/{id}/request-changes',
  summary: 'Return the pending submission with a required comment; the message is open again',
  request: { params: messageIdParamSchema, body: jsonBody(requestChangesInputSchema) },
  responses: {
    200: jsonResponse(approvalStateSchema, 'The approval state'),
    ...errorResponses(400, 401, 403, 404, 409, 415),
  },
});

const approve = createRoute({
  method: 'post',
  path: '/api/messages/{id}/approve',
  summary:
    'SPEC §7 ai_responses/investor_messages writes: Mark Final / Approve & Send the latest version and e-mail it to the investor',
  request: { params: messageIdParamSchema, body: jsonBody(approveInputSchema) },
  responses: {
    200: jsonResponse(approveResponseSchema, 'The approval state and the reply’s delivery'),
    ...errorResponses(400, 401, 403, 404, 409, 415),
  },
});

const state = createRoute({
  method: 'get',
  path: '/api/messages/{id}/approval',
  summary: 'Where the reply stands: pending submission, last decision, sent reply, what the caller may do',
  request: { params: messageIdParamSchema },
  responses: {
    200: jsonResponse(approvalStateSchema, 'The approval state'),
    ...errorResponses(400, 401, 403, 404),
  },
});

const queue = createRoute({
  method: 'get',
  path: '/api/approvals',
  summary: 'SPEC §2 Approval queue: pending submissions, keyset-paginated, by age or newest first',
  request: { query: listApprovalsQuerySchema },
  responses: { 200: jsonResponse(listApprovalsResponseSchema, 'A page'), ...errorResponses(400, 401, 403) },
});

const stats = createRoute({
  method: 'get',
  path: '/api/approvals/stats',
  summary: 'SPEC §2 Approval queue stats: pending, average response time (30 days), flagged today',
  responses: { 200: jsonResponse(approvalStatsSchema, 'The figures'), ...errorResponses(401, 403) },
});

function actorOf(c: Context<AppEnv>): ApprovalActor {
  const session = c.get('session');
  return { userId: session.userId, orgId: session.orgId, role: c.get('role') };
}

export function registerApprovalRoutes(api: ApiRouter, deps: RouteDeps) {
  const approvalDeps = deps;

  api.openapi(submit, async (c) => {
    const result = await submitForApproval(
      approvalDeps,
      actorOf(c),
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    return c.json(result, 200);
  });

  api.openapi(changes, async (c) => {
    const result = await requestChanges(
      approvalDeps,
      actorOf(c),
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    return c.json(result, 200);
  });

  api.openapi(approve, async (c) => {
    const result = await approveAndSend(
      approvalDeps,
      actorOf(c),
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    return c.json(result, 200);
  });

  api.openapi(state, async (c) => {
    return c.json(await getApprovalState(approvalDeps, actorOf(c), c.req.valid('param').id), 200);
  });

  api.openapi(stats, async (c) => {
    return c.json(await getApprovalStats(approvalDeps, c.get('session').orgId), 200);
  });

  api.openapi(queue, async (c) => {
    return c.json(await listApprovalQueue(approvalDeps, c.get('session').orgId, c.req.valid('query')), 200);
  });
}
