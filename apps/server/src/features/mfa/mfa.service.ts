import { createHmac, randomInt } from 'node:crypto';
import {
  MFA_ATTEMPT_WINDOW_MINUTES,
  MFA_ESCALATED_LOCKOUT_MINUTES,
  MFA_ESCALATION_LOCKOUTS,
  MFA_ESCALATION_WINDOW_HOURS,
  MFA_LOCKOUT_MINUTES,
  MFA_MAX_FAILED_ATTEMPTS,
  MFA_RECENT_VERIFICATION_MINUTES,
  MFA_TEXTS,
  type MfaCodeResult,
  type MfaStatusResponse,
  normalizeRecoveryCode,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
  type Role,
  resolveRole,
  TOTP_ISSUER,
  type TotpSetupResponse,
  tooManyAttemptsText,
  type VerifyEnrollmentResponse,
  type VerifyLoginResponse,
} from '@parley/contracts';
import {
  hasMfaFactor,
  isMfaRequired,
  isPasskeyRequired,
  markSessionMfaVerified,
  raiseSessionToAal2,
  type SessionContext,
} from '../../auth/sessions';
import type { ServiceContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { appendAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { deriveKey, openSecret, sealSecret } from '../../lib/secret-box';
import { generateTotpSecret, matchTotpStep, otpauthUri } from '../../lib/totp';
import {
  claimTotpStep,
  consumeRecoveryCode,
  countFailuresSince,
  countPasskeys,
  countUnusedRecoveryCodes,
  deleteTotpAndRecoveryCodes,
  findLockout,
  findTotp,
  insertMfaAttempt,
  type MfaAttemptKind,
  markTotpVerified,
  replaceRecoveryCodes,
  saveLockout,
  savePendingTotp,
} from './mfa.queries';

/** TOTP secrets and recovery codes are sealed and hashed with the encryption key. */
export type MfaContext = Pick<ServiceContext, 'db' | 'clock' | 'encryptionKey'>;

/** A session token replaced after a successful verification; the route sets it as the new cookie. */
export type RotatedSession = { token: string; expiresAt: Date };

const MINUTE_MS = 60_000;
const ATTEMPT_WINDOW_MS = MFA_ATTEMPT_WINDOW_MINUTES * MINUTE_MS;
const ESCALATION_WINDOW_MS = MFA_ESCALATION_WINDOW_HOURS * 60 * MINUTE_MS;
const RECENT_VERIFICATION_MS = MFA_RECENT_VERIFICATION_MINUTES * MINUTE_MS;

/** The key TOTP secrets are sealed with; `rotate-key` re-seals them (docs/operations.md, Keys). */
export const totpSealingKey = (encryptionKey: Buffer) => deriveKey(encryptionKey, 'totp');
const totpKey = (ctx: MfaContext) => totpSealingKey(ctx.encryptionKey);
const recoveryKey = (ctx: MfaContext) => deriveKey(ctx.encryptionKey, 'recovery-codes');

/** HMAC-SHA256 with a key of its own: a leaked table does not let anyone test guesses offline. */
export function hashRecoveryCode(key: Buffer, code: string): string {
  return createHmac('sha256', key).update(normalizeRecoveryCode(code)).digest('hex');
}

/** Ten codes of 8 characters from an alphabet without look-alikes, drawn with a CSPRNG. */
export function generateRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from(
      { length: RECOVERY_CODE_LENGTH },
      () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)],
    ).join(''),
  );
}

/** An MFA audit entry about the signed-in user, naming the session, in the caller's transaction. */
export function auditMfa(
  tx: Tx,
  ctx: Pick<MfaContext, 'clock'>,
  session: SessionContext,
  actionType: string,
  details = {},
) {
  return appendAudit(tx, ctx.clock, {
    orgId: session.orgId,
    actorId: session.userId,
    actionType,
    entityType: 'user',
    entityId: session.userId,
    details: { session_id: session.sessionId, ...details },
  });
}

