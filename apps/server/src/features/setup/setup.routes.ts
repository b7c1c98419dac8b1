import { completeSetupInputSchema, setupStatusResponseSchema, signInResponseSchema } from '@parley/contracts';
import { setSessionCookie } from '../../auth/session-cookie';
import { clientOf } from '../../http/client-address';
import { type ApiRouter, apiRoute, type RouteDeps } from '../../http/router';
import { toSignInResponse } from '../auth/auth.service';
import { completeSetup, isSetUp } from './setup.service';

const complete = apiRoute({
  method: 'post',
  path: '/api/setup',
  summary: 'Consume the first-start link: create the first organisation and its admin, signed in',
  body: completeSetupInputSchema,
  ok: { status: 200, schema: signInResponseSchema, description: 'Created and signed in' },
  errors: [400, 409, 415],
});

const status = apiRoute({
  method: 'get',
  path: '/api/setup',
  summary: 'Whether the instance is set up (has any user), so /setup can say so and link to sign-in',
  ok: { status: 200, schema: setupStatusResponseSchema, description: 'The setup status' },
  errors: [],
});

export function registerSetupRoutes(api: ApiRouter, deps: RouteDeps) {
  api.openapi(status, async (c) => c.json({ is_set_up: await isSetUp(deps) }, 200));
  api.openapi(complete, async (c) => {
    const input = c.req.valid('json');
    const result = await completeSetup(deps, { ...input, ...clientOf(c) });
    setSessionCookie(c, result, deps.config.isHttps);
    return c.json(toSignInResponse(result), 200);
  });
}
