import {
  passkeyListResponseSchema,
  passkeyOptionsResponseSchema,
  passkeySchema,
  registerPasskeyInputSchema,
  registerPasskeyResponseSchema,
  renamePasskeyInputSchema,
  verifyPasskeyInputSchema,
  verifyPasskeyResponseSchema,
} from '@parley/contracts';
import { z } from 'zod';
import { setSessionCookie } from '../../auth/session-cookie';
import { type ApiRouter, apiRoute, type RouteDeps } from '../../http/router';
import {
  readPasskeys,
  registerPasskey,
  removeOwnPasskey,
  renameOwnPasskey,
  startPasskeyAuthentication,
  startPasskeyRegistration,
  verifyPasskey,
} from './passkeys.service';

const idParams = z.object({ id: z.uuid({ error: 'Not a passkey id' }) });

const list = apiRoute({
  method: 'get',
  path: '/api/mfa/passkeys',
  summary: "The signed-in user's own passkeys (no key material)",
  ok: { status: 200, schema: passkeyListResponseSchema, description: 'The passkeys, oldest first' },
  errors: [401, 403],
});

const registrationOptions = apiRoute({
  method: 'post',
  path: '/api/mfa/passkeys/registration/options',
  summary:
    'Options for navigator.credentials.create: a first factor at enrolment, else after a verification in the last 5 minutes',
  ok: {
    status: 200,
    schema: passkeyOptionsResponseSchema,
    description: 'PublicKeyCredentialCreationOptionsJSON',
  },
  errors: [401, 403, 415],
});

const register = apiRoute({
  method: 'post',
  path: '/api/mfa/passkeys/registration',
  summary:
    'Store a passkey from its verified registration; a first factor gets recovery codes and an aal1 session reaches aal2 (new cookie)',
  body: registerPasskeyInputSchema,
  ok: {
    status: 200,
    schema: registerPasskeyResponseSchema,
    description: 'The passkey, and recovery codes if first',
  },
  errors: [400, 401, 403, 415],
});

const authenticationOptions = apiRoute({
  method: 'post',
  path: '/api/mfa/passkeys/authentication/options',
  summary: "Options for navigator.credentials.get offering the user's passkeys",
  ok: {
    status: 200,
    schema: passkeyOptionsResponseSchema,
    description: 'PublicKeyCredentialRequestOptionsJSON',
  },
  errors: [401, 403, 409, 415],
});

const authenticate = apiRoute({
  method: 'post',
  path: '/api/mfa/passkeys/authentication',
  summary:
    'A passkey after the password (the session reaches aal2, new cookie) or as step-up; a copied passkey is refused',
  body: verifyPasskeyInputSchema,
  ok: {
    status: 200,
    schema: verifyPasskeyResponseSchema,
    description: 'success, or a refused answer with the attempts left',
  },
  errors: [400, 401, 403, 415, 429],
});

const rename = apiRoute({
  method: 'patch',
  path: '/api/mfa/passkeys/{id}',
  summary: "Rename one's own passkey",
  params: idParams,
  body: renamePasskeyInputSchema,
  ok: { status: 200, schema: passkeySchema, description: 'The renamed passkey' },
  errors: [400, 401, 403, 404, 415],
});

const remove = apiRoute({
  method: 'delete',
  path: '/api/mfa/passkeys/{id}',
  summary:
    "Remove one's own passkey (needs a verification from the last 5 minutes; not the last required factor)",
  params: idParams,
  ok: { status: 204, description: 'Removed' },
  errors: [400, 401, 403, 404, 409, 415],
});

/** Passkeys as a second factor (docs/decisions/057-passkeys.md). */
export function registerPasskeyRoutes(api: ApiRouter, deps: RouteDeps) {
  const secure = deps.config.isHttps;

  api.openapi(list, async (c) => c.json(await readPasskeys(deps, c.get('session')), 200));

  api.openapi(registrationOptions, async (c) =>
    c.json(await startPasskeyRegistration(deps, c.get('session')), 200),
  );

  api.openapi(register, async (c) => {
    const { result, rotated } = await registerPasskey(deps, c.get('session'), c.req.valid('json'));
    if (rotated) setSessionCookie(c, rotated, secure);
    return c.json(result, 200);
  });

  api.openapi(authenticationOptions, async (c) =>
    c.json(await startPasskeyAuthentication(deps, c.get('session')), 200),
  );

  api.openapi(authenticate, async (c) => {
    const { result, rotated } = await verifyPasskey(deps, c.get('session'), c.req.valid('json'));
    if (rotated) setSessionCookie(c, rotated, secure);
    return c.json(result, 200);
  });

  api.openapi(rename, async (c) =>
    c.json(
      await renameOwnPasskey(deps, c.get('session'), { id: c.req.valid('param').id, ...c.req.valid('json') }),
      200,
    ),
  );

  api.openapi(remove, async (c) => {
    await removeOwnPasskey(deps, c.get('session'), {
      id: c.req.valid('param').id,
      role: c.get('actor').role,
    });
    return c.body(null, 204);
  });
}
