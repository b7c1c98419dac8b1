import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { documentPassages } from '../../db/schema';

export type PassageRow = {
  id: string;
  orgId: string;
  projectId: string;
  documentId: string;
  page: number | null;
  ordinal: number;
  text: string;
  nonPublic: boolean;
  publicFrom: Date | null;
};

const passageColumns = {
  id: documentPassages.id,
  orgId: documentPassages.orgId,
  projectId: documentPassages.projectId,
  documentId: documentPassages.documentId,
  page: documentPassages.page,
  ordinal: documentPassages.ordinal,
  text: documentPassages.text,
  nonPublic: documentPassages.nonPublic,
  publicFrom: documentPassages.publicFrom,
};

/** A position in a document's passages: the last passage's ordinal and id. */
export type PassageCursor = { ordinal: number; id: string };

/**
 * One page of a document's passages in their order, after the cursor; `limit + 1` rows tell whether
 * more follow. Served by document_passages_document_idx (document_id, ordinal); the id only breaks
 * ties, which indexing never makes.
 */
export async function listPassages(
  db: DbOrTx,
  input: { documentId: string; after: PassageCursor | null; limit: number },
): Promise<PassageRow[]> {
  const { after } = input;
  return db
    .select(passageColumns)
    .from(documentPassages)
    .where(
      and(
        eq(documentPassages.documentId, input.documentId),
        after
          ? sql`(${documentPassages.ordinal}, ${documentPassages.id}) > (${after.ordinal}::int, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(documentPassages.ordinal), asc(documentPassages.id))
    .limit(input.limit + 1);
}

/** One passage of the organisation's document, or null. */
export async function findPassage(
  db: DbOrTx,
  input: { orgId: string; projectId: string; documentId: string; passageId: string },
): Promise<PassageRow | null> {
  const [row] = await db
    .select(passageColumns)
    .from(documentPassages)
    .where(
      and(
        eq(documentPassages.id, input.passageId),
        eq(documentPassages.orgId, input.orgId),
        eq(documentPassages.projectId, input.projectId),
        eq(documentPassages.documentId, input.documentId),
      ),
    )
    .for('update');
  return row ?? null;
}

export async function updatePassageDisclosure(
  db: DbOrTx,
  passageId: string,
  changes: { nonPublic: boolean; publicFrom: Date | null },
): Promise<PassageRow> {
  const [row] = await db
    .update(documentPassages)
    .set(changes)
    .where(eq(documentPassages.id, passageId))
    .returning(passageColumns);
  if (!row) throw new Error('passage update returned nothing');
  return row;
}
