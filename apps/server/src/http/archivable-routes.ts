import type { z } from '@hono/zod-openapi';
import { complianceDeletedResponseSchema } from '@parley/contracts';
import type { Context as HonoContext } from 'hono';
import type { Actor } from '../auth/actor';
import type { AppEnv } from './env';
import { type ApiRouter, apiRoute, type RouteDeps } from './router';

type Context = HonoContext<AppEnv>;

type IdParamSchema = z.ZodObject<{ id: z.ZodType<string> }>;

/**
 * The Compliance center's kept lists (approved templates, library answers) are written the same way:
 * POST the collection to add an entry (201), PATCH `/{id}` to change it, DELETE `/{id}` to archive it
 * (never deleted: docs/decisions/028-answer-library.md). One definition of those three routes, so their
 * statuses and envelopes cannot drift apart; each service keeps its own rules and audit.
 */
export function registerArchivableRoutes<
  const P extends string,
  Entry extends z.ZodType,
  Create extends z.ZodType,
  Update extends z.ZodType,
>(
  api: ApiRouter,
  deps: RouteDeps,
  spec: {
    /** The collection, e.g. `/api/compliance/templates`. */
    path: P;
    idParam: IdParamSchema;
    entry: { schema: Entry; description: string };
    create: {
      summary: string;
      body: Create;
      run: (deps: RouteDeps, actor: Actor, input: z.output<Create>) => Promise<z.input<Entry>>;
    };
    update: {
      summary: string;
      body: Update;
      run: (
        deps: RouteDeps,
        actor: Actor,
        input: { id: string } & z.output<Update>,
      ) => Promise<z.input<Entry>>;
    };
    archive: {
      summary: string;
      run: (deps: RouteDeps, actor: Actor, input: { id: string }) => Promise<void>;
    };
  },
) {
  const { path, idParam, entry } = spec;
  const create = apiRoute({
    method: 'post',
    path,
    summary: spec.create.summary,
    body: spec.create.body,
    ok: { status: 201, schema: entry.schema, description: entry.description },
    errors: [400, 401, 403, 415],
  });
  const update = apiRoute({
    method: 'patch',
    path: `${path}/{id}`,
    summary: spec.update.summary,
    params: idParam,
    body: spec.update.body,
    ok: { status: 200, schema: entry.schema, description: entry.description },
    errors: [400, 401, 403, 404, 415],
  });
  const archive = apiRoute({
    method: 'delete',
    path: `${path}/{id}`,
    summary: spec.archive.summary,
    params: idParam,
    ok: { status: 200, schema: complianceDeletedResponseSchema, description: 'Archived' },
    errors: [400, 401, 403, 404],
  });

  // Hono's per-route types do not resolve over a generic path and schemas: the handlers read the
  // validated input as the spec's own types say (the schemas still validate it before they run).
  api.openapi(create, (async (c: Context) => {
    const input = c.req.valid('json' as never) as z.output<Create>;
    return c.json(await spec.create.run(deps, c.get('actor'), input), 201);
  }) as never);
  api.openapi(update, (async (c: Context) => {
    const { id } = c.req.valid('param' as never) as { id: string };
    const input = { id, ...(c.req.valid('json' as never) as object) } as { id: string } & z.output<Update>;
    return c.json(await spec.update.run(deps, c.get('actor'), input), 200);
  }) as never);
  api.openapi(archive, (async (c: Context) => {
    const { id } = c.req.valid('param' as never) as { id: string };
    await spec.archive.run(deps, c.get('actor'), { id });
    return c.json({ success: true as const }, 200);
  }) as never);
}
