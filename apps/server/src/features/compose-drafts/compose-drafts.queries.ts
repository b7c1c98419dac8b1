import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { composeDrafts, projects } from '../../db/schema';

export type ComposeDraftRow = typeof composeDrafts.$inferSelect;
type DraftValues = Omit<ComposeDraftRow, 'userId' | 'orgId'>;

const draftColumns = {
  investorName: composeDrafts.investorName,
  investorEmail: composeDrafts.investorEmail,
  projectId: composeDrafts.projectId,
  subject: composeDrafts.subject,
  bodyText: composeDrafts.bodyText,
  topics: composeDrafts.topics,
  updatedAt: composeDrafts.updatedAt,
};

/**
 * Whether the fund is the organisation's. Its own query, not the projects feature's: projects sits
 * above this feature (through retention), and a draft only needs the yes or no.
 */
export async function isProjectOfOrg(db: DbOrTx, orgId: string, projectId: string): Promise<boolean> {
  const rows = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.orgId, orgId), eq(projects.id, projectId)));
  return rows.length > 0;
}

/** The member's draft in their organisation, or null. */
export async function findComposeDraft(db: DbOrTx, input: { orgId: string; userId: string }) {
  const [row] = await db
    .select(draftColumns)
    .from(composeDrafts)
    .where(and(eq(composeDrafts.orgId, input.orgId), eq(composeDrafts.userId, input.userId)));
  return row ?? null;
}

/** One draft per member: a save replaces the last one. */
export async function upsertComposeDraft(
  db: DbOrTx,
  input: { orgId: string; userId: string; values: DraftValues },
) {
  const [row] = await db
    .insert(composeDrafts)
    .values({ orgId: input.orgId, userId: input.userId, ...input.values })
    .onConflictDoUpdate({ target: composeDrafts.userId, set: { orgId: input.orgId, ...input.values } })
    .returning(draftColumns);
  return row;
}

export async function deleteComposeDraft(db: DbOrTx, input: { orgId: string; userId: string }) {
  await db
    .delete(composeDrafts)
    .where(and(eq(composeDrafts.orgId, input.orgId), eq(composeDrafts.userId, input.userId)));
}

/** An erasure removes every unfinished draft about the investor (compose_drafts_org_email_idx). */
export async function deleteComposeDraftsOfInvestor(
  db: DbOrTx,
  input: { orgId: string; investorEmail: string },
) {
  await db
    .delete(composeDrafts)
    .where(
      and(
        eq(composeDrafts.orgId, input.orgId),
        sql`lower(${composeDrafts.investorEmail}) = lower(${input.investorEmail.trim()})`,
      ),
    );
}
