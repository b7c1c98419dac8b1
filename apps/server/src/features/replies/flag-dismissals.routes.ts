import {
  dismissFlagInputSchema,
  draftVersionParamSchema,
  draftVersionSchema,
  listFlagDismissalsQuerySchema,
  listFlagDismissalsResponseSchema,
  restoreFlagInputSchema,
} from '@parley/contracts';
import { type ApiRouter, apiRoute, type RouteDeps } from '../../http/router';
import {
  dismissFlag,
  exportFlagDismissals,
  listFlagDismissals,
  recordFlagDismissalsExport,
  restoreFlag,
} from './flag-dismissals';

const dismiss = apiRoute({
  method: 'post',
  path: '/api/messages/{id}/drafts/{version}/flags/dismiss',
  summary: 'Mark a flag of the version’s stored check ‘not a problem here’ with a reason (audited)',
  params: draftVersionParamSchema,
  body: dismissFlagInputSchema,
  ok: {
    status: 200,
    schema: draftVersionSchema,
    description: 'The version, its flags with their dismissals',
  },
  errors: [400, 401, 403, 404, 409, 415],
});

const restore = apiRoute({
  method: 'post',
  path: '/api/messages/{id}/drafts/{version}/flags/restore',
  summary: 'Undo ‘not a problem here’: the flag counts again (audited)',
  params: draftVersionParamSchema,
  body: restoreFlagInputSchema,
  ok: {
    status: 200,
    schema: draftVersionSchema,
    description: 'The version, its flags with their dismissals',
  },
  errors: [400, 401, 403, 404, 409, 415],
});

const list = apiRoute({
  method: 'get',
  path: '/api/compliance/flag-dismissals',
  summary: 'Cleared flags: live ‘not a problem here’ dismissals, newest first, searchable by term or reason',
  query: listFlagDismissalsQuerySchema,
  ok: { status: 200, schema: listFlagDismissalsResponseSchema, description: 'A page' },
  errors: [400, 401, 403],
});

const exportRoute = apiRoute({
  method: 'get',
  path: '/api/compliance/flag-dismissals/export',
  summary: 'The cleared sentences as labelled examples (JSONL) for the checker’s next training run (audited)',
  ok: { status: 200, description: 'application/x-ndjson: one JSON object per line, as an attachment' },
  errors: [401, 403],
});

/** The download's name: the organisation's examples of the day. */
function exportFileName(now: Date): string {
  return `parley-cleared-flags-${now.toISOString().slice(0, 10)}.jsonl`;
}

/** 'Not a problem here' on a draft's flags, and the Compliance center's Cleared flags and export. */
export function registerFlagDismissalRoutes(api: ApiRouter, deps: RouteDeps) {
  api.openapi(dismiss, async (c) => {
    const { id, version } = c.req.valid('param');
    const input = { messageId: id, version, ...c.req.valid('json') };
    return c.json(await dismissFlag(deps, c.get('actor'), input), 200);
  });

  api.openapi(restore, async (c) => {
    const { id, version } = c.req.valid('param');
    const input = { messageId: id, version, ...c.req.valid('json') };
    return c.json(await restoreFlag(deps, c.get('actor'), input), 200);
  });

  api.openapi(list, async (c) => {
    return c.json(await listFlagDismissals(deps, c.get('actor'), c.req.valid('query')), 200);
  });

  api.openapi(exportRoute, async (c) => {
    const actor = c.get('actor');
    const fileName = exportFileName(deps.clock.now());
    await recordFlagDismissalsExport(deps, actor, fileName);
    c.header('Content-Type', 'application/x-ndjson; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="${fileName}"`);
    const lines = ReadableStream.from(exportFlagDismissals(deps, actor));
    return c.body(lines.pipeThrough(new TextEncoderStream()), 200);
  });
}
