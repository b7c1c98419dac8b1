import { updateUserSettingsInputSchema, userSettingsResponseSchema } from '@parley/contracts';
import { type ApiRouter, apiRoute, type RouteDeps } from '../../http/router';
import { getUserSettings, updateUserSettings } from './settings.service';

const read = apiRoute({
  method: 'get',
  path: '/api/settings',
  summary: "One's own e-mail signature and notification toggles (docs/product.md §2 Settings)",
  ok: { status: 200, schema: userSettingsResponseSchema, description: 'The settings' },
  errors: [401, 403],
});

const update = apiRoute({
  method: 'patch',
  path: '/api/settings',
  summary: "Change one's own e-mail signature or notification toggles; absent keys stay",
  body: updateUserSettingsInputSchema,
  ok: { status: 200, schema: userSettingsResponseSchema, description: 'The settings' },
  errors: [400, 401, 403, 415],
});

export function registerSettingsRoutes(api: ApiRouter, deps: RouteDeps) {
  api.openapi(read, async (c) => c.json(await getUserSettings(deps, c.get('actor')), 200));
  api.openapi(update, async (c) =>
    c.json(await updateUserSettings(deps, c.get('actor'), c.req.valid('json')), 200),
  );
}
