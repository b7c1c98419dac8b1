import { and, asc, desc, eq, gt, ilike, inArray, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { flagDismissals, investorMessages, profiles } from '../../db/schema';
import type { TimeCursor } from '../../lib/cursor';
import { containsPattern } from '../../lib/like';

/**
 * flag_dismissals: 'not a problem here' on a flag. Live rows (restored_at is null) are the ones that
 * count; the partial indexes flag_dismissals_live_key and flag_dismissals_org_live_idx serve every read.
 */

export type LiveDismissal = {
  id: string;
  rule: string;
  sentenceSha256: string;
  reason: string;
  dismissedAt: Date;
  byName: string | null;
};

/** The message's live dismissals of any of these sentences (by their normalised SHA-256). */
export async function findLiveDismissals(
  db: DbOrTx,
  input: { orgId: string; messageId: string; sentenceSha256s: readonly string[] },
): Promise<LiveDismissal[]> {
  if (input.sentenceSha256s.length === 0) return [];
  return db
    .select({
      id: flagDismissals.id,
      rule: flagDismissals.rule,
      sentenceSha256: flagDismissals.sentenceSha256,
      reason: flagDismissals.reason,
      dismissedAt: flagDismissals.dismissedAt,
      byName: profiles.name,
    })
    .from(flagDismissals)
    .leftJoin(profiles, eq(profiles.id, flagDismissals.dismissedBy))
    .where(
      and(
        eq(flagDismissals.orgId, input.orgId),
        eq(flagDismissals.messageId, input.messageId),
        inArray(flagDismissals.sentenceSha256, [...new Set(input.sentenceSha256s)]),
        isNull(flagDismissals.restoredAt),
      ),
    );
}

export async function insertDismissal(tx: Tx, values: typeof flagDismissals.$inferInsert): Promise<string> {
  const [row] = await tx.insert(flagDismissals).values(values).returning({ id: flagDismissals.id });
  if (!row) throw new Error('flag_dismissals insert returned nothing');
  return row.id;
}

/** Undo: the row stays for the record, no longer live. False when it was not live. */
export async function markRestored(
  tx: Tx,
  id: string,
  values: { restoredBy: string; restoredAt: Date },
): Promise<boolean> {
  const rows = await tx
    .update(flagDismissals)
    .set(values)
    .where(and(eq(flagDismissals.id, id), isNull(flagDismissals.restoredAt)))
    .returning({ id: flagDismissals.id });
  return rows.length > 0;
}

export type DismissalListRow = Awaited<ReturnType<typeof listLiveDismissals>>[number];

/**
 * The organisation's live dismissals, newest first, after the keyset cursor (dismissed_at, id); `q`
 * matches the term or the reason. Reads one row more than `limit` so the caller knows a next page exists.
 */
export async function listLiveDismissals(
  db: DbOrTx,
  input: { orgId: string; q?: string | undefined; limit: number; before?: TimeCursor | undefined },
) {
  const { before } = input;
  const pattern = input.q ? containsPattern(input.q) : undefined;
  return db
    .select({
      id: flagDismissals.id,
      messageId: flagDismissals.messageId,
      versionNumber: flagDismissals.versionNumber,
      rule: flagDismissals.rule,
      term: flagDismissals.term,
      severity: flagDismissals.severity,
      sentence: flagDismissals.sentence,
      spanStart: flagDismissals.spanStart,
      spanEnd: flagDismissals.spanEnd,
      rationale: flagDismissals.rationale,
      reason: flagDismissals.reason,
      dismissedAt: flagDismissals.dismissedAt,
      byName: profiles.name,
      investorName: investorMessages.investorName,
      subject: investorMessages.subject,
    })
    .from(flagDismissals)
    .innerJoin(investorMessages, eq(investorMessages.id, flagDismissals.messageId))
    .leftJoin(profiles, eq(profiles.id, flagDismissals.dismissedBy))
    .where(
      and(
        eq(flagDismissals.orgId, input.orgId),
        isNull(flagDismissals.restoredAt),
        pattern ? or(ilike(flagDismissals.term, pattern), ilike(flagDismissals.reason, pattern)) : undefined,
        before
          ? or(
              lt(flagDismissals.dismissedAt, before.at),
              and(eq(flagDismissals.dismissedAt, before.at), lt(flagDismissals.id, before.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(flagDismissals.dismissedAt), desc(flagDismissals.id))
    .limit(input.limit + 1);
}

/** One batch of the export, oldest first, after (dismissed_at, id): never the whole table at once. */
export async function exportBatch(
  db: DbOrTx,
  input: { orgId: string; limit: number; after?: TimeCursor | undefined },
) {
  const { after } = input;
  return db
    .select({
      id: flagDismissals.id,
      sentence: flagDismissals.sentence,
      rule: flagDismissals.rule,
      severity: flagDismissals.severity,
      reason: flagDismissals.reason,
      dismissedAt: flagDismissals.dismissedAt,
    })
    .from(flagDismissals)
    .where(
      and(
        eq(flagDismissals.orgId, input.orgId),
        isNull(flagDismissals.restoredAt),
        after
          ? or(
              gt(flagDismissals.dismissedAt, after.at),
              and(eq(flagDismissals.dismissedAt, after.at), gt(flagDismissals.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(flagDismissals.dismissedAt), asc(flagDismissals.id))
    .limit(input.limit);
}
