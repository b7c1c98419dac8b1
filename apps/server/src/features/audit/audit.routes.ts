import { auditVerifyResponseSchema } from '@parley/contracts';
import { type ApiRouter, apiRoute, type RouteDeps } from '../../http/router';
import { verifyAuditChain } from './audit.service';

const verify = apiRoute({
  method: 'get',
  path: '/api/audit/verify',
  summary: "Re-walk the organisation's audit hash chain",
  ok: { status: 200, schema: auditVerifyResponseSchema, description: 'Result' },
  errors: [401, 403],
});

export function registerAuditRoutes(api: ApiRouter, deps: RouteDeps) {
  api.openapi(verify, async (c) => c.json(await verifyAuditChain(deps.db, c.get('actor').orgId), 200));
}