function lockedOutError(lockout: { lockedUntil: Date; lastLockoutAt: Date }, now: Date) {
  const minutes = Math.round((lockout.lockedUntil.getTime() - lockout.lastLockoutAt.getTime()) / MINUTE_MS);
  return new AppError('MFA_LOCKED_OUT', {
    message: tooManyAttemptsText(minutes),
    retryAfterSeconds: Math.max(1, Math.ceil((lockout.lockedUntil.getTime() - now.getTime()) / 1000)),
  });
}

/** Failures left before the lockout, and the lockout if one holds now (decision 012). */
async function attemptState(tx: DbOrTx, userId: string, now: Date) {
  const lockout = await findLockout(tx, userId);
  if (lockout && lockout.lockedUntil.getTime() > now.getTime()) return { lockout, remaining: 0 };
  const windowStart = now.getTime() - ATTEMPT_WINDOW_MS;
  const since = new Date(Math.max(windowStart, lockout?.lastLockoutAt.getTime() ?? windowStart));
  const failures = await countFailuresSince(tx, userId, since);
  return { lockout: null, remaining: Math.max(0, MFA_MAX_FAILED_ATTEMPTS - failures) };
}

export type CodeContext = 'enrollment' | 'login' | 'step_up';

/** A wrong code (TOTP or recovery), unless the check names another action. */
export const MFA_FAILED_ACTION = 'mfa_failed';

/**
 * Every code check goes through here, inside the transaction that holds the user's authenticator
 * row: refused with 429 while locked out; the attempt is recorded (mfa_attempts, which the lockout
 * and the security page count); a failure is audited, and the 5th failure within 5 minutes locks
 * the user — per user, so a reload or a new session does not start the count again. Repeated
 * lockouts escalate (decision 012).
 */
export async function checkCode(
  tx: Tx,
  ctx: Pick<MfaContext, 'clock'>,
  session: SessionContext,
  input: {
    kind: MfaAttemptKind;
    context: CodeContext;
    /** The audit action of a failure (MFA_FAILED_ACTION for codes) and what it adds to the entry. */
    failedAction?: string;
    failedDetails?: Record<string, unknown>;
  },
  isRight: () => Promise<boolean>,
): Promise<{ ok: true } | { ok: false; remaining: number }> {
  const now = ctx.clock.now();
  const before = await attemptState(tx, session.userId, now);
  if (before.lockout) throw lockedOutError(before.lockout, now);

  const ok = await isRight();
  await insertMfaAttempt(tx, {
    userId: session.userId,
    orgId: session.orgId,
    kind: input.kind,
    success: ok,
    now,
  });
  if (ok) return { ok: true };

  const { remaining } = await attemptState(tx, session.userId, now);
  await auditMfa(tx, ctx, session, input.failedAction ?? MFA_FAILED_ACTION, {
    kind: input.kind,
    context: input.context,
    attempts_remaining: remaining,
    ...input.failedDetails,
  });
  if (remaining > 0) return { ok: false, remaining };

  const previous = await findLockout(tx, session.userId);
  const isEscalating =
    previous !== null && now.getTime() - previous.lastLockoutAt.getTime() < ESCALATION_WINDOW_MS;
  const lockoutCount = isEscalating ? previous.lockoutCount + 1 : 1;
  const minutes =
    lockoutCount >= MFA_ESCALATION_LOCKOUTS ? MFA_ESCALATED_LOCKOUT_MINUTES : MFA_LOCKOUT_MINUTES;
  const lockedUntil = new Date(now.getTime() + minutes * MINUTE_MS);
  await saveLockout(tx, { userId: session.userId, lockedUntil, lockoutCount, lastLockoutAt: now });
  await auditMfa(tx, ctx, session, 'mfa_locked_out', {
    kind: input.kind,
    context: input.context,
    lockout_count: lockoutCount,
    locked_until: lockedUntil.toISOString(),
  });
  return { ok: false, remaining: 0 };
}

/** Checks a TOTP code against the secret and claims its time step (never one already used). */
function totpChecker(
  tx: Tx,
  ctx: MfaContext,
  userId: string,
  code: string,
  row: { secretSealed: string; lastUsedStep: number | null },
) {
  return async () => {
    const secret = openSecret(totpKey(ctx), row.secretSealed);
    const step = matchTotpStep(secret, code, ctx.clock.now(), row.lastUsedStep ?? -1);
    return step !== null && (await claimTotpStep(tx, userId, step));
  };
}

