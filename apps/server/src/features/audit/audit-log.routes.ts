import {
  type AuditExportFormat,
  auditEntryDetailSchema,
  auditEntryIdParamSchema,
  auditMembersResponseSchema,
  exportAuditQuerySchema,
  listAuditEntriesQuerySchema,
  listAuditEntriesResponseSchema,
} from '@parley/contracts';
import { type ApiRouter, apiRoute, type RouteDeps } from '../../http/router';
import {
  getAuditEntry,
  listAuditLog,
  listAuditMembers,
  startAuditExport,
  streamAuditExport,
} from './audit-log.service';

const list = apiRoute({
  method: 'get',
  path: '/api/audit/entries',
  summary: "The organisation's audit entries, newest first: search, filters and cursor pages",
  query: listAuditEntriesQuerySchema,
  ok: { status: 200, schema: listAuditEntriesResponseSchema, description: 'A page' },
  errors: [400, 401, 403],
});

const exportRoute = apiRoute({
  method: 'get',
  path: '/api/audit/export',
  summary: 'The filtered entries as CSV or JSON Lines, oldest first, streamed as an attachment (audited)',
  query: exportAuditQuerySchema,
  ok: { status: 200, description: 'text/csv or application/x-ndjson, as an attachment' },
  errors: [400, 401, 403],
});

const getOne = apiRoute({
  method: 'get',
  path: '/api/audit/entries/{id}',
  summary: 'One audit entry: its details, recorded changes and place in the chain',
  params: auditEntryIdParamSchema,
  ok: { status: 200, schema: auditEntryDetailSchema, description: 'The entry' },
  errors: [400, 401, 403, 404],
});

const members = apiRoute({
  method: 'get',
  path: '/api/audit/members',
  summary: "The organisation's members, for the Audit Logs user filter",
  ok: { status: 200, schema: auditMembersResponseSchema, description: 'Members by name' },
  errors: [401, 403],
});

const CONTENT_TYPES: Record<AuditExportFormat, string> = {
  csv: 'text/csv; charset=utf-8; header=present',
  jsonl: 'application/x-ndjson; charset=utf-8',
};

/** The download's name: the organisation's audit log as of the export's time (UTC). */
export function auditExportFileName(now: Date, format: AuditExportFormat): string {
  const stamp = now.toISOString().slice(0, 19).replaceAll(':', '').replace('T', '-');
  return `parley-audit-log-${stamp}.${format}`;
}

/** The Audit Logs screen (docs/product.md §2 Audit logs): list, entry and export. */
export function registerAuditLogRoutes(api: ApiRouter, deps: RouteDeps) {
  api.openapi(list, async (c) => c.json(await listAuditLog(deps, c.get('actor'), c.req.valid('query')), 200));

  api.openapi(members, async (c) => c.json(await listAuditMembers(deps, c.get('actor')), 200));

  api.openapi(getOne, async (c) =>
    c.json(await getAuditEntry(deps, c.get('actor'), { id: c.req.valid('param').id }), 200),
  );

  api.openapi(exportRoute, async (c) => {
    const actor = c.get('actor');
    const { format, ...filter } = c.req.valid('query');
    const exported = await startAuditExport(deps, actor, { format, filter });
    c.header('Content-Type', CONTENT_TYPES[format]);
    c.header(
      'Content-Disposition',
      `attachment; filename="${auditExportFileName(deps.clock.now(), format)}"`,
    );
    c.header('Cache-Control', 'no-store');
    const chunks = streamAuditExport(deps, actor, exported, { signal: c.req.raw.signal });
    return c.body(ReadableStream.from(chunks).pipeThrough(new TextEncoderStream()), 200);
  });
}
