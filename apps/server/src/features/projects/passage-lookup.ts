import { type AnyColumn, and, eq, inArray, or, sql } from 'drizzle-orm';
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

function lookupIds(ids: readonly (string | null | undefined)[], max = PASSAGE_LOOKUP_MAX): string[] {
  return [...new Set(ids)]
    .filter((id): id is string => typeof id === 'string' && UUID.test(id))
    .slice(0, max);
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

/** How many ids one state lookup reads at most: a page of the Disclosures ledger cites a few hundred at most. */
export const DISCLOSURE_LOOKUP_MAX = 2000;

/** What a cited document and passage are now, for Regulation FD (docs/decisions/053-non-public-documents.md). */
export type CitationDisclosure = {
  /** The cited passage while it still exists (re-indexing keeps a passage whose text is unchanged). */
  passageId: string | null;
  /** The citation's document: its `document_id`, or for older citations the document of its passage. */
  documentId: string | null;
  /** The document's file name now, and the passage's page; null when the row is gone. */
  fileName: string | null;
  page: number | null;
  /** Marked non-public and not yet public by the database's clock, the document and the passage each. */
  documentNonPublic: boolean;
  passageNonPublic: boolean;
};

/** A mark in effect now: non-public with no public date or one still ahead, by the database's clock. */
function inEffect(nonPublic: AnyColumn, publicFrom: AnyColumn) {
  return sql<boolean>`(${nonPublic} and (${publicFrom} is null or ${publicFrom} > now()))`;
}

/**
 * The disclosure state of each citation (in the same order), read in one statement: the documents the
 * citations name or whose passages they cite, each with the cited passages it still holds. The
 * database's clock decides 'now', as the checks run in transactions without the application's clock.
 * A citation that names no existing document or passage of the organisation comes back all null/false.
 */
export async function findCitationDisclosures(
  db: DbOrTx,
  input: { orgId: string; citations: readonly { id: string; document_id?: string | null | undefined }[] },
): Promise<CitationDisclosure[]> {
  const passageIds = lookupIds(
    input.citations.map((c) => c.id),
    DISCLOSURE_LOOKUP_MAX,
  );
  const documentIds = lookupIds(
    input.citations.map((c) => c.document_id),
    DISCLOSURE_LOOKUP_MAX,
  );
  const none = (): CitationDisclosure => ({
    passageId: null,
    documentId: null,
    fileName: null,
    page: null,
    documentNonPublic: false,
    passageNonPublic: false,
  });
  if (passageIds.length === 0 && documentIds.length === 0) return input.citations.map(none);
  // The cited passages' documents, by primary key; the outer document_passages is the left join's.
  const documentsOfPassages = db
    .select({ documentId: documentPassages.documentId })
    .from(documentPassages)
    .where(and(eq(documentPassages.orgId, input.orgId), inArray(documentPassages.id, passageIds)));
  const rows = await db
    .select({
      documentId: projectDocuments.id,
      fileName: projectDocuments.fileName,
      documentNonPublic: inEffect(projectDocuments.nonPublic, projectDocuments.publicFrom),
      passageId: documentPassages.id,
      page: documentPassages.page,
      passageNonPublic: inEffect(documentPassages.nonPublic, documentPassages.publicFrom),
    })
    .from(projectDocuments)
    .leftJoin(
      documentPassages,
      and(
        eq(documentPassages.documentId, projectDocuments.id),
        passageIds.length > 0 ? inArray(documentPassages.id, passageIds) : sql`false`,
      ),
    )
    .where(
      and(
        eq(projectDocuments.orgId, input.orgId),
        or(
          documentIds.length > 0 ? inArray(projectDocuments.id, documentIds) : undefined,
          passageIds.length > 0 ? inArray(projectDocuments.id, documentsOfPassages) : undefined,
        ),
      ),
    );
  const documents = new Map(rows.map((r) => [r.documentId, r]));
  const passages = new Map(rows.flatMap((r) => (r.passageId ? [[r.passageId, r] as const] : [])));
  return input.citations.map((citation) => {
    const passage = passages.get(citation.id);
    const documentId = citation.document_id ?? passage?.documentId ?? null;
    const document = documentId ? documents.get(documentId) : undefined;
    if (!document) return { ...none(), documentId };
    // A passage counts only within the citation's own document (it never moves between documents).
    const own = passage && passage.documentId === document.documentId ? passage : undefined;
    return {
      passageId: own?.passageId ?? null,
      documentId: document.documentId,
      fileName: document.fileName,
      page: own?.page ?? null,
      documentNonPublic: Boolean(document.documentNonPublic),
      passageNonPublic: Boolean(own?.passageNonPublic),
    };
  });
}
