import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLogs, organizations, userInvitations } from '../../db/schema';

/**
 * docs/product.md §7's pending count: invitations of the organisation not accepted, not deleted, still
 * pending and not past expiry (user_invitations_org_created_idx narrows to the organisation).
 */
export async function countLivePendingInvitations(db: DbOrTx, orgId: string, now: Date) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(userInvitations)
    .where(
      and(
        eq(userInvitations.orgId, orgId),
        eq(userInvitations.status, 'pending'),
        eq(userInvitations.accepted, false),
        isNull(userInvitations.deletedAt),
        gt(userInvitations.expiresAt, now),
      ),
    );
  return row?.count ?? 0;
}

/**
 * docs/product.md §7: the latest audit entry of one action type in the organisation
 * (audit_logs_action_created_idx).
 */
export async function findLatestAuditAt(db: DbOrTx, orgId: string, actionType: string) {
  const [row] = await db
    .select({ createdAt: auditLogs.createdAt })
    .from(auditLogs)
    .where(and(eq(auditLogs.actionType, actionType), eq(auditLogs.orgId, orgId)))
    .orderBy(desc(auditLogs.createdAt))
    .limit(1);
  return row?.createdAt ?? null;
}

/** When the organisation was created: a weekly report is due a week after that at the latest. */
export async function findOrganizationCreatedAt(db: DbOrTx, orgId: string) {
  const [row] = await db
    .select({ createdAt: organizations.createdAt })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return row?.createdAt ?? null;
}
