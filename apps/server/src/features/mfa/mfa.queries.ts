import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import {
  hasPasskeySql,
  hasVerifiedTotpSql,
  mfaEnforcedSql,
  passkeyRequiredForAdminsSql,
} from '../../auth/sessions';
import type { DbOrTx } from '../../db/client';
import {
  mfaAttempts,
  mfaLockouts,
  mfaRecoveryCodes,
  orgMemberships,
  userMfaTotp,
  users,
  webauthnCredentials,
} from '../../db/schema';

/** What an MFA attempt checked: a code of the authenticator, a recovery code, or a passkey. */
export type MfaAttemptKind = 'totp' | 'recovery' | 'passkey';

/** The facts the MFA decision needs at sign-in (docs/product.md §4 steps 3-4). */
export async function findMfaFacts(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      hasVerifiedTotp: hasVerifiedTotpSql(users.id),
      hasPasskey: hasPasskeySql(users.id),
      passkeyRequiredForAdmins: passkeyRequiredForAdminsSql(orgMemberships.orgId),
      mfaEnforced: mfaEnforcedSql(orgMemberships.orgId),
    })
    .from(users)
    .innerJoin(orgMemberships, eq(orgMemberships.userId, users.id))
    .where(eq(users.id, userId));
  return {
    hasVerifiedTotp: row?.hasVerifiedTotp ?? false,
    hasPasskey: row?.hasPasskey ?? false,
    passkeyRequiredForAdmins: row?.passkeyRequiredForAdmins ?? false,
    mfaEnforced: row?.mfaEnforced ?? false,
  };
}

/**
 * The user's authenticator. `lock` takes the row FOR UPDATE, so the code checks of one user run one
 * after another: the failure count, the lockout and the last used step cannot race.
 */
export async function findTotp(db: DbOrTx, userId: string, options: { lock?: boolean } = {}) {
  const query = db
    .select({
      secretSealed: userMfaTotp.secretSealed,
      verifiedAt: userMfaTotp.verifiedAt,
      lastUsedStep: userMfaTotp.lastUsedStep,
    })
    .from(userMfaTotp)
    .where(eq(userMfaTotp.userId, userId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * Stores a new, unverified secret, or keeps the unverified one made since `keepSince`; returns the
 * sealed secret now waiting for its first code, or null (nothing changed) when the user already has a
 * verified authenticator. One upsert: concurrent calls queue on the row and all answer the same secret.
 */
export async function savePendingTotp(
  db: DbOrTx,
  input: { userId: string; secretSealed: string; now: Date; keepSince: Date },
): Promise<string | null> {
  const isRecent = sql`${userMfaTotp.createdAt} >= ${input.keepSince}`;
  const rows = await db
    .insert(userMfaTotp)
    .values({ userId: input.userId, secretSealed: input.secretSealed, createdAt: input.now })
    .onConflictDoUpdate({
      target: userMfaTotp.userId,
      set: {
        secretSealed: sql`case when ${isRecent} then ${userMfaTotp.secretSealed} else excluded.secret_sealed end`,
        createdAt: sql`case when ${isRecent} then ${userMfaTotp.createdAt} else excluded.created_at end`,
        verifiedAt: null,
        lastUsedStep: null,
      },
      setWhere: isNull(userMfaTotp.verifiedAt),
    })
    .returning({ secretSealed: userMfaTotp.secretSealed });
  return rows[0]?.secretSealed ?? null;
}

/**
 * Accepts a time step once: only a step later than the last accepted one moves the
 * marker, in one conditional UPDATE, so of two requests with the same code at most one wins.
 */
export async function claimTotpStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(userMfaTotp)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(userMfaTotp.userId, userId),
        or(isNull(userMfaTotp.lastUsedStep), lt(userMfaTotp.lastUsedStep, step)),
      ),
    )
    .returning({ userId: userMfaTotp.userId });
  return rows.length > 0;
}

export async function markTotpVerified(db: DbOrTx, userId: string, now: Date) {
  await db.update(userMfaTotp).set({ verifiedAt: now }).where(eq(userMfaTotp.userId, userId));
}

