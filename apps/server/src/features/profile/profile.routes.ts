import { createRoute } from '@hono/zod-openapi';
import { profileResponseSchema, updateProfileInputSchema } from '@parley/contracts';
import { type ApiRouter, errorResponses, type RouteDeps } from '../../http/router';
import { updateProfileName } from './profile.service';

const update = createRoute({
  method: 'patch',
  path: '/api/profile',
  summary: "Change one's own name (docs/product.md §2 Settings; e-mail and role are changed by an admin)",
  request: {
    body: { required: true, content: { 'application/json': { schema: updateProfileInputSchema } } },
  },
  responses: {
    200: { description: 'The profile', content: { 'application/json': { schema: profileResponseSchema } } },
    ...errorResponses(400, 401, 403, 415),
  },
});

export function registerProfileRoutes(api: ApiRouter, deps: RouteDeps) {
  api.openapi(update, async (c) => {
    const actor = c.get('actor');
    const name = await updateProfileName(deps, actor, c.req.valid('json'));
    return c.json({ name, email: actor.email, role: actor.role }, 200);
  });
}
