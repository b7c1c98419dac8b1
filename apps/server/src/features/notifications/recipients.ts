import { type Role, resolveRole } from '@parley/contracts';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orgMemberships, profiles, userRoles, userSettings, users } from '../../db/schema';

// Who can be notified, read by the reply workflow to address approval notifications: a public module of
// the feature rather than part of its queries (docs/decisions/018-import-boundaries.md).

/** A member who may be told something: their resolved role and whether they want approval e-mails. */
export type NotificationRecipient = {
  userId: string;
  email: string;
  name: string | null;
  role: Role;
  /** user_settings.notify_approval_requests; on when the user never saved settings. */
  wantsApprovalEmails: boolean;
  /** user_settings.notify_compliance_flags; on when the user never saved settings. */
  wantsComplianceEmails: boolean;
};

/**
 * The organisation's active members with their resolved role (docs/product.md §6: first role alphabetically).
 */
export async function listOrgRecipients(db: DbOrTx, orgId: string): Promise<NotificationRecipient[]> {
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      name: profiles.name,
      role: userRoles.role,
      notifyApprovalRequests: userSettings.notifyApprovalRequests,
      notifyComplianceFlags: userSettings.notifyComplianceFlags,
    })
    .from(orgMemberships)
    .innerJoin(users, eq(users.id, orgMemberships.userId))
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(and(eq(orgMemberships.orgId, orgId), eq(users.status, 'active')));
  const byUser = new Map<string, { row: (typeof rows)[number]; roles: string[] }>();
  for (const row of rows) {
    const entry = byUser.get(row.userId);
    if (entry) entry.roles.push(row.role);
    else byUser.set(row.userId, { row, roles: [row.role] });
  }
  const recipients: NotificationRecipient[] = [];
  for (const { row, roles } of byUser.values()) {
    const role = resolveRole(roles);
    if (!role) continue;
    recipients.push({
      userId: row.userId,
      email: row.email,
      name: row.name,
      role,
      wantsApprovalEmails: row.notifyApprovalRequests ?? true,
      wantsComplianceEmails: row.notifyComplianceFlags ?? true,
    });
  }
  return recipients;
}
