import type { Citation } from '@parley/contracts';
import type { DbOrTx } from '../../db/client';
import type { StoredCitation } from '../../db/schema';
import type { DraftCitation } from '../drafts/drafter';
import { findDocumentsByIds, findPassagesByIds } from '../projects/passage-lookup';
import { citationHighlights } from './citation-highlights';

/**
 * A version's citations as stored and as shown (docs/api.md, citations): a version keeps each cited
 * passage's text and document id, so a regulated firm can show what a reply cited after the document was
 * re-indexed (new passages) or deleted; the API adds the document's current id and fund, and the
 * supporting words.
 */

/**
 * The citations a generated version stores: the drafter's (with the passages' text), each with the id of
 * its passage's document, which outlives the passage when the document is re-indexed.
 */
export async function citationsToStore(
  db: DbOrTx,
  orgId: string,
  citations: readonly DraftCitation[],
): Promise<StoredCitation[]> {
  const found = await findPassagesByIds(db, { orgId, ids: citations.map((c) => c.id) });
  const documentOf = new Map(found.map((p) => [p.passageId, p.documentId]));
  return citations.map((c) => ({ ...c, document_id: documentOf.get(c.id) ?? null }));
}

/** doc_path is `<file name>#page=<n>` or the file name (draft-passages.ts, docPathOf). */
function fileAndPage(docPath: string): { fileName: string; page: number | null } {
  const match = /^(.*)#page=(\d+)$/s.exec(docPath);
  return match ? { fileName: match[1] as string, page: Number(match[2]) } : { fileName: docPath, page: null };
}

/**
 * The version's citations as the API shows them. `text` is the stored text (`cited`), else — a version
 * stored before citations kept it — the passage as indexed now while it exists (`current`), else null.
 * The document is linked while it exists: through the live passage, else the stored document id.
 */
export async function citationsOfVersion(
  db: DbOrTx,
  orgId: string,
  version: { aiDraft: string; citations: readonly StoredCitation[] },
): Promise<Citation[]> {
  const { citations } = version;
  if (citations.length === 0) return [];
  const passages = await findPassagesByIds(db, { orgId, ids: citations.map((c) => c.id) });
  const passageById = new Map(passages.map((p) => [p.passageId, p]));
  const orphans = citations.filter((c) => !passageById.has(c.id)).map((c) => c.document_id);
  const documents = await findDocumentsByIds(db, { orgId, ids: orphans });
  const fundOfDocument = new Map(documents.map((d) => [d.documentId, d.projectId]));

  const resolved = citations.map((c) => {
    const passage = passageById.get(c.id);
    const text = c.text ?? passage?.text ?? null;
    const source = typeof c.text === 'string' ? 'cited' : passage ? 'current' : null;
    const storedFund = c.document_id ? fundOfDocument.get(c.document_id) : undefined;
    const link = passage
      ? { id: passage.documentId, project_id: passage.projectId }
      : c.document_id && storedFund
        ? { id: c.document_id, project_id: storedFund }
        : { id: null, project_id: null };
    const { fileName, page } = passage ?? fileAndPage(c.doc_path);
    return {
      id: c.id,
      doc_path: c.doc_path,
      relevance: c.relevance,
      text,
      text_source: source,
      document: { file_name: fileName, page, ...link },
    } satisfies Omit<Citation, 'highlights'>;
  });
  const highlights = citationHighlights(
    version.aiDraft,
    resolved.map((c) => c.text),
  );
  return resolved.map((c, i) => ({ ...c, highlights: highlights[i] ?? [] }));
}