function failed(remaining: number): MfaCodeResult {
  return { success: false, message: MFA_TEXTS.invalidCode, attempts_remaining: remaining };
}

/** How long an unverified secret is handed back as it is, rather than replaced. */
const PENDING_SECRET_KEPT_MS = 10 * MINUTE_MS;

/**
 * POST /api/mfa/totp/setup: the secret waiting for its first code, its otpauth URI (issuer Parley, the
 * user's e-mail) and the QR code rendered here. A secret set up in the last 10 minutes and not yet
 * verified is handed back as it is: two openings of the dialog at once (a page that mounts it twice,
 * two tabs) must not leave the app holding a secret the server has already replaced. An older one is
 * replaced. With a verified authenticator it is refused (remove it first, which needs a recent code).
 */
export async function startTotpSetup(ctx: MfaContext, session: SessionContext): Promise<TotpSetupResponse> {
  const now = ctx.clock.now();
  const sealed = await ctx.db.transaction(async (tx) => {
    const pending = await savePendingTotp(tx, {
      userId: session.userId,
      secretSealed: sealSecret(totpKey(ctx), generateTotpSecret()),
      now,
      keepSince: new Date(now.getTime() - PENDING_SECRET_KEPT_MS),
    });
    if (!pending) throw new AppError('MFA_ALREADY_ENROLLED');
    await auditMfa(tx, ctx, session, 'mfa_setup_started');
    return pending;
  });
  const secret = openSecret(totpKey(ctx), sealed);
  const uri = otpauthUri({ issuer: TOTP_ISSUER, account: session.email, secret });
  // Imported on enrolment, not at start (docs/decisions/045-compiled-server.md).
  const { default: QRCode } = await import('qrcode');
  const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { otpauth_uri: uri, secret, qr_svg: qrSvg };
}

/**
 * Ten new recovery codes replace every earlier one, stored as keyed hashes in the caller's
 * transaction; the codes are returned to be shown once. Enrolment of a first factor (TOTP or a
 * passkey, docs/decisions/057-passkeys.md) and regeneration both go through here.
 */
export async function issueRecoveryCodes(tx: Tx, ctx: MfaContext, userId: string): Promise<string[]> {
  const codes = generateRecoveryCodes();
  const key = recoveryKey(ctx);
  await replaceRecoveryCodes(
    tx,
    userId,
    codes.map((c) => hashRecoveryCode(key, c)),
    ctx.clock.now(),
  );
  return codes;
}

/**
 * POST /api/mfa/totp/verify-enrollment: the first code proves the app holds the secret. Then the
 * authenticator is verified (the code's step counts as used), ten recovery codes replace any old
 * ones, and the session reaches aal2 under a new token — in one transaction with its audit entry.
 */
export async function verifyEnrollment(
  ctx: MfaContext,
  session: SessionContext,
  { code }: { code: string },
): Promise<{ result: VerifyEnrollmentResponse; rotated: RotatedSession | null }> {
  return ctx.db.transaction(async (tx) => {
    const row = await findTotp(tx, session.userId, { lock: true });
    if (!row)
      throw new AppError('MFA_NOT_ENROLLED', {
        message: 'Start the setup first: no authenticator is waiting for its first code.',
      });
    if (row.verifiedAt) throw new AppError('MFA_ALREADY_ENROLLED');

    const outcome = await checkCode(
      tx,
      ctx,
      session,
      { kind: 'totp', context: 'enrollment' },
      totpChecker(tx, ctx, session.userId, code, row),
    );
    if (!outcome.ok) return { result: { ...failed(outcome.remaining), recovery_codes: [] }, rotated: null };

    await markTotpVerified(tx, session.userId, ctx.clock.now());
    const codes = await issueRecoveryCodes(tx, ctx, session.userId);
    const rotated = await raiseSessionToAal2(tx, ctx.clock, session.sessionId);
    await auditMfa(tx, ctx, session, 'mfa_enrolled', { aal: 'aal2', token_rotated: true });
    return {
      result: {
        success: true,
        message: MFA_TEXTS.enrolled,
        attempts_remaining: MFA_MAX_FAILED_ATTEMPTS,
        recovery_codes: codes,
      },
      rotated,
    };
  });
}

