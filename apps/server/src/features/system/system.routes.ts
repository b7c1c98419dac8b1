import { createRoute } from '@hono/zod-openapi';
import { healthResponseSchema } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { ApiRouter, RouteDeps } from '../../http/router';

const health = createRoute({
  method: 'get',
  path: '/api/health',
  summary: 'Liveness and database check',
  responses: {
    200: { description: 'Up', content: { 'application/json': { schema: healthResponseSchema } } },
  },
});

export function registerSystemRoutes(api: ApiRouter, deps: RouteDeps) {
  api.openapi(health, async (c) => {
    await deps.db.execute(sql`select 1`);
    return c.json({ status: 'ok' as const, database: deps.databaseKind }, 200);
  });
}
