import { createRoute } from '@hono/zod-openapi';
import {
  listOwnSessionsQuerySchema,
  listOwnSessionsResponseSchema,
  sessionIdParamSchema,
  sessionResponseSchema,
  signInInputSchema,
  signInResponseSchema,
} from '@parley/contracts';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from '../../auth/session-cookie';
import { clientOf } from '../../http/client-address';
import { type ApiRouter, errorResponses, jsonResponse, type RouteDeps } from '../../http/router';
import { AppError } from '../../lib/errors';
import { signIn, signOut, toSessionResponse, toSignInResponse } from './auth.service';
import { listOwnSessions, revokeOwnSessionById } from './own-sessions.service';

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
  responses: {
    200: jsonResponse(signInResponseSchema, 'Signed in'),
    ...errorResponses(400, 401, 403, 415, 429),
  },
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
  summary: 'The signed-in user, role, organisation, assurance level and the MFA step still owed',
  responses: { 200: jsonResponse(sessionResponseSchema, 'Current session'), ...errorResponses(401, 403) },
});

const listSessions = createRoute({
  method: 'get',
  path: '/api/auth/sessions',
  summary: "The signed-in user's live sessions, newest first, the current one marked",
  request: { query: listOwnSessionsQuerySchema },
  responses: { 200: jsonResponse(listOwnSessionsResponseSchema, 'A page'), ...errorResponses(400, 401, 403) },
});

const revokeSession = createRoute({
  method: 'delete',
  path: '/api/auth/sessions/{id}',
  summary: 'Sign out one of one’s own sessions (404 for any other)',
  request: { params: sessionIdParamSchema },
  responses: { 204: { description: 'Revoked' }, ...errorResponses(400, 401, 403, 404, 415) },
});

export function registerAuthRoutes(api: ApiRouter, deps: RouteDeps) {
  const secure = deps.config.isHttps;

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

  api.openapi(session, (c) => c.json(toSessionResponse(c.get('session'), c.get('actor').role), 200));

  api.openapi(listSessions, async (c) => {
    const page = await listOwnSessions(deps, c.get('session'), c.req.valid('query'));
    return c.json(page, 200);
  });

  api.openapi(revokeSession, async (c) => {
    const current = c.get('session');
    const { id } = c.req.valid('param');
    await revokeOwnSessionById(deps, current, { id });
    // Revoking the session this request came with is signing out.
    if (id === current.sessionId) clearSessionCookie(c, secure);
    return c.body(null, 204);
  });
}
