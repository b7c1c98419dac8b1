import { createRoute, type z } from '@hono/zod-openapi';
import {
  draftVersionParamSchema,
  draftVersionSchema,
  generateDraftResponseSchema,
  listDraftVersionsResponseSchema,
  messageIdParamSchema,
  saveDraftInputSchema,
} from '@parley/contracts';
import { type ApiRouter, errorResponses, type RouteDeps } from '../../http/router';
import {
  type DraftDeps,
  generateDraft,
  getDraftVersion,
  getDraftVersions,
  getLatestDraft,
  saveDraft,
} from './drafts.service';

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

const generate = createRoute({
  method: 'post',
  path: '/api/messages/{id}/drafts/generate',
  summary: 'SPEC §7 ai-generate: the next version, written by the drafter from the fund’s passages',
  request: { params: messageIdParamSchema },
  responses: {
    201: json(generateDraftResponseSchema, 'The new version'),
    ...errorResponses(400, 401, 403, 404),
  },
});

const save = createRoute({
  method: 'post',
  path: '/api/messages/{id}/drafts',
  summary: 'Save an edit as a new version; 409 when based_on_version is no longer the latest',
  request: {
    params: messageIdParamSchema,
    body: { required: true, content: { 'application/json': { schema: saveDraftInputSchema } } },
  },
  responses: {
    201: json(draftVersionSchema, 'The new version'),
    ...errorResponses(400, 401, 403, 404, 409, 415),
  },
});

const latest = createRoute({
  method: 'get',
  path: '/api/messages/{id}/drafts/latest',
  summary: 'The latest version (404 No draft yet when there is none)',
  request: { params: messageIdParamSchema },
  responses: { 200: json(draftVersionSchema, 'The latest version'), ...errorResponses(400, 401, 403, 404) },
});

const list = createRoute({
  method: 'get',
  path: '/api/messages/{id}/drafts',
  summary: 'Every version of the message’s draft, newest first',
  request: { params: messageIdParamSchema },
  responses: {
    200: json(listDraftVersionsResponseSchema, 'Versions'),
    ...errorResponses(400, 401, 403, 404),
  },
});

const show = createRoute({
  method: 'get',
  path: '/api/messages/{id}/drafts/{version}',
  summary: 'One version with its provenance',
  request: { params: draftVersionParamSchema },
  responses: { 200: json(draftVersionSchema, 'The version'), ...errorResponses(400, 401, 403, 404) },
});

export function registerDraftRoutes(api: ApiRouter, deps: RouteDeps) {
  const draftDeps: DraftDeps = { db: deps.db, clock: deps.clock, drafter: deps.drafter, logger: deps.logger };

  api.openapi(generate, async (c) => {
    const session = c.get('session');
    const draft = await generateDraft(
      draftDeps,
      { userId: session.userId, orgId: session.orgId },
      c.req.valid('param').id,
    );
    return c.json(draft, 201);
  });

  api.openapi(save, async (c) => {
    const session = c.get('session');
    const draft = await saveDraft(
      draftDeps,
      { userId: session.userId, orgId: session.orgId },
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    return c.json(draft, 201);
  });

  api.openapi(latest, async (c) => {
    return c.json(await getLatestDraft(draftDeps, c.get('session').orgId, c.req.valid('param').id), 200);
  });

  api.openapi(list, async (c) => {
    return c.json(await getDraftVersions(draftDeps, c.get('session').orgId, c.req.valid('param').id), 200);
  });

  api.openapi(show, async (c) => {
    const { id, version } = c.req.valid('param');
    return c.json(await getDraftVersion(draftDeps, c.get('session').orgId, id, version), 200);
  });
}
