import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { documentPassages, projectDocuments } from '../../db/schema';

// Retrieval over a fund's indexed passages: the one read of this feature that drafting uses, so it is
// a public module of the feature rather than part of its queries (docs/decisions/018-import-boundaries.md).

export type PassageHit = {
  passageId: string;
  documentId: string;
  fileName: string;
  page: number | null;
  text: string;
  rank: number;
};

/**
 * The passages of one fund that best match a query, by PostgreSQL full-text search
 * (websearch_to_tsquery + ts_rank_cd over the generated, GIN-indexed tsv). Only the organisation's
 * own passages are ever read: both org and project are in the filter.
 */
export async function searchPassages(
  db: DbOrTx,
  input: { orgId: string; projectId: string; query: string; limit: number },
): Promise<PassageHit[]> {
  const query = sql`websearch_to_tsquery('english', ${input.query})`;
  const rank = sql<number>`ts_rank_cd(${documentPassages.tsv}, ${query})`;
  const rows = await db
    .select({
      passageId: documentPassages.id,
      documentId: documentPassages.documentId,
      fileName: projectDocuments.fileName,
      page: documentPassages.page,
      text: documentPassages.text,
      rank,
    })
    .from(documentPassages)
    .innerJoin(projectDocuments, eq(projectDocuments.id, documentPassages.documentId))
    .where(
      and(
        eq(documentPassages.orgId, input.orgId),
        eq(documentPassages.projectId, input.projectId),
        sql`${documentPassages.tsv} @@ ${query}`,
      ),
    )
    .orderBy(desc(rank), documentPassages.documentId, documentPassages.ordinal)
    .limit(input.limit);
  return rows.map((row) => ({ ...row, rank: Number(row.rank) }));
}
