import type {
  DocumentPassage,
  ListPassagesQuery,
  ListPassagesResponse,
  PassageDisclosureInput,
} from '@parley/contracts';
import type { Actor } from '../../auth/actor';
import type { ServiceContext } from '../../context';
import { appendAudit } from '../../lib/audit';
import { encodeCursor, invalidCursor, isUuid, parseCursor } from '../../lib/cursor';
import { AppError } from '../../lib/errors';
import {
  findPassage,
  listPassages,
  type PassageCursor,
  type PassageRow,
  updatePassageDisclosure,
} from './passages.queries';
import { findDocument } from './projects.queries';

export function toDocumentPassage(row: PassageRow): DocumentPassage {
  return {
    id: row.id,
    document_id: row.documentId,
    page: row.page,
    ordinal: row.ordinal,
    text: row.text,
    non_public: row.nonPublic,
    public_from: row.publicFrom?.toISOString() ?? null,
  };
}

function encodePassageCursor(row: PassageCursor): string {
  return encodeCursor([String(row.ordinal), row.id]);
}

function parsePassageCursor(value: string): PassageCursor {
  const [ordinal = '', id = ''] = parseCursor(value, 2);
  if (!/^\d{1,9}$/.test(ordinal) || !isUuid(id)) throw invalidCursor();
  return { ordinal: Number(ordinal), id };
}

/** A document's passages in its order, one page at a time; another organisation's document is a 404. */
export async function listPassagesPage(
  ctx: Pick<ServiceContext, 'db'>,
  actor: Pick<Actor, 'orgId'>,
  input: ListPassagesQuery & { projectId: string; documentId: string },
): Promise<ListPassagesResponse> {
  const after = input.cursor === undefined ? null : parsePassageCursor(input.cursor);
  const document = await findDocument(ctx.db, { ...input, orgId: actor.orgId });
  if (!document) throw new AppError('NOT_FOUND');
  const rows = await listPassages(ctx.db, { documentId: document.id, after, limit: input.limit });
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    items: page.map(toDocumentPassage),
    next_cursor: rows.length > input.limit && last ? encodePassageCursor(last) : null,
  };
}

/**
 * Marks one passage non-public (until `public_from`, or until marked public) or public, audited with
 * before and after in the same transaction, like a whole document (docs/decisions/053-non-public-documents.md).
 * The mark lives on the passage's row: re-indexing keeps it while the passage's text is unchanged.
 */
export async function setPassageDisclosure(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  actor: Pick<Actor, 'userId' | 'orgId'>,
  input: PassageDisclosureInput & { projectId: string; documentId: string; passageId: string },
): Promise<DocumentPassage> {
  const row = await ctx.db.transaction(async (tx) => {
    const document = await findDocument(tx, { ...input, orgId: actor.orgId });
    if (!document) throw new AppError('NOT_FOUND');
    const found = await findPassage(tx, { ...input, orgId: actor.orgId });
    if (!found) throw new AppError('NOT_FOUND');
    const publicFrom = input.non_public && input.public_from ? new Date(input.public_from) : null;
    const updated = await updatePassageDisclosure(tx, found.id, { nonPublic: input.non_public, publicFrom });
    const stateOf = (passage: PassageRow) => ({
      non_public: passage.nonPublic,
      public_from: passage.publicFrom?.toISOString() ?? null,
    });
    await appendAudit(tx, ctx.clock, {
      orgId: found.orgId,
      actorId: actor.userId,
      actionType: 'passage_disclosure_changed',
      entityType: 'document_passage',
      entityId: found.id,
      details: {
        project_id: found.projectId,
        document_id: found.documentId,
        file_name: document.fileName,
        page: found.page,
        before: stateOf(found),
        after: stateOf(updated),
      },
    });
    return updated;
  });
  return toDocumentPassage(row);
}
