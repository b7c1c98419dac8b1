import {
  listDisclosuresQuerySchema,
  listDisclosuresResponseSchema,
  projectIdParamSchema,
} from '@parley/contracts';
import { type ApiRouter, apiRoute, type RouteDeps } from '../../http/router';
import { listDisclosuresPage } from './disclosures.service';

const list = apiRoute({
  method: 'get',
  path: '/api/projects/{id}/disclosures',
  summary:
    "A fund's Disclosures ledger: its replies approved and sent, newest first, with investor, approver, citations and whether each cited passage or document is non-public now (decision 053)",
  params: projectIdParamSchema,
  query: listDisclosuresQuerySchema,
  ok: { status: 200, schema: listDisclosuresResponseSchema, description: 'A page' },
  errors: [400, 401, 403, 404],
});

/** Regulation FD: what a fund told whom and when (docs/decisions/053-non-public-documents.md). */
export function registerDisclosureRoutes(api: ApiRouter, deps: RouteDeps) {
  api.openapi(list, async (c) => {
    const page = await listDisclosuresPage(deps, c.get('actor'), {
      ...c.req.valid('query'),
      projectId: c.req.valid('param').id,
    });
    return c.json(page, 200);
  });
}
