import { and, asc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orgMemberships, profiles, reportSchedules, users } from '../../db/schema';

const scheduleColumns = {
  orgId: reportSchedules.orgId,
  enabled: reportSchedules.enabled,
  types: reportSchedules.types,
  recipientIds: reportSchedules.recipientIds,
  lastPeriodStart: reportSchedules.lastPeriodStart,
};

export async function findReportSchedule(db: DbOrTx, orgId: string) {
  const [row] = await db
    .select(scheduleColumns)
    .from(reportSchedules)
    .where(eq(reportSchedules.orgId, orgId));
  return row ?? null;
}

/** The schedule's row locked until the transaction ends: one sender of a month at a time. */
export async function lockReportSchedule(tx: DbOrTx, orgId: string) {
  const [row] = await tx
    .select(scheduleColumns)
    .from(reportSchedules)
    .where(eq(reportSchedules.orgId, orgId))
    .for('update');
  return row ?? null;
}

export async function upsertReportSchedule(
  tx: DbOrTx,
  values: {
    orgId: string;
    enabled: boolean;
    types: string[];
    recipientIds: string[];
    lastPeriodStart: string | null;
    updatedBy: string;
    updatedAt: Date;
  },
) {
  const { orgId, ...changes } = values;
  await tx
    .insert(reportSchedules)
    .values(values)
    .onConflictDoUpdate({ target: reportSchedules.orgId, set: changes });
}

export async function setReportScheduleSent(tx: DbOrTx, orgId: string, periodStart: string) {
  await tx
    .update(reportSchedules)
    .set({ lastPeriodStart: periodStart })
    .where(eq(reportSchedules.orgId, orgId));
}

/** Enabled schedules whose last month sent is before `periodStart` (report_schedules_due_idx). */
export async function listDueReportSchedules(db: DbOrTx, periodStart: string, limit: number) {
  const rows = await db
    .select({ orgId: reportSchedules.orgId })
    .from(reportSchedules)
    .where(
      and(
        eq(reportSchedules.enabled, true),
        or(isNull(reportSchedules.lastPeriodStart), lt(reportSchedules.lastPeriodStart, periodStart)),
      ),
    )
    .orderBy(asc(reportSchedules.orgId))
    .limit(limit);
  return rows.map((r) => r.orgId);
}

/** The organisation's active members by name (only they may receive the reports). */
export async function listActiveMembers(db: DbOrTx, orgId: string, ids?: readonly string[]) {
  if (ids && ids.length === 0) return [];
  return db
    .select({ id: users.id, name: profiles.name, email: users.email })
    .from(orgMemberships)
    .innerJoin(users, eq(users.id, orgMemberships.userId))
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(
      and(
        eq(orgMemberships.orgId, orgId),
        eq(users.status, 'active'),
        ids ? inArray(users.id, [...ids]) : undefined,
      ),
    )
    .orderBy(asc(profiles.name), asc(users.email));
}