/** Removes the authenticator and, unless another factor keeps them, the recovery codes. */
export async function deleteTotpAndRecoveryCodes(
  db: DbOrTx,
  userId: string,
  options: { keepRecoveryCodes?: boolean } = {},
) {
  if (!options.keepRecoveryCodes)
    await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  const rows = await db
    .delete(userMfaTotp)
    .where(eq(userMfaTotp.userId, userId))
    .returning({ userId: userMfaTotp.userId });
  return rows.length > 0;
}

/** A new set of recovery codes (their keyed hashes) replaces every earlier one, used or not. */
export async function replaceRecoveryCodes(db: DbOrTx, userId: string, codeHashes: string[], now: Date) {
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await db
    .insert(mfaRecoveryCodes)
    .values(codeHashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
}

/** Uses a recovery code up in one conditional UPDATE: a code works once, even under concurrency. */
export async function consumeRecoveryCode(db: DbOrTx, userId: string, codeHash: string, now: Date) {
  const [row] = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(mfaRecoveryCodes.userId, userId),
        eq(mfaRecoveryCodes.codeHash, codeHash),
        isNull(mfaRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: mfaRecoveryCodes.id });
  return row ?? null;
}

export async function countUnusedRecoveryCodes(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ value: count() })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  return row?.value ?? 0;
}

export async function insertMfaAttempt(
  db: DbOrTx,
  input: { userId: string; orgId: string; kind: MfaAttemptKind; success: boolean; now: Date },
) {
  await db.insert(mfaAttempts).values({
    userId: input.userId,
    orgId: input.orgId,
    kind: input.kind,
    success: input.success,
    createdAt: input.now,
  });
}

/**
 * Failures that count towards the next lockout (decision 012): those after `since` (the start of
 * the window, or the last lockout) and after the user's latest success.
 */
export async function countFailuresSince(db: DbOrTx, userId: string, since: Date) {
  const lastSuccess = sql`coalesce((select max(${mfaAttempts.createdAt}) from ${mfaAttempts} where ${mfaAttempts.userId} = ${userId} and ${mfaAttempts.success}), '-infinity'::timestamptz)`;
  const [row] = await db
    .select({ value: count() })
    .from(mfaAttempts)
    .where(
      and(
        eq(mfaAttempts.userId, userId),
        eq(mfaAttempts.success, false),
        gt(mfaAttempts.createdAt, since),
        sql`${mfaAttempts.createdAt} > ${lastSuccess}`,
      ),
    );
  return row?.value ?? 0;
}

export async function findLockout(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      lockedUntil: mfaLockouts.lockedUntil,
      lockoutCount: mfaLockouts.lockoutCount,
      lastLockoutAt: mfaLockouts.lastLockoutAt,
    })
    .from(mfaLockouts)
    .where(eq(mfaLockouts.userId, userId));
  return row ?? null;
}

export async function saveLockout(
  db: DbOrTx,
  input: { userId: string; lockedUntil: Date; lockoutCount: number; lastLockoutAt: Date },
) {
  await db
    .insert(mfaLockouts)
    .values(input)
    .onConflictDoUpdate({
      target: mfaLockouts.userId,
      set: {
        lockedUntil: input.lockedUntil,
        lockoutCount: input.lockoutCount,
        lastLockoutAt: input.lastLockoutAt,
      },
    });
}

/** The verified-at of the user's authenticator, or null when none is verified. */
export async function findVerifiedAt(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ verifiedAt: userMfaTotp.verifiedAt })
    .from(userMfaTotp)
    .where(and(eq(userMfaTotp.userId, userId), isNotNull(userMfaTotp.verifiedAt)));
  return row?.verifiedAt ?? null;
}

/** How many passkeys the user has (docs/decisions/057-passkeys.md). */
export async function countPasskeys(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ value: count() })
    .from(webauthnCredentials)
    .where(eq(webauthnCredentials.userId, userId));
  return row?.value ?? 0;
}
