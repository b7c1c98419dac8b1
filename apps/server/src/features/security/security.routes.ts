import {
  errorResponseSchema,
  listMfaStatusQuerySchema,
  listMfaStatusResponseSchema,
  memberMfaStatusSchema,
  mfaStatsResponseSchema,
  resetMemberMfaInputSchema,
  ssoBreakGlassInputSchema,
  ssoBreakGlassResponseSchema,
  systemConfigResponseSchema,
  testMagicLinkResponseSchema,
  updateSystemConfigInputSchema,
  userIdParamSchema,
} from '@parley/contracts';
import { clientOf } from '../../http/client-address';
import { type ApiRouter, apiRoute, jsonResponse, type RouteDeps } from '../../http/router';
import { getBreakGlass, setBreakGlass } from '../sso-policy/sso-required';
import {
  getMfaStats,
  getSystemConfig,
  listMfaStatus,
  resetMemberMfa,
  sendTestMagicLink,
  updateSystemConfig,
} from './security.service';

const mfaStats = apiRoute({
  method: 'get',
  path: '/api/health/auth-mfa',
  summary:
    "docs/product.md §7 health/auth-mfa: the organisation's MFA-enabled members and failed attempts in the last hour",
  ok: { status: 200, schema: mfaStatsResponseSchema, description: 'Counted now' },
  errors: [401, 403],
});

const readConfig = apiRoute({
  method: 'get',
  path: '/api/system-config',
  summary: "docs/product.md §3 system config of the caller's organisation, as booleans",
  ok: { status: 200, schema: systemConfigResponseSchema, description: 'The settings' },
  errors: [401, 403],
});

const updateConfig = apiRoute({
  method: 'patch',
  path: '/api/system-config',
  summary:
    "Turn MFA enforcement, magic links or the drafting fallback on or off (stored as 'true'/'false', audited)",
  body: updateSystemConfigInputSchema,
  ok: { status: 200, schema: systemConfigResponseSchema, description: 'The settings after the change' },
  errors: [400, 401, 403, 409, 415],
});

const readBreakGlass = apiRoute({
  method: 'get',
  path: '/api/security/sso-break-glass',
  summary: 'The break-glass admin: who may still sign in without SSO while it is required (decision 056)',
  ok: { status: 200, schema: ssoBreakGlassResponseSchema, description: 'The admin, or nobody' },
  errors: [401, 403],
});

const setBreakGlassRoute = apiRoute({
  method: 'put',
  path: '/api/security/sso-break-glass',
  summary: 'Name the break-glass admin (an active admin) or nobody (audited)',
  body: ssoBreakGlassInputSchema,
  ok: { status: 200, schema: ssoBreakGlassResponseSchema, description: 'The admin, or nobody' },
  errors: [400, 401, 403, 415],
});

const testMagicLink = apiRoute({
  method: 'post',
  path: '/api/admin/test-magic-link',
  summary: "Send a real magic link to the signed-in admin's own e-mail address",
  ok: { status: 200, schema: testMagicLinkResponseSchema, description: 'Sent' },
  errors: [401, 403, 409, 415, 429],
  responses: {
    502: jsonResponse(errorResponseSchema, 'The mail server refused the mail; it stays in the outbox'),
  },
});

const mfaStatus = apiRoute({
  method: 'get',
  path: '/api/admin/mfa-status',
  summary: "The organisation's members with their MFA state, searched and paged like GET /api/users",
  query: listMfaStatusQuerySchema,
  ok: { status: 200, schema: listMfaStatusResponseSchema, description: 'A page' },
  errors: [400, 401, 403],
});

const resetMfa = apiRoute({
  method: 'post',
  path: '/api/users/{id}/mfa/reset',
  summary:
    "Remove a member's authenticator, passkeys and recovery codes with a reason, sign them out everywhere and tell them by e-mail (audited)",
  params: userIdParamSchema,
  body: resetMemberMfaInputSchema,
  ok: { status: 200, schema: memberMfaStatusSchema, description: 'The member after the reset' },
  errors: [400, 401, 403, 404, 409, 415],
});

/** The Security settings page (docs/product.md §2) and its calls; the organisation is always the session's. */
export function registerSecurityRoutes(api: ApiRouter, deps: RouteDeps) {
  api.openapi(mfaStats, async (c) => {
    return c.json(await getMfaStats(deps, c.get('actor')), 200);
  });

  api.openapi(readConfig, async (c) => {
    return c.json(await getSystemConfig(deps, c.get('actor')), 200);
  });

  api.openapi(updateConfig, async (c) => {
    const config = await updateSystemConfig(deps, c.get('actor'), c.req.valid('json'), c.get('session'));
    return c.json(config, 200);
  });

  api.openapi(readBreakGlass, async (c) => c.json(await getBreakGlass(deps, c.get('actor')), 200));

  api.openapi(setBreakGlassRoute, async (c) =>
    c.json(await setBreakGlass(deps, c.get('actor'), c.req.valid('json')), 200),
  );

  api.openapi(testMagicLink, async (c) => {
    const result = await sendTestMagicLink(deps, c.get('actor'), clientOf(c));
    return c.json(result, 200);
  });

  api.openapi(mfaStatus, async (c) => {
    const page = await listMfaStatus(deps, c.get('actor'), c.req.valid('query'));
    return c.json(page, 200);
  });

  api.openapi(resetMfa, async (c) => {
    const member = await resetMemberMfa(deps, c.get('actor'), {
      userId: c.req.valid('param').id,
      reason: c.req.valid('json').reason,
    });
    return c.json(member, 200);
  });
}
