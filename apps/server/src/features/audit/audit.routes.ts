import { createRoute } from '@hono/zod-openapi';
import { auditVerifyResponseSchema } from '@parley/contracts';
import { type ApiRouter, errorResponses, type RouteDeps } from '../../http/router';
import { verifyAuditChain } from './audit.service';

const verify = createRoute({
  method: 'get',
  path: '/api/audit/verify',
  summary: "Re-walk the organisation's audit hash chain",
  responses: {
    200: { description: 'Result', content: { 'application/json': { schema: auditVerifyResponseSchema } } },
    ...errorResponses(401, 403),
  },
});

export function registerAuditRoutes(api: ApiRouter, deps: RouteDeps) {
  api.openapi(verify, async (c) => c.json(await verifyAuditChain(deps.db, c.get('actor').orgId), 200));
}