/**
 * POST /api/mfa/totp/verify-login (docs/product.md §4 MFA login): a TOTP code for a step later than the last
 * accepted one, or an unused recovery code (used up by this call). A right code raises the session
 * to aal2 under a new token.
 */
export async function verifyLogin(
  ctx: MfaContext,
  session: SessionContext,
  input: { code: string; use_recovery: boolean },
): Promise<{ result: VerifyLoginResponse; rotated: RotatedSession | null }> {
  // docs/decisions/057-passkeys.md: where passkeys are required of admins, an admin's code no longer
  // finishes MFA. An admin who has no passkey yet still proves the code, which lets them add one
  // (registering a passkey then raises the session); one who has a passkey is told to use it.
  const isPasskeyOnly = isPasskeyRequired({ role: resolveRole(session.roles), ...session });
  if (isPasskeyOnly && session.hasPasskey) throw new AppError('PASSKEY_REQUIRED');
  if (session.aal === 'aal2' && !isPasskeyOnly) throw new AppError('MFA_ALREADY_VERIFIED');
  return ctx.db.transaction(async (tx) => {
    const row = await findTotp(tx, session.userId, { lock: true });
    if (!row?.verifiedAt) throw new AppError('MFA_NOT_ENROLLED');
    const kind = input.use_recovery ? 'recovery' : 'totp';
    const now = ctx.clock.now();

    const outcome = await checkCode(
      tx,
      ctx,
      session,
      { kind, context: 'login' },
      input.use_recovery
        ? async () =>
            (await consumeRecoveryCode(
              tx,
              session.userId,
              hashRecoveryCode(recoveryKey(ctx), input.code),
              now,
            )) !== null
        : totpChecker(tx, ctx, session.userId, input.code.trim(), row),
    );
    if (!outcome.ok)
      return { result: { ...failed(outcome.remaining), recovery_codes_remaining: null }, rotated: null };

    let rotated: RotatedSession | null = null;
    if (isPasskeyOnly) await markSessionMfaVerified(tx, ctx.clock, session.sessionId);
    else rotated = await raiseSessionToAal2(tx, ctx.clock, session.sessionId);
    let recoveryCodesRemaining: number | null = null;
    if (input.use_recovery) {
      recoveryCodesRemaining = await countUnusedRecoveryCodes(tx, session.userId);
      await auditMfa(tx, ctx, session, 'mfa_recovery_code_used', { remaining: recoveryCodesRemaining });
    }
    await auditMfa(tx, ctx, session, 'mfa_verified', {
      kind,
      context: 'login',
      aal: rotated ? 'aal2' : session.aal,
      token_rotated: rotated !== null,
      ...(isPasskeyOnly ? { passkey_required: true } : {}),
    });
    return {
      result: {
        success: true,
        message: MFA_TEXTS.verified,
        attempts_remaining: MFA_MAX_FAILED_ATTEMPTS,
        recovery_codes_remaining: recoveryCodesRemaining,
      },
      rotated,
    };
  });
}

/**
 * POST /api/mfa/step-up: a current code, in a session that passed MFA, before removing the
 * authenticator or regenerating recovery codes (they need a code from the last 5 minutes).
 */
export async function stepUp(
  ctx: MfaContext,
  session: SessionContext,
  { code }: { code: string },
): Promise<MfaCodeResult> {
  return ctx.db.transaction(async (tx) => {
    const row = await findTotp(tx, session.userId, { lock: true });
    if (!row?.verifiedAt) throw new AppError('MFA_NOT_ENROLLED');
    const outcome = await checkCode(
      tx,
      ctx,
      session,
      { kind: 'totp', context: 'step_up' },
      totpChecker(tx, ctx, session.userId, code, row),
    );
    if (!outcome.ok) return failed(outcome.remaining);
    await markSessionMfaVerified(tx, ctx.clock, session.sessionId);
    await auditMfa(tx, ctx, session, 'mfa_verified', { kind: 'totp', context: 'step_up' });
    return { success: true, message: MFA_TEXTS.verified, attempts_remaining: MFA_MAX_FAILED_ATTEMPTS };
  });
}

