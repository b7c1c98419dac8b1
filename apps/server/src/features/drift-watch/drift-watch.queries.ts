import { and, asc, count, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { investorMessages, libraryAnswers, profiles, reviewItems } from '../../db/schema';

// The drift watch reads the drafts and library answers that cite a document's passages itself: it sits
// below projects, which calls it while re-indexing, and replies and the answer library both import
// projects (docs/decisions/028-answer-library.md).

/**
 * The unsent drafts of the fund citing any of `passageIds`: for each message of the fund, its latest
 * version when that version was not approved and sent; one row per cited passage. Bounded by the
 * fund's messages (investor_messages_project_idx) and one version each (the unique message/version
 * index).
 */
export async function findCitingDrafts(
  tx: Tx,
  input: { orgId: string; projectId: string; passageIds: readonly string[] },
): Promise<{ responseId: string; messageId: string; versionNumber: number; passageId: string }[]> {
  if (input.passageIds.length === 0) return [];
  // Both drivers (node-postgres, PGlite) return the rows as `rows`.
  const result = (await tx.execute(sql`
    select r.id as "responseId", r.message_id as "messageId", r.version_number as "versionNumber",
      c.value->>'id' as "passageId"
    from investor_messages m
    cross join lateral (
      select v.id, v.message_id, v.version_number, v.citations, v.approved_at
      from ai_responses v where v.message_id = m.id order by v.version_number desc limit 1
    ) r
    cross join lateral jsonb_array_elements(r.citations) c
    where m.org_id = ${input.orgId} and m.project_id = ${input.projectId} and r.approved_at is null
      and c.value->>'id' = any(${sql.param([...input.passageIds])}::text[])
    order by m.id, c.value->>'id'`)) as {
    rows: { responseId: string; messageId: string; versionNumber: number; passageId: string }[];
  };
  return result.rows.map((row) => ({ ...row, versionNumber: Number(row.versionNumber) }));
}

/**
 * The library answers (not archived; expired ones too, since renewing one must not skip its review) of
 * the fund or of all funds citing any of `passageIds`; one row per cited passage.
 */
export async function findCitingLibraryAnswers(
  tx: Tx,
  input: { orgId: string; projectId: string; passageIds: readonly string[] },
): Promise<{ libraryAnswerId: string; passageId: string }[]> {
  if (input.passageIds.length === 0) return [];
  const result = (await tx.execute(sql`
    select a.id as "libraryAnswerId", c.value->>'id' as "passageId"
    from ${libraryAnswers} a
    cross join lateral jsonb_array_elements(a.citations) c
    where a.org_id = ${input.orgId} and a.archived_at is null
      and (a.project_id = ${input.projectId} or a.project_id is null)
      and c.value->>'id' = any(${sql.param([...input.passageIds])}::text[])
    order by a.id, c.value->>'id'`)) as { rows: { libraryAnswerId: string; passageId: string }[] };
  return result.rows;
}

export async function insertReviewItems(tx: Tx, rows: (typeof reviewItems.$inferInsert)[]): Promise<void> {
  // Chunks keep each statement well under the bind-parameter limit.
  for (let i = 0; i < rows.length; i += 200) {
    await tx.insert(reviewItems).values(rows.slice(i, i + 200));
  }
}

export type ReviewItemRow = typeof reviewItems.$inferSelect & {
  investorName: string | null;
  subject: string | null;
  libraryAnswerTitle: string | null;
  reviewedByName: string | null;
};

function selectItems(db: DbOrTx) {
  return db
    .select({
      item: reviewItems,
      investorName: investorMessages.investorName,
      subject: investorMessages.subject,
      libraryAnswerTitle: libraryAnswers.title,
      reviewedByName: profiles.name,
    })
    .from(reviewItems)
    .leftJoin(investorMessages, eq(investorMessages.id, reviewItems.messageId))
    .leftJoin(libraryAnswers, eq(libraryAnswers.id, reviewItems.libraryAnswerId))
    .leftJoin(profiles, eq(profiles.id, reviewItems.reviewedBy));
}

const flatten = (row: {
  item: typeof reviewItems.$inferSelect;
  investorName: string | null;
  subject: string | null;
  libraryAnswerTitle: string | null;
  reviewedByName: string | null;
}): ReviewItemRow => ({
  ...row.item,
  investorName: row.investorName,
  subject: row.subject,
  libraryAnswerTitle: row.libraryAnswerTitle,
  reviewedByName: row.reviewedByName,
});

/** Items waiting for review, oldest first (keyset on created_at, id; review_items_org_pending_idx). */
export async function listPendingReviewItems(
  db: DbOrTx,
  input: { orgId: string; limit: number; after?: { createdAt: Date; id: string } },
): Promise<ReviewItemRow[]> {
  const { after } = input;
  const rows = await selectItems(db)
    .where(
      and(
        eq(reviewItems.orgId, input.orgId),
        isNull(reviewItems.reviewedAt),
        after
          ? or(
              gt(reviewItems.createdAt, after.createdAt),
              and(eq(reviewItems.createdAt, after.createdAt), gt(reviewItems.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(reviewItems.createdAt), asc(reviewItems.id))
    .limit(input.limit + 1);
  return rows.map(flatten);
}

export async function countPendingReviewItems(db: DbOrTx, orgId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(reviewItems)
    .where(and(eq(reviewItems.orgId, orgId), isNull(reviewItems.reviewedAt)));
  return row?.total ?? 0;
}

/** One item of the organisation (another's is null), locked when read in a transaction to change it. */
export async function findReviewItem(
  db: DbOrTx,
  input: { orgId: string; id: string; lock?: boolean },
): Promise<ReviewItemRow | null> {
  const query = selectItems(db).where(and(eq(reviewItems.orgId, input.orgId), eq(reviewItems.id, input.id)));
  const [row] = input.lock ? await query.for('update', { of: reviewItems }) : await query;
  return row ? flatten(row) : null;
}

export async function markReviewItemReviewed(
  tx: Tx,
  input: { id: string; by: string; at: Date },
): Promise<void> {
  await tx
    .update(reviewItems)
    .set({ reviewedBy: input.by, reviewedAt: input.at })
    .where(eq(reviewItems.id, input.id));
}

/**
 * A reviewed library answer's source follows the document: the cited passage's entry becomes the new
 * passage, or leaves when its text is gone (docs/decisions/028-answer-library.md).
 */
export async function replaceLibraryCitation(
  tx: Tx,
  input: {
    libraryAnswerId: string;
    oldPassageId: string;
    replacement: { id: string; doc_path: string; text: string; document_id: string } | null;
  },
): Promise<boolean> {
  const [row] = await tx
    .select({ citations: libraryAnswers.citations })
    .from(libraryAnswers)
    .where(eq(libraryAnswers.id, input.libraryAnswerId))
    .for('update');
  if (!row?.citations.some((c) => c.id === input.oldPassageId)) return false;
  const citations = row.citations.flatMap((c) =>
    c.id !== input.oldPassageId
      ? [c]
      : input.replacement && !row.citations.some((other) => other.id === input.replacement?.id)
        ? [input.replacement]
        : [],
  );
  await tx.update(libraryAnswers).set({ citations }).where(eq(libraryAnswers.id, input.libraryAnswerId));
  return true;
}
