import {
  mfaCodeResultSchema,
  mfaStatusResponseSchema,
  recoveryCodesResponseSchema,
  totpCodeInputSchema,
  totpSetupResponseSchema,
  verifyEnrollmentResponseSchema,
  verifyLoginInputSchema,
  verifyLoginResponseSchema,
} from '@parley/contracts';
import { setSessionCookie } from '../../auth/session-cookie';
import { type ApiRouter, apiRoute, type RouteDeps } from '../../http/router';
import {
  readMfaStatus,
  regenerateRecoveryCodes,
  removeTotp,
  startTotpSetup,
  stepUp,
  verifyEnrollment,
  verifyLogin,
} from './mfa.service';

const status = apiRoute({
  method: 'get',
  path: '/api/mfa/status',
  summary: "The signed-in user's own MFA state: enrolled, required, recovery codes left, attempts left",
  ok: { status: 200, schema: mfaStatusResponseSchema, description: 'MFA state' },
  errors: [401, 403],
});

const setup = apiRoute({
  method: 'post',
  path: '/api/mfa/totp/setup',
  summary: 'A new TOTP secret with its otpauth URI and QR code (replaces an unverified one)',
  ok: {
    status: 200,
    schema: totpSetupResponseSchema,
    description: 'Scan or type the secret, then verify a code',
  },
  errors: [401, 403, 409, 415],
});

const verifyEnrollmentRoute = apiRoute({
  method: 'post',
  path: '/api/mfa/totp/verify-enrollment',
  summary: 'Verify the first code: the authenticator is enabled, the session reaches aal2 (new cookie)',
  body: totpCodeInputSchema,
  ok: {
    status: 200,
    schema: verifyEnrollmentResponseSchema,
    description: 'success with the ten recovery codes, or a wrong code',
  },
  errors: [400, 401, 403, 409, 415, 429],
});

const verifyLoginRoute = apiRoute({
  method: 'post',
  path: '/api/mfa/totp/verify-login',
  summary: 'A TOTP or recovery code after the password: the session reaches aal2 (new cookie)',
  body: verifyLoginInputSchema,
  ok: {
    status: 200,
    schema: verifyLoginResponseSchema,
    description: 'success, or a wrong code with the attempts left',
  },
  errors: [400, 401, 403, 409, 415, 429],
});

const stepUpRoute = apiRoute({
  method: 'post',
  path: '/api/mfa/step-up',
  summary: 'A current TOTP code before removing the authenticator or regenerating recovery codes',
  body: totpCodeInputSchema,
  ok: {
    status: 200,
    schema: mfaCodeResultSchema,
    description: 'success, or a wrong code with the attempts left',
  },
  errors: [400, 401, 403, 409, 415, 429],
});

const remove = apiRoute({
  method: 'delete',
  path: '/api/mfa/totp',
  summary: 'Remove one’s own authenticator (not when MFA is required; needs a code from the last 5 minutes)',
  ok: { status: 204, description: 'Removed' },
  errors: [401, 403, 409, 415],
});

const regenerate = apiRoute({
  method: 'post',
  path: '/api/mfa/recovery-codes',
  summary: 'Ten new recovery codes, shown once (needs a code from the last 5 minutes)',
  ok: { status: 200, schema: recoveryCodesResponseSchema, description: 'The new codes' },
  errors: [401, 403, 409, 415],
});

/** Enrolment, verification at sign-in, step-up and self-service of one's own factor. */
export function registerMfaRoutes(api: ApiRouter, deps: RouteDeps) {
  const secure = deps.config.isHttps;

  api.openapi(status, async (c) =>
    c.json(await readMfaStatus(deps, c.get('session'), c.get('actor').role), 200),
  );

  api.openapi(setup, async (c) => c.json(await startTotpSetup(deps, c.get('session')), 200));

  api.openapi(verifyEnrollmentRoute, async (c) => {
    const { result, rotated } = await verifyEnrollment(deps, c.get('session'), c.req.valid('json'));
    if (rotated) setSessionCookie(c, rotated, secure);
    return c.json(result, 200);
  });

  api.openapi(verifyLoginRoute, async (c) => {
    const { result, rotated } = await verifyLogin(deps, c.get('session'), c.req.valid('json'));
    if (rotated) setSessionCookie(c, rotated, secure);
    return c.json(result, 200);
  });

  api.openapi(stepUpRoute, async (c) =>
    c.json(await stepUp(deps, c.get('session'), c.req.valid('json')), 200),
  );

  api.openapi(remove, async (c) => {
    await removeTotp(deps, c.get('session'), c.get('actor').role);
    return c.body(null, 204);
  });

  api.openapi(regenerate, async (c) => c.json(await regenerateRecoveryCodes(deps, c.get('session')), 200));
}
