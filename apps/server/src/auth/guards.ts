import { hasCapability, resolveRole } from '@parley/contracts';
import { createMiddleware } from 'hono/factory';
import { matchedRoutes } from 'hono/route';
import type { ServiceContext } from '../context';
import type { AppEnv } from '../http/env';
import { MFA_PENDING_ALLOWED, policyKey, ROUTE_POLICIES } from '../http/policy';
import { AppError } from '../lib/errors';
import { actorOf } from './actor';
import { readSessionCookie } from './session-cookie';

/** The API route the request resolved to (the last matched handler that is not middleware). */
function matchedRouteKey(c: Parameters<typeof matchedRoutes>[0]): string | null {
  const routes = matchedRoutes(c).filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/'));
  const last = routes.at(-1);
  return last ? policyKey(last.method, last.path) : null;
}

/**
 * One guard for every API route, driven by ROUTE_POLICIES: it checks the session, then that the
 * member's role can be read (never a fallback role), then that the session owes no MFA (a
 * session that must still verify or enrol reaches only MFA_PENDING_ALLOWED), then the capability
 * the route needs. The organisation a handler may touch is the session's, from the membership.
 */
export function policyGuard(ctx: Pick<ServiceContext, 'sessionCache' | 'clock' | 'config'>) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const key = matchedRouteKey(c);
    if (key === null) return next(); // no route: the 404 handler answers
    const access = ROUTE_POLICIES[key];
    if (access === undefined) throw new Error(`No access policy for ${key}`);
    if (access === 'public') return next();

    const token = readSessionCookie(c, ctx.config.isHttps);
    const session = token ? await ctx.sessionCache.find(ctx.clock, token) : null;
    if (!session) throw new AppError('UNAUTHENTICATED');
    const role = resolveRole(session.roles);
    if (role === null) throw new AppError('FORBIDDEN');
    if (session.mfa !== 'none' && !MFA_PENDING_ALLOWED.has(key)) throw new AppError('MFA_REQUIRED');
    if (access !== 'signed-in' && !hasCapability(role, access)) throw new AppError('FORBIDDEN');

    c.set('session', session);
    c.set('role', role);
    c.set('actor', actorOf(session, role));
    return next();
  });
}

/**
 * A request that may write (anything but GET and HEAD) drops this instance's cached session checks
 * before it answers: its own change is then seen by the very next request, without waiting for the
 * notice every instance gets (docs/decisions/046-session-cache.md).
 */
export function forgetSessionsAfterWrites(ctx: Pick<ServiceContext, 'sessionCache'>) {
  return createMiddleware<AppEnv>(async (c, next) => {
    try {
      await next();
    } finally {
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD') ctx.sessionCache.forgetAll();
    }
  });
}
