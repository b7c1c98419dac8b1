import { completeSetupInputSchema, signInResponseSchema } from '@parley/contracts';
import { setSessionCookie } from '../../auth/session-cookie';
import { clientOf } from '../../http/client-address';
import { type ApiRouter, apiRoute, type RouteDeps } from '../../http/router';
import { toSignInResponse } from '../auth/auth.service';
import { completeSetup } from './setup.service';

const complete = apiRoute({
  method: 'post',
  path: '/api/setup',
  summary: 'Consume the first-start link: create the first organisation and its admin, signed in',
  body: completeSetupInputSchema,
  ok: { status: 200, schema: signInResponseSchema, description: 'Created and signed in' },
  errors: [400, 409, 415],
});

export function registerSetupRoutes(api: ApiRouter, deps: RouteDeps) {
  api.openapi(complete, async (c) => {
    const input = c.req.valid('json');
    const result = await completeSetup(deps, { ...input, ...clientOf(c) });
    setSessionCookie(c, result, deps.config.isHttps);
    return c.json(toSignInResponse(result), 200);
  });
}
