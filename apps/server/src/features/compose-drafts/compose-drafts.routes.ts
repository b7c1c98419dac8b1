import { composeDraftInputSchema, composeDraftResponseSchema } from '@parley/contracts';
import { type ApiRouter, apiRoute, type RouteDeps } from '../../http/router';
import { discardComposeDraft, getComposeDraft, saveComposeDraft } from './compose-drafts.service';

const read = apiRoute({
  method: 'get',
  path: '/api/compose-draft',
  summary: "One's own unfinished 'Log investor message' form, or null",
  ok: { status: 200, schema: composeDraftResponseSchema, description: 'The draft' },
  errors: [401, 403],
});

const save = apiRoute({
  method: 'put',
  path: '/api/compose-draft',
  summary: "Keep one's unfinished 'Log investor message' form on the server (an empty one deletes it)",
  body: composeDraftInputSchema,
  ok: { status: 200, schema: composeDraftResponseSchema, description: 'The saved draft' },
  errors: [400, 401, 403, 415],
});

const discard = apiRoute({
  method: 'delete',
  path: '/api/compose-draft',
  summary: "Discard one's unfinished 'Log investor message' form",
  ok: { status: 204, description: 'Discarded' },
  errors: [401, 403, 415],
});

export function registerComposeDraftRoutes(api: ApiRouter, deps: RouteDeps) {
  api.openapi(read, async (c) => c.json(await getComposeDraft(deps, c.get('actor')), 200));
  api.openapi(save, async (c) =>
    c.json(await saveComposeDraft(deps, c.get('actor'), c.req.valid('json')), 200),
  );
  api.openapi(discard, async (c) => {
    await discardComposeDraft(deps, c.get('actor'));
    return c.body(null, 204);
  });
}
