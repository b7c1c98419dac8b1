import { createRoute, type z } from '@hono/zod-openapi';
import {
  type SessionResponse,
  sessionResponseSchema,
  signInInputSchema,
  signInResponseSchema,
} from '@parley/contracts';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from '../../auth/session-cookie';
import { clientOf } from '../../http/client-address';
import { type ApiRouter, errorResponses, type RouteDeps } from '../../http/router';
import { AppError } from '../../lib/errors';
import { signIn, signOut, toSignInResponse } from './auth.service';

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

const signUp = createRoute({
  method: 'post',
  path: '/api/auth/sign-up',
  summary: 'Always refused: Parley is invite-only',
  responses: errorResponses(403),
});

const signInRoute = createRoute({
  method: 'post',
  path: '/api/auth/sign-in',
  summary: 'Password sign-in; sets the session cookie and says which MFA step comes next',
  request: { body: { required: true, content: { 'application/json': { schema: signInInputSchema } } } },
  responses: { 200: json(signInResponseSchema, 'Signed in'), ...errorResponses(400, 401, 403, 415, 429) },
});

const signOutRoute = createRoute({
  method: 'post',
  path: '/api/auth/sign-out',
  summary: 'Revoke the current session (idempotent)',
  responses: { 204: { description: 'Signed out' }, ...errorResponses(403, 415) },
});

const session = createRoute({
  method: 'get',
  path: '/api/auth/session',
  summary: 'The signed-in user, role and organisation',
  responses: { 200: json(sessionResponseSchema, 'Current session'), ...errorResponses(401, 403) },
});

export function registerAuthRoutes(api: ApiRouter, deps: RouteDeps) {
  const secure = deps.config.appOrigin.startsWith('https:');

  api.openapi(signUp, () => {
    throw new AppError('INVITE_ONLY');
  });

  api.openapi(signInRoute, async (c) => {
    const input = c.req.valid('json');
    const result = await signIn(deps, { ...input, ...clientOf(c) });
    setSessionCookie(c, result, secure);
    return c.json(toSignInResponse(result), 200);
  });

  api.openapi(signOutRoute, async (c) => {
    await signOut(deps, readSessionCookie(c));
    clearSessionCookie(c, secure);
    return c.body(null, 204);
  });

  api.openapi(session, (c) => {
    const s = c.get('session');
    const body: SessionResponse = {
      user: { id: s.userId, email: s.email, name: s.name },
      role: c.get('role'),
      orgId: s.orgId,
      aal: s.aal,
      expiresAt: s.expiresAt.toISOString(),
    };
    return c.json(body, 200);
  });
}
