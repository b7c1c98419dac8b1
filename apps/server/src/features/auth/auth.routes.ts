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
import { type ApiRouter, apiRoute, type RouteDeps } from '../../http/router';
import { AppError } from '../../lib/errors';
import { signIn, signOut, toSessionResponse, toSignInResponse } from './auth.service';
import { listOwnSessions, revokeOwnSessionById } from './own-sessions.service';

const signUp = apiRoute({
  method: 'post',
  path: '/api/auth/sign-up',
  summary: 'Always refused: Parley is invite-only',
  errors: [403],
});

const signInRoute = apiRoute({
  method: 'post',
  path: '/api/auth/sign-in',
  summary: 'Password sign-in; sets the session cookie and says which MFA step comes next',
  body: signInInputSchema,
  ok: { status: 200, schema: signInResponseSchema, description: 'Signed in' },
  errors: [400, 401, 403, 415, 429],
});

const signOutRoute = apiRoute({
  method: 'post',
  path: '/api/auth/sign-out',
  summary: 'Revoke the current session (idempotent)',
  ok: { status: 204, description: 'Signed out' },
  errors: [403, 415],
});

const session = apiRoute({
  method: 'get',
  path: '/api/auth/session',
  summary: 'The signed-in user, role, organisation, assurance level and the MFA step still owed',
  ok: { status: 200, schema: sessionResponseSchema, description: 'Current session' },
  errors: [401, 403],
});

const listSessions = apiRoute({
  method: 'get',
  path: '/api/auth/sessions',
  summary: "The signed-in user's live sessions, newest first, the current one marked",
  query: listOwnSessionsQuerySchema,
  ok: { status: 200, schema: listOwnSessionsResponseSchema, description: 'A page' },
  errors: [400, 401, 403],
});

const revokeSession = apiRoute({
  method: 'delete',
  path: '/api/auth/sessions/{id}',
  summary: 'Sign out one of one’s own sessions (404 for any other)',
  params: sessionIdParamSchema,
  ok: { status: 204, description: 'Revoked' },
  errors: [400, 401, 403, 404, 415],
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
    await signOut(deps, readSessionCookie(c, secure));
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
