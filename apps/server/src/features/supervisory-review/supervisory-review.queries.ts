import type { CommunicationClass, SupervisoryReviewReason, SupervisoryReviewStatus } from '@parley/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/client';
import { aiResponses, investorMessages, profiles, supervisoryReviews } from '../../db/schema';

export async function insertSupervisoryReview(
  tx: Tx,
  values: {
    orgId: string;
    messageId: string;
    responseId: string;
    reason: SupervisoryReviewReason;
    createdAt: Date;
  },
): Promise<string> {
  const [row] = await tx.insert(supervisoryReviews).values(values).returning({ id: supervisoryReviews.id });
  if (!row) throw new Error('supervisory review insert returned nothing');
  return row.id;
}

const sender = alias(profiles, 'sender');
const reviewer = alias(profiles, 'reviewer');

function selectReviews(db: DbOrTx) {
  return db
    .select({
      id: supervisoryReviews.id,
      reason: supervisoryReviews.reason,
      status: supervisoryReviews.status,
      messageId: supervisoryReviews.messageId,
      responseId: supervisoryReviews.responseId,
      createdAt: supervisoryReviews.createdAt,
      reviewedAt: supervisoryReviews.reviewedAt,
      note: supervisoryReviews.note,
      reviewedByName: reviewer.name,
      investorName: investorMessages.investorName,
      investorEmail: investorMessages.investorEmail,
      subject: investorMessages.subject,
      versionNumber: aiResponses.versionNumber,
      approvedAt: aiResponses.approvedAt,
      sentByName: sender.name,
      complianceFlags: aiResponses.complianceFlags,
      communicationClass: aiResponses.communicationClass,
    })
    .from(supervisoryReviews)
    .innerJoin(investorMessages, eq(investorMessages.id, supervisoryReviews.messageId))
    .innerJoin(aiResponses, eq(aiResponses.id, supervisoryReviews.responseId))
    .leftJoin(sender, eq(sender.id, aiResponses.approvedBy))
    .leftJoin(reviewer, eq(reviewer.id, supervisoryReviews.reviewedBy));
}

export type SupervisoryReviewRow = {
  id: string;
  reason: SupervisoryReviewReason;
  status: SupervisoryReviewStatus;
  messageId: string;
  responseId: string;
  createdAt: Date;
  reviewedAt: Date | null;
  note: string | null;
  reviewedByName: string | null;
  investorName: string;
  investorEmail: string;
  subject: string;
  versionNumber: number;
  approvedAt: Date | null;
  sentByName: string | null;
  complianceFlags: unknown;
  communicationClass: CommunicationClass | null;
};

/**
 * One page of the organisation's reviews in a status, newest drawn first: a keyset on (created_at, id)
 * that walks supervisory_reviews_org_status_created_idx; the joins are one primary-key probe a row.
 */
export async function listSupervisoryReviews(
  db: DbOrTx,
  input: {
    orgId: string;
    status: SupervisoryReviewStatus;
    limit: number;
    after?: { at: Date; id: string };
  },
): Promise<SupervisoryReviewRow[]> {
  const { after } = input;
  return selectReviews(db)
    .where(
      and(
        eq(supervisoryReviews.orgId, input.orgId),
        eq(supervisoryReviews.status, input.status),
        after
          ? sql`(${supervisoryReviews.createdAt}, ${supervisoryReviews.id}) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(
      sql`${supervisoryReviews.createdAt} desc nulls last`,
      sql`${supervisoryReviews.id} desc nulls last`,
    )
    .limit(input.limit);
}

/** The count of pending reviews: an index-only range of supervisory_reviews_org_status_created_idx. */
export async function countPendingSupervisoryReviews(db: DbOrTx, orgId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(supervisoryReviews)
    .where(and(eq(supervisoryReviews.orgId, orgId), eq(supervisoryReviews.status, 'pending')));
  return row?.n ?? 0;
}

/** One review of the organisation (another's is null), locked when read to change it. */
export async function findSupervisoryReview(
  db: DbOrTx,
  input: { orgId: string; id: string; lock?: boolean },
): Promise<SupervisoryReviewRow | null> {
  const query = selectReviews(db).where(
    and(eq(supervisoryReviews.orgId, input.orgId), eq(supervisoryReviews.id, input.id)),
  );
  const [row] = input.lock ? await query.for('update', { of: supervisoryReviews }) : await query;
  return row ?? null;
}

export async function markSignedOff(
  tx: Tx,
  input: { id: string; by: string; at: Date; note: string | null },
): Promise<void> {
  await tx
    .update(supervisoryReviews)
    .set({ status: 'signed_off', reviewedBy: input.by, reviewedAt: input.at, note: input.note })
    .where(eq(supervisoryReviews.id, input.id));
}
