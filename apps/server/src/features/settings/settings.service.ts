import type { UpdateUserSettingsInput, UserSettingsResponse } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import type { Actor } from '../../auth/actor';
import type { ServiceContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { userSettings } from '../../db/schema';
import { appendAudit } from '../../lib/audit';

type SettingsRow = typeof userSettings.$inferSelect;

/** docs/product.md §2 Settings defaults: no signature, every notification on. */
const DEFAULTS = {
  emailSignature: '',
  notifyMentions: true,
  notifyApprovalRequests: true,
  notifyComplianceFlags: true,
  notifyWeeklyDigest: true,
  notifyInvestorReplies: true,
} as const;

type SettingsValues = Omit<SettingsRow, 'userId' | 'updatedAt'>;

function toDto(row: SettingsValues): UserSettingsResponse {
  return {
    email_signature: row.emailSignature,
    notifications: {
      mentions: row.notifyMentions,
      approval_requests: row.notifyApprovalRequests,
      compliance_flags: row.notifyComplianceFlags,
      weekly_digest: row.notifyWeeklyDigest,
      investor_replies: row.notifyInvestorReplies,
    },
  };
}

async function findSettings(db: DbOrTx, userId: string): Promise<SettingsValues> {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  return row ?? { ...DEFAULTS };
}

/** GET /api/settings: the signed-in user's settings, or the defaults when never saved. */
export async function getUserSettings(
  ctx: Pick<ServiceContext, 'db'>,
  actor: Pick<Actor, 'userId'>,
): Promise<UserSettingsResponse> {
  return toDto(await findSettings(ctx.db, actor.userId));
}

/**
 * PATCH /api/settings: the given keys change, the rest stay; audited 'settings_updated' with the
 * names of the keys that changed (never the signature's text), in the same transaction.
 */
export async function updateUserSettings(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  actor: Pick<Actor, 'userId' | 'orgId'>,
  input: UpdateUserSettingsInput,
): Promise<UserSettingsResponse> {
  return ctx.db.transaction(async (tx) => {
    const current = await findSettings(tx, actor.userId);
    const next: SettingsValues = {
      emailSignature: input.email_signature ?? current.emailSignature,
      notifyMentions: input.notifications?.mentions ?? current.notifyMentions,
      notifyApprovalRequests: input.notifications?.approval_requests ?? current.notifyApprovalRequests,
      notifyComplianceFlags: input.notifications?.compliance_flags ?? current.notifyComplianceFlags,
      notifyWeeklyDigest: input.notifications?.weekly_digest ?? current.notifyWeeklyDigest,
      notifyInvestorReplies: input.notifications?.investor_replies ?? current.notifyInvestorReplies,
    };
    const changed = [
      next.emailSignature !== current.emailSignature && 'email_signature',
      next.notifyMentions !== current.notifyMentions && 'notifications.mentions',
      next.notifyApprovalRequests !== current.notifyApprovalRequests && 'notifications.approval_requests',
      next.notifyComplianceFlags !== current.notifyComplianceFlags && 'notifications.compliance_flags',
      next.notifyWeeklyDigest !== current.notifyWeeklyDigest && 'notifications.weekly_digest',
      next.notifyInvestorReplies !== current.notifyInvestorReplies && 'notifications.investor_replies',
    ].filter((key): key is string => key !== false);
    if (changed.length === 0) return toDto(current);

    const now = ctx.clock.now();
    await tx
      .insert(userSettings)
      .values({ userId: actor.userId, ...next, updatedAt: now })
      .onConflictDoUpdate({ target: userSettings.userId, set: { ...next, updatedAt: now } });
    await appendAudit(tx, ctx.clock, {
      orgId: actor.orgId,
      actorId: actor.userId,
      actionType: 'settings_updated',
      entityType: 'user',
      entityId: actor.userId,
      details: { changed },
    });
    return toDto(next);
  });
}
