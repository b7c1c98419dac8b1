import { Readable } from 'node:stream';
import { evidenceSelectionQuerySchema, messageIdParamSchema } from '@parley/contracts';
import { type ApiRouter, apiRoute, type RouteDeps } from '../../http/router';
import { selectionEvidencePack, threadEvidencePack } from './evidence.service';

const thread = apiRoute({
  method: 'get',
  path: '/api/messages/{id}/evidence',
  summary: "One thread's evidence pack: a signed zip, verifiable offline (audited)",
  params: messageIdParamSchema,
  ok: { status: 200, description: 'application/zip, as an attachment' },
  errors: [400, 401, 403, 404],
});

const selection = apiRoute({
  method: 'get',
  path: '/api/audit/evidence',
  summary: 'The evidence pack of an investor, a fund or a period: a signed zip (audited)',
  query: evidenceSelectionQuerySchema,
  ok: { status: 200, description: 'application/zip, as an attachment' },
  errors: [400, 401, 403],
});

function zipResponse(file: { fileName: string; stream: Readable }) {
  return new Response(Readable.toWeb(file.stream) as ReadableStream, {
    status: 200,
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${file.fileName}"`,
      'Cache-Control': 'no-store',
    },
  });
}

/** Evidence packs (docs/decisions/031-evidence-packs.md). */
export function registerEvidenceRoutes(api: ApiRouter, deps: RouteDeps) {
  api.openapi(thread, async (c) =>
    zipResponse(await threadEvidencePack(deps, c.get('actor'), c.req.valid('param').id)),
  );
  api.openapi(selection, async (c) => {
    const q = c.req.valid('query');
    const day = (d: string | undefined) => (d ? new Date(`${d}T00:00:00Z`) : undefined);
    const from = day(q.from);
    const to = day(q.to);
    return zipResponse(
      await selectionEvidencePack(deps, c.get('actor'), {
        ...(q.investor ? { investorEmail: q.investor } : {}),
        ...(q.project ? { projectId: q.project } : {}),
        ...(from ? { from } : {}),
        ...(to ? { to } : {}),
      }),
    );
  });
}
