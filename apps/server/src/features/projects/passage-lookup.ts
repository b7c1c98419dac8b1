import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { documentPassages, projectDocuments } from '../../db/schema';

// The passages a draft cites, read by id for the claim check (docs/decisions/026-claim-check.md): a
// public module of this feature beside passage-search, as replies may not read its queries.

export type CitedPassage = {
  passageId: string;
  fileName: string;
  page: number | null;
  text: string;
};

/** A citation id that is not a uuid cannot name a passage (and would fail the uuid comparison). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How many ids one lookup reads at most: a version cites a handful, never this many. */
export const PASSAGE_LOOKUP_MAX = 200;

/**
 * The organisation's passages among `ids` that still exist (a re-indexed or deleted document's
 * passages are gone, and a citation of one then names nothing), in no particular order.
 */
export async function findPassagesByIds(
  db: DbOrTx,
  input: { orgId: string; ids: readonly string[] },
): Promise<CitedPassage[]> {
  const ids = [...new Set(input.ids)].filter((id) => UUID.test(id)).slice(0, PASSAGE_LOOKUP_MAX);
  if (ids.length === 0) return [];
  return db
    .select({
      passageId: documentPassages.id,
      fileName: projectDocuments.fileName,
      page: documentPassages.page,
      text: documentPassages.text,
    })
    .from(documentPassages)
    .innerJoin(projectDocuments, eq(projectDocuments.id, documentPassages.documentId))
    .where(and(eq(documentPassages.orgId, input.orgId), inArray(documentPassages.id, ids)));
}
