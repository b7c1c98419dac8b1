import { listEmailEventsQuerySchema, listEmailEventsResponseSchema } from '@parley/contracts';
import { type ApiRouter, apiRoute, type RouteDeps } from '../../http/router';
import { listOrganizationEmailEvents } from './email-events.service';

const list = apiRoute({
  method: 'get',
  path: '/api/admin/email-events',
  summary: "The organisation's e-mail events of the last 7 days, newest first, by type and recipient",
  query: listEmailEventsQuerySchema,
  ok: { status: 200, schema: listEmailEventsResponseSchema, description: 'A page' },
  errors: [400, 401, 403],
});

export function registerEmailEventRoutes(api: ApiRouter, deps: RouteDeps) {
  api.openapi(list, async (c) =>
    c.json(await listOrganizationEmailEvents(deps, c.get('actor'), c.req.valid('query')), 200),
  );
}
