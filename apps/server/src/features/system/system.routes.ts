import { healthResponseSchema } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { type ApiRouter, apiRoute, type RouteDeps } from '../../http/router';

const health = apiRoute({
  method: 'get',
  path: '/api/health',
  summary: 'Liveness and database check',
  ok: { status: 200, schema: healthResponseSchema, description: 'Up' },
  errors: [],
});

export function registerSystemRoutes(api: ApiRouter, deps: RouteDeps) {
  api.openapi(health, async (c) => {
    await deps.db.execute(sql`select 1`);
    return c.json({ status: 'ok' as const, database: deps.databaseKind }, 200);
  });
}