/** A code or a passkey was verified in this session within the step-up window (decision 012). */
export function isRecentlyVerified(ctx: Pick<MfaContext, 'clock'>, session: SessionContext) {
  return (
    session.mfaVerifiedAt !== null &&
    ctx.clock.now().getTime() - session.mfaVerifiedAt.getTime() <= RECENT_VERIFICATION_MS
  );
}

/** Changing a factor needs one (an authenticator or a passkey) verified in the last 5 minutes. */
export function assertRecentlyVerified(ctx: Pick<MfaContext, 'clock'>, session: SessionContext) {
  if (!session.hasVerifiedTotp && !session.hasPasskey) throw new AppError('MFA_NOT_ENROLLED');
  if (!isRecentlyVerified(ctx, session)) throw new AppError('MFA_STEP_UP_REQUIRED');
}

/**
 * DELETE /api/mfa/totp: removes one's own authenticator and recovery codes. Not while the user
 * needs MFA (admins, or mfa_totp_enforced), and only with a code verified in the last 5 minutes.
 */
export async function removeTotp(ctx: MfaContext, session: SessionContext, role: Role) {
  // With a passkey left that satisfies MFA for this user, the authenticator may go even where MFA is
  // required (docs/decisions/057-passkeys.md); the recovery codes then stay with the passkey.
  const isLeftWithFactor = hasMfaFactor({ ...session, role, hasVerifiedTotp: false });
  if (isMfaRequired({ role, mfaEnforced: session.mfaEnforced }) && !isLeftWithFactor)
    throw new AppError('MFA_REMOVAL_NOT_ALLOWED');
  assertRecentlyVerified(ctx, session);
  await ctx.db.transaction(async (tx) => {
    const removed = await deleteTotpAndRecoveryCodes(tx, session.userId, {
      keepRecoveryCodes: session.hasPasskey,
    });
    if (!removed) throw new AppError('MFA_NOT_ENROLLED');
    await auditMfa(tx, ctx, session, 'mfa_removed');
  });
}

/** POST /api/mfa/recovery-codes: ten new codes, shown once; every earlier code stops working. */
export async function regenerateRecoveryCodes(ctx: MfaContext, session: SessionContext) {
  assertRecentlyVerified(ctx, session);
  return ctx.db.transaction(async (tx) => {
    const codes = await issueRecoveryCodes(tx, ctx, session.userId);
    await auditMfa(tx, ctx, session, 'mfa_recovery_codes_regenerated', { count: codes.length });
    return { recovery_codes: codes };
  });
}

/** GET /api/mfa/status: the signed-in user's own MFA state. */
export async function readMfaStatus(
  ctx: MfaContext,
  session: SessionContext,
  role: Role,
): Promise<MfaStatusResponse> {
  const now = ctx.clock.now();
  const row = await findTotp(ctx.db, session.userId);
  const enrolled = Boolean(row?.verifiedAt);
  const required = isMfaRequired({ role, mfaEnforced: session.mfaEnforced });
  const attempts = await attemptState(ctx.db, session.userId, now);
  const passkeyCount = await countPasskeys(ctx.db, session.userId);
  const hasFactor = enrolled || passkeyCount > 0;
  const isLeftWithFactor = hasMfaFactor({
    ...session,
    role,
    hasVerifiedTotp: false,
    hasPasskey: passkeyCount > 0,
  });
  return {
    enrolled,
    verified_at: row?.verifiedAt?.toISOString() ?? null,
    required,
    can_remove: enrolled && (!required || isLeftWithFactor),
    recovery_codes_remaining: hasFactor ? await countUnusedRecoveryCodes(ctx.db, session.userId) : 0,
    recently_verified: hasFactor && isRecentlyVerified(ctx, session),
    attempts_remaining: attempts.remaining,
    locked_until: attempts.lockout?.lockedUntil.toISOString() ?? null,
    passkey_count: passkeyCount,
    passkey_required: isPasskeyRequired({ role, passkeyRequiredForAdmins: session.passkeyRequiredForAdmins }),
  };
}

// What sign-in needs to know of a user's factors, published for the auth feature
// (docs/decisions/018-import-boundaries.md).
export { findMfaFacts } from './mfa.queries';
