import type { Capability } from '@parley/contracts';

/** `public`: no session; `signed-in`: any member with a readable role; else the capability needed. */
export type Access = 'public' | 'signed-in' | Capability;

/**
 * Every API route and who may call it: the one place access is decided (deny by default).
 * A route missing here fails the start (see assertEveryRouteHasPolicy).
 */
export const ROUTE_POLICIES: Record<string, Access> = {
  'GET /api/health': 'public',
  'GET /api/openapi.json': 'public',
  'POST /api/auth/sign-up': 'public',
  'POST /api/auth/sign-in': 'public',
  /** Idempotent: signing out without a live session still clears the cookie. */
  'POST /api/auth/sign-out': 'public',
  'GET /api/auth/session': 'signed-in',
  'GET /api/audit/verify': 'audit.verify',
  /** Holder of the first-start link; refused once any user exists. */
  'POST /api/setup': 'public',
  /** Unsubscribe links carry an HMAC of the address instead of a session (SPEC §2 Unsubscribe). */
  'GET /api/email/unsubscribe': 'public',
  'POST /api/email/unsubscribe': 'public',
  'POST /api/email/unsubscribe/one-click': 'public',
};

export function policyKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}

/** Throws at start when a registered route has no policy, or a policy names no route. */
export function assertEveryRouteHasPolicy(routes: readonly { method: string; path: string }[]) {
  const registered = new Set(
    routes
      .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/'))
      .map((r) => policyKey(r.method, r.path)),
  );
  const missing = [...registered].filter((key) => !(key in ROUTE_POLICIES));
  const stale = Object.keys(ROUTE_POLICIES).filter((key) => !registered.has(key));
  if (missing.length > 0) throw new Error(`Routes without an access policy: ${missing.join(', ')}`);
  if (stale.length > 0) throw new Error(`Access policies naming no route: ${stale.join(', ')}`);
}
