import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { documentPassages, projectDocuments } from '../../db/schema';

// Passages read by id, for the features that cite them (the answer library, the drift watch): a public
// module of the feature rather than part of its queries (docs/decisions/018-import-boundaries.md).

export type PassageById = {
  id: string;
  projectId: string;
  documentId: string;
  fileName: string;
  page: number | null;
  text: string;
};

/** doc_path names the document and page: `<file name>#page=<n>`, or the file name alone. */
export function passageDocPath(fileName: string, page: number | null): string {
  return page === null ? fileName : `${fileName}#page=${page}`;
}

/** The organisation's passages among `ids` (others' and unknown ids are left out), in the order asked. */
export async function findPassagesByIds(
  db: DbOrTx,
  input: { orgId: string; ids: readonly string[] },
): Promise<PassageById[]> {
  if (input.ids.length === 0) return [];
  const rows = await db
    .select({
      id: documentPassages.id,
      projectId: documentPassages.projectId,
      documentId: documentPassages.documentId,
      fileName: projectDocuments.fileName,
      page: documentPassages.page,
      text: documentPassages.text,
    })
    .from(documentPassages)
    .innerJoin(projectDocuments, eq(projectDocuments.id, documentPassages.documentId))
    .where(and(eq(documentPassages.orgId, input.orgId), inArray(documentPassages.id, [...input.ids])));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return input.ids.flatMap((id) => byId.get(id) ?? []);
}
