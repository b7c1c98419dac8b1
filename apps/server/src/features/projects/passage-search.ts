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
    .orderBy(desc(rank), projectDocuments.fileName, documentPassages.documentId, documentPassages.ordinal)
    .limit(input.limit);
  return rows.map((row) => ({ ...row, rank: Number(row.rank) }));
}

/**
 * How many of one fund's passages hold each word (stemmed as the index stems it), and how many
 * passages the fund has: each word is one GIN lookup.
 */
export async function passageFrequencies(
  db: DbOrTx,
  input: { orgId: string; projectId: string; words: string[] },
): Promise<{ passages: number; frequency: Record<string, number> }> {
  const scope = and(eq(documentPassages.orgId, input.orgId), eq(documentPassages.projectId, input.projectId));
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(documentPassages).where(scope);
  const frequency: Record<string, number> = {};
  if (!total?.n || input.words.length === 0) return { passages: total?.n ?? 0, frequency };
  const words = sql`unnest(${sql.param(input.words)}::text[])`;
  // Both drivers (node-postgres, PGlite) return the rows as `rows`.
  const rows = (await db.execute(sql`
    select w.word, (
      select count(*)::int from ${documentPassages}
      where ${documentPassages.orgId} = ${input.orgId} and ${documentPassages.projectId} = ${input.projectId}
        and ${documentPassages.tsv} @@ plainto_tsquery('english', w.word)
    ) as n
    from ${words} as w(word)
    where numnode(plainto_tsquery('english', w.word)) > 0`)) as { rows: { word: string; n: number }[] };
  for (const row of rows.rows) {
    frequency[row.word] = Number(row.n);
  }
  return { passages: total.n, frequency };
}
