import { profileResponseSchema, updateProfileInputSchema } from '@parley/contracts';
import { type ApiRouter, apiRoute, type RouteDeps } from '../../http/router';
import { updateProfileName } from './profile.service';

const update = apiRoute({
  method: 'patch',
  path: '/api/profile',
  summary: "Change one's own name (docs/product.md §2 Settings; e-mail and role are changed by an admin)",
  body: updateProfileInputSchema,
  ok: { status: 200, schema: profileResponseSchema, description: 'The profile' },
  errors: [400, 401, 403, 415],
});

export function registerProfileRoutes(api: ApiRouter, deps: RouteDeps) {
  api.openapi(update, async (c) => {
    const actor = c.get('actor');
    const name = await updateProfileName(deps, actor, c.req.valid('json'));
    return c.json({ name, email: actor.email, role: actor.role }, 200);
  });
}
