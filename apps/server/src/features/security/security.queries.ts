import { and, eq, gt, inArray, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  mfaAttempts,
  mfaLockouts,
  mfaRecoveryCodes,
  orgMemberships,
  systemConfig,
  userMfaTotp,
  users,
} from '../../db/schema';

/**
 * The organisation's active members, and how many of them have a verified authenticator
 * (org_memberships_org_id_idx, then each member's user and authenticator rows by key).
 */
export async function countMembersWithMfa(db: DbOrTx, orgId: string) {
  const [row] = await db
    .select({
      members: sql<number>`count(*)::int`,
      withMfa: sql<number>`(count(*) filter (where ${userMfaTotp.verifiedAt} is not null))::int`,
    })
    .from(orgMemberships)
    .innerJoin(users, and(eq(users.id, orgMemberships.userId), eq(users.status, 'active')))
    .leftJoin(userMfaTotp, eq(userMfaTotp.userId, orgMemberships.userId))
    .where(eq(orgMemberships.orgId, orgId));
  return { members: row?.members ?? 0, withMfa: row?.withMfa ?? 0 };
}

/** Failed MFA code attempts of the organisation after `since` (mfa_attempts_org_created_idx). */
export async function countFailedMfaAttemptsSince(db: DbOrTx, orgId: string, since: Date) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(mfaAttempts)
    .where(
      and(eq(mfaAttempts.orgId, orgId), gt(mfaAttempts.createdAt, since), eq(mfaAttempts.success, false)),
    );
  return row?.count ?? 0;
}

export type MfaFactorRow = { userId: string; verifiedAt: Date | null };

/** The authenticator rows (verified or not) of some users: one page of the list at most. */
export async function findMfaFactors(db: DbOrTx, userIds: readonly string[]): Promise<MfaFactorRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: userMfaTotp.userId, verifiedAt: userMfaTotp.verifiedAt })
    .from(userMfaTotp)
    .where(inArray(userMfaTotp.userId, [...userIds]));
}

/** Each user's latest failed MFA attempt (mfa_attempts_user_created_idx), for one page of users. */
export async function findLastFailedMfaAttempts(db: DbOrTx, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: mfaAttempts.userId, lastFailedAt: max(mfaAttempts.createdAt) })
    .from(mfaAttempts)
    .where(and(inArray(mfaAttempts.userId, [...userIds]), eq(mfaAttempts.success, false)))
    .groupBy(mfaAttempts.userId);
}

/** Removes the user's authenticator; returns the removed row, or null when there was none. */
export async function deleteMfaFactor(db: DbOrTx, userId: string): Promise<MfaFactorRow | null> {
  const [row] = await db
    .delete(userMfaTotp)
    .where(eq(userMfaTotp.userId, userId))
    .returning({ userId: userMfaTotp.userId, verifiedAt: userMfaTotp.verifiedAt });
  return row ?? null;
}

/** Removes every recovery code of the user, used or not; returns how many there were. */
export async function deleteRecoveryCodes(db: DbOrTx, userId: string) {
  const rows = await db
    .delete(mfaRecoveryCodes)
    .where(eq(mfaRecoveryCodes.userId, userId))
    .returning({ id: mfaRecoveryCodes.id });
  return rows.length;
}

/**
 * Ends the user's MFA lockout and makes earlier failures stop counting: the lockout row says
 * "not locked, no lockouts in a row, count failures from now" (the MFA service counts failures
 * after last_lockout_at, decision 012), so the member re-enrols with all 5 attempts. The failed
 * attempts themselves stay, for the security page's figures. Returns whether a lockout was on.
 */
export async function clearMfaLockout(db: DbOrTx, userId: string, now: Date) {
  const [before] = await db
    .select({ lockedUntil: mfaLockouts.lockedUntil })
    .from(mfaLockouts)
    .where(eq(mfaLockouts.userId, userId))
    .for('update');
  const reset = { lockedUntil: now, lockoutCount: 0, lastLockoutAt: now };
  await db
    .insert(mfaLockouts)
    .values({ userId, ...reset })
    .onConflictDoUpdate({ target: mfaLockouts.userId, set: reset });
  return before !== undefined && before.lockedUntil.getTime() > now.getTime();
}

/**
 * The organisation's settings, each row locked until the transaction ends, so two admins changing
 * settings at once are serialised and each audit entry's `from` is what the change replaced.
 */
export async function lockSystemConfig(tx: DbOrTx, orgId: string) {
  return tx
    .select({ key: systemConfig.key, value: systemConfig.value })
    .from(systemConfig)
    .where(eq(systemConfig.orgId, orgId))
    .for('update');
}
