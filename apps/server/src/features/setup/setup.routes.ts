import { createRoute } from '@hono/zod-openapi';
import { completeSetupInputSchema, signInResponseSchema } from '@parley/contracts';
import { setSessionCookie } from '../../auth/session-cookie';
import { clientOf } from '../../http/client-address';
import { type ApiRouter, errorResponses, type RouteDeps } from '../../http/router';
import { toSignInResponse } from '../auth/auth.service';
import { completeSetup } from './setup.service';

const complete = createRoute({
  method: 'post',
  path: '/api/setup',
  summary: 'Consume the first-start link: create the first organisation and its admin, signed in',
  request: {
    body: { required: true, content: { 'application/json': { schema: completeSetupInputSchema } } },
  },
  responses: {
    200: {
      description: 'Created and signed in',
      content: { 'application/json': { schema: signInResponseSchema } },
    },
    ...errorResponses(400, 409, 415),
  },
});

export function registerSetupRoutes(api: ApiRouter, deps: RouteDeps) {
  api.openapi(complete, async (c) => {
    const input = c.req.valid('json');
    const result = await completeSetup(deps, { ...input, ...clientOf(c) });
    setSessionCookie(c, result, deps.config.isHttps);
    return c.json(toSignInResponse(result), 200);
  });
}
