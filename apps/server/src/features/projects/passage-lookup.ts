import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { documentPassages, projectDocuments } from '../../db/schema';

// The passages and documents a draft cites, read by id: a public module of this feature beside
// passage-search, as replies may not read its queries (docs/decisions/018-import-boundaries.md).

export type CitedPassage = {
  passageId: string;
  documentId: string;
  projectId: string;
  fileName: string;
  page: number | null;
  text: string;
};

/** doc_path names the document and page: `<file name>#page=<n>`, or the file name alone. */
export function docPathOf(fileName: string, page: number | null): string {
  return page === null ? fileName : `${fileName}#page=${page}`;
}

/** An id that is not a uuid names no row (and would fail the uuid comparison). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How many ids one lookup reads at most: a version cites a handful, never this many. */
export const PASSAGE_LOOKUP_MAX = 200;

function lookupIds(ids: readonly (string | null | undefined)[]): string[] {
  return [...new Set(ids)]
    .filter((id): id is string => typeof id === 'string' && UUID.test(id))
    .slice(0, PASSAGE_LOOKUP_MAX);
}

/**
 * The organisation's passages among `ids` that still exist (re-indexing replaces a document's passages
 * and deleting it removes them, so a citation of one then names nothing), in no particular order.
 */
export async function findPassagesByIds(
  db: DbOrTx,
  input: { orgId: string; ids: readonly string[] },
): Promise<CitedPassage[]> {
  const ids = lookupIds(input.ids);
  if (ids.length === 0) return [];
  return db
    .select({
      passageId: documentPassages.id,
      documentId: documentPassages.documentId,
      projectId: documentPassages.projectId,
      fileName: projectDocuments.fileName,
      page: documentPassages.page,
      text: documentPassages.text,
    })
    .from(documentPassages)
    .innerJoin(projectDocuments, eq(projectDocuments.id, documentPassages.documentId))
    .where(and(eq(documentPassages.orgId, input.orgId), inArray(documentPassages.id, ids)));
}

/** The organisation's documents among `ids` that still exist, with their fund, in no particular order. */
export async function findDocumentsByIds(
  db: DbOrTx,
  input: { orgId: string; ids: readonly (string | null | undefined)[] },
): Promise<{ documentId: string; projectId: string }[]> {
  const ids = lookupIds(input.ids);
  if (ids.length === 0) return [];
  return db
    .select({ documentId: projectDocuments.id, projectId: projectDocuments.projectId })
    .from(projectDocuments)
    .where(and(eq(projectDocuments.orgId, input.orgId), inArray(projectDocuments.id, ids)));
}

/**
 * The organisation's documents among `ids` that are non-public now, by the database's clock: marked
 * so, and with no public date or one still ahead (docs/decisions/053-non-public-documents.md).
 */
export async function findNonPublicDocuments(
  db: DbOrTx,
  input: { orgId: string; ids: readonly (string | null | undefined)[] },
): Promise<{ documentId: string; fileName: string }[]> {
  const ids = lookupIds(input.ids);
  if (ids.length === 0) return [];
  return db
    .select({ documentId: projectDocuments.id, fileName: projectDocuments.fileName })
    .from(projectDocuments)
    .where(
      and(
        eq(projectDocuments.orgId, input.orgId),
        inArray(projectDocuments.id, ids),
        eq(projectDocuments.nonPublic, true),
        or(isNull(projectDocuments.publicFrom), gt(projectDocuments.publicFrom, sql`now()`)),
      ),
    );
}
