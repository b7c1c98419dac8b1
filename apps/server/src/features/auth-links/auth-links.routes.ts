import { createRoute, type z } from '@hono/zod-openapi';
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
import { type ApiRouter, errorResponses, jsonResponse, type RouteDeps } from '../../http/router';
import { toSignInResponse } from '../auth/auth.service';
import {
  completePasswordReset,
  consumeMagicLink,
  requestMagicLink,
  requestPasswordReset,
} from './auth-links.service';

const body = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
});
/** Statuses the shared errorResponses helper does not list: a dead link, a failed delivery. */
const linkExpired = { 410: jsonResponse(errorResponseSchema, 'The link is unknown, used or expired') };
const mailNotSent = {
  502: jsonResponse(errorResponseSchema, 'The mail server refused the mail; it stays in the outbox'),
};

const requestMagicLinkRoute = createRoute({
  method: 'post',
  path: '/api/auth/magic-link',
  summary: 'E-mail an active member a single-use sign-in link valid 15 minutes (invite check first)',
  request: body(magicLinkRequestSchema),
  responses: {
    200: jsonResponse(authLinkMessageResponseSchema, 'Sent'),
    ...errorResponses(400, 403, 415, 429),
    ...mailNotSent,
  },
});

const consumeMagicLinkRoute = createRoute({
  method: 'post',
  path: '/api/auth/magic-link/consume',
  summary: 'Use a sign-in link up and sign in; says which MFA step comes next, as password sign-in does',
  request: body(consumeMagicLinkInputSchema),
  responses: {
    200: jsonResponse(signInResponseSchema, 'Signed in'),
    ...errorResponses(400, 403, 415),
    ...linkExpired,
  },
});

const requestPasswordResetRoute = createRoute({
  method: 'post',
  path: '/api/auth/password-reset',
  summary: 'E-mail a single-use reset link valid one hour; the same answer whether or not the e-mail exists',
  request: body(passwordResetRequestSchema),
  responses: {
    200: jsonResponse(authLinkMessageResponseSchema, 'Requested'),
    ...errorResponses(400, 403, 415, 429),
  },
});

const completePasswordResetRoute = createRoute({
  method: 'post',
  path: '/api/auth/password-reset/complete',
  summary: 'Use a reset link up: set the new password and sign the user out everywhere',
  request: body(completePasswordResetInputSchema),
  responses: {
    200: jsonResponse(authLinkMessageResponseSchema, 'Password changed'),
    ...errorResponses(400, 403, 415),
    ...linkExpired,
  },
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
