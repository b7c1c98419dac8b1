import { and, asc, eq, gt, gte, inArray, isNotNull, lt, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  aiResponses,
  approvalRequests,
  auditLogs,
  investorMessages,
  organizations,
  orgMemberships,
  systemConfig,
  userSettings,
  users,
} from '../../db/schema';

/** The organisations the job looks at, a page at a time by id (few in any deployment, but bounded). */
export async function listOrganizationsAfter(db: DbOrTx, afterId: string | null, limit: number) {
  return db
    .select({ id: organizations.id, createdAt: organizations.createdAt })
    .from(organizations)
    .where(afterId ? gt(organizations.id, afterId) : undefined)
    .orderBy(asc(organizations.id))
    .limit(limit);
}

/**
 * The organisation's row, locked until the transaction ends: one writer of its weekly report at a time
 * (the job's re-check, and a schedule change). NO KEY UPDATE, so inserts that reference the
 * organisation (their foreign-key check takes KEY SHARE) are not held up.
 */
export async function lockOrganizationForReport(tx: DbOrTx, orgId: string) {
  const [row] = await tx
    .select({ id: organizations.id, name: organizations.name, createdAt: organizations.createdAt })
    .from(organizations)
    .where(eq(organizations.id, orgId))
    .for('no key update');
  return row ?? null;
}

/** The latest `weekly_report_sent` of each organisation named (audit_logs_action_created_idx). */
export async function findLatestReportsAt(db: DbOrTx, orgIds: readonly string[], actionType: string) {
  if (orgIds.length === 0) return new Map<string, Date>();
  const rows = await db
    .select({ orgId: auditLogs.orgId, at: max(auditLogs.createdAt) })
    .from(auditLogs)
    .where(and(eq(auditLogs.actionType, actionType), inArray(auditLogs.orgId, [...orgIds])))
    .groupBy(auditLogs.orgId);
  return new Map(rows.flatMap((r) => (r.orgId && r.at ? [[r.orgId, r.at] as const] : [])));
}

/** The weekly report's settings rows of some organisations: plain `key = value` rows of system_config. */
export async function findScheduleRows(db: DbOrTx, orgIds: readonly string[], keys: readonly string[]) {
  if (orgIds.length === 0) return [];
  return db
    .select({ orgId: systemConfig.orgId, key: systemConfig.key, value: systemConfig.value })
    .from(systemConfig)
    .where(and(inArray(systemConfig.orgId, [...orgIds]), inArray(systemConfig.key, [...keys])));
}

/**
 * The digest's recipients: active members of the organisation whose weekly digest toggle is on (no
 * settings row: on). Whether their address unsubscribed is queueEmail's to decide.
 */
export async function listDigestRecipients(db: DbOrTx, orgId: string) {
  return db
    .select({ userId: users.id, email: users.email })
    .from(orgMemberships)
    .innerJoin(users, eq(users.id, orgMemberships.userId))
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(
      and(
        eq(orgMemberships.orgId, orgId),
        eq(users.status, 'active'),
        sql`coalesce(${userSettings.notifyWeeklyDigest}, true)`,
      ),
    )
    .orderBy(asc(users.email));
}

type Window = { orgId: string; from: Date; to: Date };

/** Messages received in the window (investor_messages_org_created_idx). */
export async function countMessagesReceived(db: DbOrTx, w: Window) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(investorMessages)
    .where(
      and(
        eq(investorMessages.orgId, w.orgId),
        gte(investorMessages.createdAt, w.from),
        lt(investorMessages.createdAt, w.to),
      ),
    );
  return row?.count ?? 0;
}

/**
 * Replies approved and sent in the window (a sent reply has its outgoing mail, written by the approval),
 * and the median hours from the message's arrival to the approval; null when there were none.
 */
export async function summariseRepliesSent(db: DbOrTx, w: Window) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      medianSeconds: sql<
        number | null
      >`percentile_cont(0.5) within group (order by extract(epoch from (${aiResponses.approvedAt} - ${investorMessages.createdAt})))`,
    })
    .from(aiResponses)
    .innerJoin(investorMessages, eq(investorMessages.id, aiResponses.messageId))
    .where(
      and(
        eq(aiResponses.orgId, w.orgId),
        isNotNull(aiResponses.sentEmailId),
        gte(aiResponses.approvedAt, w.from),
        lt(aiResponses.approvedAt, w.to),
      ),
    );
  const median = row?.medianSeconds;
  return {
    count: row?.count ?? 0,
    medianHours: median === null || median === undefined ? null : Number(median) / 3600,
  };
}

/**
 * The flags of the versions whose stored check ran in the window, counted by severity
 * (ai_responses_org_checked_idx; compliance_flags is the check's array of flags).
 */
export async function countFlagsBySeverity(db: DbOrTx, w: Window) {
  const result = (await db.execute(sql`
    select f.flag->>'severity' as severity, count(*)::int as count
    from ${aiResponses} r
    cross join lateral jsonb_array_elements(
      case when jsonb_typeof(r.compliance_flags) = 'array' then r.compliance_flags else '[]'::jsonb end
    ) as f(flag)
    where r.org_id = ${w.orgId}
      and r.compliance_checked_at >= ${w.from.toISOString()}::timestamptz
      and r.compliance_checked_at < ${w.to.toISOString()}::timestamptz
    group by 1`)) as { rows: { severity: string | null; count: number }[] };
  return result.rows;
}

/** Approvals waiting now (approval_requests_org_status_idx). */
export async function countPendingApprovals(db: DbOrTx, orgId: string) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(approvalRequests)
    .where(and(eq(approvalRequests.orgId, orgId), eq(approvalRequests.status, 'pending')));
  return row?.count ?? 0;
}
