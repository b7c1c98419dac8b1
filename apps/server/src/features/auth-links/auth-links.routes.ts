import {
  authLinkMessageResponseSchema,
  completePasswordResetInputSchema,
  consumeMagicLinkInputSchema,
  errorResponseSchema,
  magicLinkRequestSchema,
  passwordResetRequestSchema,
  signInResponseSchema,
} from '@parley/contracts';
import { setSessionCookie } from '../../auth/session-cookie';
import { clientOf } from '../../http/client-address';
import { type ApiRouter, apiRoute, jsonResponse, type RouteDeps } from '../../http/router';
import { toSignInResponse } from '../auth/auth.service';
import {
  completePasswordReset,
  consumeMagicLink,
  requestMagicLink,
  requestPasswordReset,
} from './auth-links.service';

/** A status the shared errorResponses helper does not list: a dead link. */
const linkExpired = { 410: jsonResponse(errorResponseSchema, 'The link is unknown, used or expired') };

const requestMagicLinkRoute = apiRoute({
  method: 'post',
  path: '/api/auth/magic-link',
  summary:
    'E-mail an active member a single-use sign-in link valid 15 minutes; the same answer whether or not the e-mail is a member’s',
  body: magicLinkRequestSchema,
  ok: { status: 200, schema: authLinkMessageResponseSchema, description: 'Requested' },
  errors: [400, 403, 415, 429],
});

const consumeMagicLinkRoute = apiRoute({
  method: 'post',
  path: '/api/auth/magic-link/consume',
  summary: 'Use a sign-in link up and sign in; says which MFA step comes next, as password sign-in does',
  body: consumeMagicLinkInputSchema,
  ok: { status: 200, schema: signInResponseSchema, description: 'Signed in' },
  errors: [400, 403, 415],
  responses: linkExpired,
});

const requestPasswordResetRoute = apiRoute({
  method: 'post',
  path: '/api/auth/password-reset',
  summary: 'E-mail a single-use reset link valid one hour; the same answer whether or not the e-mail exists',
  body: passwordResetRequestSchema,
  ok: { status: 200, schema: authLinkMessageResponseSchema, description: 'Requested' },
  errors: [400, 403, 415, 429],
});

const completePasswordResetRoute = apiRoute({
  method: 'post',
  path: '/api/auth/password-reset/complete',
  summary: 'Use a reset link up: set the new password and sign the user out everywhere',
  body: completePasswordResetInputSchema,
  ok: { status: 200, schema: authLinkMessageResponseSchema, description: 'Password changed' },
  errors: [400, 403, 415],
  responses: linkExpired,
});

export function registerAuthLinkRoutes(api: ApiRouter, deps: RouteDeps) {
  const secure = deps.config.isHttps;

  api.openapi(requestMagicLinkRoute, async (c) => {
    const result = await requestMagicLink(deps, { ...c.req.valid('json'), ...clientOf(c) });
    return c.json(result, 200);
  });

  api.openapi(consumeMagicLinkRoute, async (c) => {
    const result = await consumeMagicLink(deps, { ...c.req.valid('json'), ...clientOf(c) });
    setSessionCookie(c, result, secure);
    return c.json(toSignInResponse(result), 200);
  });

  api.openapi(requestPasswordResetRoute, async (c) => {
    const result = await requestPasswordReset(deps, { ...c.req.valid('json'), ...clientOf(c) });
    return c.json(result, 200);
  });

  api.openapi(completePasswordResetRoute, async (c) => {
    const result = await completePasswordReset(deps, { ...c.req.valid('json'), ...clientOf(c) });
    return c.json(result, 200);
  });
}
