import { and, eq, gt, inArray, max, sql } from 'drizzle-orm';
import { hasAnyMfaFactorSql, hasPasskeySql } from '../../auth/sessions';
import type { DbOrTx } from '../../db/client';
import {
  mfaAttempts,
  mfaLockouts,
  mfaRecoveryCodes,
  orgMemberships,
  sessions,
  systemConfig,
  userIdentities,
  userMfaTotp,
  users,
  webauthnCredentials,
} from '../../db/schema';

/**
 * The organisation's active members, and how many of them hold a factor — a verified authenticator
 * or a passkey (org_memberships_org_id_idx, then each member's user and factor rows by key).
 */
export async function countMembersWithMfa(db: DbOrTx, orgId: string) {
  const [row] = await db
    .select({
      members: sql<number>`count(*)::int`,
      withMfa: sql<number>`(count(*) filter (where ${hasAnyMfaFactorSql(orgMemberships.userId)}))::int`,
    })
    .from(orgMemberships)
    .innerJoin(users, and(eq(users.id, orgMemberships.userId), eq(users.status, 'active')))
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

/**
 * The factors of some users (one page of the list at most): the authenticator row (verified or not),
 * or for a user with a passkey and no verified authenticator, the first passkey's date as verified.
 */
export async function findMfaFactors(db: DbOrTx, userIds: readonly string[]): Promise<MfaFactorRow[]> {
  if (userIds.length === 0) return [];
  const firstPasskeyAt = sql<Date | null>`(select min(${webauthnCredentials.createdAt}) from ${webauthnCredentials} where ${webauthnCredentials.userId} = ${users.id})`;
  const rows = await db
    .select({
      userId: users.id,
      totpVerifiedAt: userMfaTotp.verifiedAt,
      hasTotp: sql<boolean>`${userMfaTotp.userId} is not null`,
      firstPasskeyAt,
    })
    .from(users)
    .leftJoin(userMfaTotp, eq(userMfaTotp.userId, users.id))
    .where(
      and(
        inArray(users.id, [...userIds]),
        sql`(${userMfaTotp.userId} is not null or ${hasPasskeySql(users.id)})`,
      ),
    );
  return rows.map((r) => ({
    userId: r.userId,
    verifiedAt: r.totpVerifiedAt ?? (r.firstPasskeyAt === null ? null : new Date(r.firstPasskeyAt)),
  }));
}

/** Removes every passkey of the user (an admin's MFA reset); returns how many there were. */
export async function deletePasskeys(db: DbOrTx, userId: string) {
  const rows = await db
    .delete(webauthnCredentials)
    .where(eq(webauthnCredentials.userId, userId))
    .returning({ id: webauthnCredentials.id });
  return rows.length;
}

export type MemberFactorFacts = {
  userId: string;
  passkeys: number;
  recoveryCodesLeft: number;
  ssoLinked: boolean;
  lastSignIn: { at: Date; method: string | null } | null;
};

/**
 * For one page of users: their passkeys, unused recovery codes, whether an SSO identity is linked, and
 * their latest kept session's start and method (sessions_user_id_idx), one row each.
 */
export async function findMemberFactorFacts(
  db: DbOrTx,
  userIds: readonly string[],
): Promise<MemberFactorFacts[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({
      userId: users.id,
      passkeys: sql<number>`(select count(*)::int from ${webauthnCredentials} where ${webauthnCredentials.userId} = ${users.id})`,
      recoveryCodesLeft: sql<number>`(select count(*)::int from ${mfaRecoveryCodes} where ${mfaRecoveryCodes.userId} = ${users.id} and ${mfaRecoveryCodes.usedAt} is null)`,
      ssoLinked: sql<boolean>`exists (select 1 from ${userIdentities} where ${userIdentities.userId} = ${users.id})`,
      lastSignIn: sql<{
        at: string;
        method: string | null;
      } | null>`(select json_build_object('at', ${sessions.createdAt}, 'method', ${sessions.method}) from ${sessions} where ${sessions.userId} = ${users.id} order by ${sessions.createdAt} desc limit 1)`,
    })
    .from(users)
    // Joined (every member has one) so that the subqueries' users.id is qualified: alone in FROM,
    // drizzle names it bare, and inside a subquery a bare "id" is the inner table's.
    .innerJoin(orgMemberships, eq(orgMemberships.userId, users.id))
    .where(inArray(users.id, [...userIds]));
  return rows.map((row) => ({
    userId: row.userId,
    passkeys: Number(row.passkeys),
    recoveryCodesLeft: Number(row.recoveryCodesLeft),
    ssoLinked: Boolean(row.ssoLinked),
    lastSignIn: row.lastSignIn ? { at: new Date(row.lastSignIn.at), method: row.lastSignIn.method } : null,
  }));
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
