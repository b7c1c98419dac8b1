import { integrationsResponseSchema, systemHealthResponseSchema } from '@parley/contracts';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/env';
import { type ApiRouter, apiRoute, type RouteDeps } from '../../http/router';
import { getSystemHealth } from './admin.service';
import { listIntegrations } from './integrations';

const systemHealth = apiRoute({
  method: 'get',
  path: '/api/admin/system-health',
  summary: "The Admin panel's System Health card for the caller's organisation",
  ok: { status: 200, schema: systemHealthResponseSchema, description: 'Computed now' },
  errors: [401, 403],
});

const integrations = apiRoute({
  method: 'get',
  path: '/api/admin/integrations',
  summary: 'What Parley is connected to (SMTP, AI, delivery webhook, DNS), from the running configuration',
  ok: { status: 200, schema: integrationsResponseSchema, description: 'One item per integration' },
  errors: [401, 403],
});

/**
 * Where the browser says it is (decision 009): its Origin header when it sent one, else the scheme
 * and Host the request arrived with — the scheme a TLS-terminating proxy names in X-Forwarded-Proto.
 * Shown to admins only; nothing is allowed or refused on it (the same-origin check is http/security.ts).
 */
export function requestOriginOf(c: Context<AppEnv>): string | null {
  const origin = c.req.header('origin');
  if (origin && origin !== 'null') return origin;
  try {
    const url = new URL(c.req.url);
    const host = c.req.header('host') ?? url.host;
    const forwardedProto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
    const scheme =
      forwardedProto === 'https' || forwardedProto === 'http' ? forwardedProto : url.protocol.slice(0, -1);
    return new URL(`${scheme}://${host}`).origin;
  } catch {
    return null;
  }
}

export function registerAdminRoutes(api: ApiRouter, deps: RouteDeps) {
  api.openapi(systemHealth, async (c) => {
    const health = await getSystemHealth(deps, c.get('actor'), { requestOrigin: requestOriginOf(c) });
    return c.json(health, 200);
  });
  api.openapi(integrations, async (c) => c.json(await listIntegrations(deps), 200));
}
