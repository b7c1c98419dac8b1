import {
  type Aal,
  type MfaNext,
  type Role,
  resolveRole,
  type SessionResponse,
  type SignInResponse,
} from '@parley/contracts';
import { verifyPassword } from '../../auth/passwords';
import {
  consumeAttempt,
  forgetFailures,
  releaseAttempt,
  SIGN_IN_BACKOFF_PER_ACCOUNT,
  SIGN_IN_PER_ADDRESS,
  takeBackoffTurn,
} from '../../auth/rate-limit';
import {
  createSession,
  mfaStepOf,
  nextLevelOf,
  revokeSessionByToken,
  type SessionContext,
  type SignInMethod,
} from '../../auth/sessions';
import type { ServiceContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { recordAccess } from '../../lib/access-audit';
import { appendAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { deliverAll, type EmailDeps } from '../email/email.service';
import { findMfaFacts } from '../mfa/mfa.service';
import {
  findSsoRequirement,
  isSignInWithoutSsoAllowed,
  recordBreakGlassSignIn,
} from '../sso-policy/sso-required';
import { findSignInAccount } from '../users/users.service';

type AuthContext = Pick<ServiceContext, 'db' | 'clock'>;

/** What every way of signing in ends with; `toSignInResponse` shapes it for the client. */
export type SignInResult = {
  token: string;
  expiresAt: Date;
  user: { id: string; email: string; name: string };
  orgId: string;
  role: Role;
  aal: Aal;
  nextLevel: Aal;
  mfa: MfaNext;
};

type FailureReason =
  | 'unknown_email'
  | 'wrong_password'
  | 'deactivated'
  | 'no_membership'
  | 'no_role'
  | 'rate_limited'
  | 'sso_required';

/**
 * sign_in_failed with the real reason and the client address, never the password: in the member's
 * organisation's chain, or the system chain for an e-mail with no account (decision 004).
 */
function recordSignInFailure(
  ctx: AuthContext,
  input: {
    email: string;
    clientAddress: string | null;
    account: { id: string; orgId: string | null } | null;
    reason: FailureReason;
    /** For `rate_limited`: which limit was reached. */
    limit?: 'email' | 'address';
    /** For a wrong password past the free failures: how long the account's next attempt waits. */
    waitSeconds?: number;
  },
) {
  const { account } = input;
  return recordAccess(ctx, {
    orgId: account?.orgId ?? null,
    actorId: account?.id ?? null,
    actionType: 'sign_in_failed',
    entityType: 'user',
    entityId: account?.id ?? null,
    details: {
      email: input.email,
      reason: input.reason,
      client_address: input.clientAddress,
      ...(input.limit ? { limit: input.limit } : {}),
      ...(input.waitSeconds ? { next_attempt_wait_seconds: input.waitSeconds } : {}),
    },
  });
}

/** The account's backoff bucket: by e-mail, as typed into the form (lower-cased by the schema). */
function signInBackoffBucket(email: string) {
  return `sign-in:email:${email}`;
}

/** After a sign-in or a password reset: the next wrong password starts from the free failures again. */
export function forgetSignInFailures(db: DbOrTx, email: string) {
  return forgetFailures(db, signInBackoffBucket(email));
}

/**
 * Password sign-in (docs/product.md §4 steps 1-2, §5, §8). Every way of failing answers 'Invalid credentials',
 * so the answer never tells whether an e-mail has an account; the audit log records the real reason.
 */
export async function signIn(
  ctx: EmailDeps,
  input: { email: string; password: string; clientAddress: string | null; userAgent: string | null },
): Promise<SignInResult> {
  // Every request over TCP has an address; only in-process calls (tests, tools) have none.
  const addressBucket = input.clientAddress ? `sign-in:address:${input.clientAddress}` : null;
  if (addressBucket) {
    const result = await consumeAttempt(ctx.db, ctx.clock, addressBucket, SIGN_IN_PER_ADDRESS);
    if (!result.allowed) {
      // The attempt that hits the limit is recorded; the ones refused after it in the same window are
      // not, so a script hammering the form cannot flood the chain (docs/architecture.md 'The audit chain').
      if (result.firstRefusal) {
        const account = await findSignInAccount(ctx.db, input.email);
        await recordSignInFailure(ctx, { ...input, account, reason: 'rate_limited', limit: 'address' });
      }
      throw new AppError('RATE_LIMITED', { retryAfterSeconds: result.retryAfterSeconds });
    }
  }
  // Unknown e-mails wait alike, so the wait tells nothing about which addresses have an account.
  const turn = await takeBackoffTurn(
    ctx.db,
    ctx.clock,
    signInBackoffBucket(input.email),
    SIGN_IN_BACKOFF_PER_ACCOUNT,
  );
  if (!turn.allowed) {
    // No password was tried: the office's address gets its attempt back. Refusals within a wait are
    // not audited; the failure that started the wait was, with its length.
    if (addressBucket) await releaseAttempt(ctx.db, addressBucket);
    throw new AppError('RATE_LIMITED', { retryAfterSeconds: turn.retryAfterSeconds });
  }

  const account = await findSignInAccount(ctx.db, input.email);
  const passwordOk = await verifyPassword(account?.passwordHash, input.password);
  const role = account ? resolveRole(account.roles) : null;
  const failure: FailureReason | null = !account
    ? 'unknown_email'
    : !passwordOk
      ? 'wrong_password'
      : account.status !== 'active'
        ? 'deactivated'
        : !account.orgId
          ? 'no_membership'
          : role === null
            ? 'no_role'
            : null;

  if (failure !== null || !account?.orgId || role === null) {
    await recordSignInFailure(ctx, {
      ...input,
      account,
      reason: failure ?? 'no_role',
      waitSeconds: turn.waitSeconds,
    });
    throw new AppError('INVALID_CREDENTIALS');
  }

  const orgId = account.orgId;
  // Told only after the password was right, so it says nothing about which addresses have an account.
  const sso = await findSsoRequirement(ctx.db, orgId);
  if (!isSignInWithoutSsoAllowed(sso, account.id)) {
    await recordSignInFailure(ctx, { ...input, account, reason: 'sso_required' });
    throw new AppError('SSO_REQUIRED');
  }
  const user = { id: account.id, email: account.email, name: account.name ?? account.email };
  const { result, notices } = await ctx.db.transaction(async (tx) => {
    if (addressBucket) await releaseAttempt(tx, addressBucket);
    const notices = sso.required
      ? await recordBreakGlassSignIn(tx, ctx, {
          orgId,
          user,
          method: 'password',
          clientAddress: input.clientAddress,
        })
      : [];
    const result = await completeSignIn(tx, ctx.clock, {
      user,
      orgId,
      role,
      method: 'password',
      clientAddress: input.clientAddress,
      userAgent: input.userAgent,
    });
    return { result, notices };
  });
  await deliverAll(ctx, notices);
  return result;
}

/**
 * The one end of every way of signing in (password, magic link, setup link, invitation, single sign-on): the
 * session, and which MFA step comes next (docs/product.md §4 steps 3-5, §6), decided by mfaStepOf only, so no
 * way of signing in can skip MFA. The session starts at aal1; until the step is done the policy
 * guard lets it do nothing but finish MFA or sign out. In the caller's transaction, after the
 * caller has checked the user is an active member.
 */
export async function completeSignIn(
  tx: Tx,
  clock: Clock,
  input: {
    user: { id: string; email: string; name: string };
    orgId: string;
    role: Role;
    method: SignInMethod;
    clientAddress: string | null;
    userAgent: string | null;
  },
): Promise<SignInResult> {
  // Any way of signing in proves the account's owner is here: their password failures are forgotten.
  await forgetSignInFailures(tx, input.user.email);
  const facts = { ...(await findMfaFacts(tx, input.user.id)), aal: 'aal1' as const };
  const mfa = mfaStepOf({ ...facts, role: input.role });
  const session = await openSession(tx, clock, {
    userId: input.user.id,
    orgId: input.orgId,
    method: input.method,
    clientAddress: input.clientAddress,
    userAgent: input.userAgent,
    mfa,
  });
  return {
    token: session.token,
    expiresAt: session.expiresAt,
    user: input.user,
    orgId: input.orgId,
    role: input.role,
    aal: facts.aal,
    nextLevel: nextLevelOf(facts),
    mfa,
  };
}

export function toSignInResponse(result: SignInResult): SignInResponse {
  return {
    user: result.user,
    role: result.role,
    orgId: result.orgId,
    aal: result.aal,
    next_level: result.nextLevel,
    mfa: result.mfa,
    expiresAt: result.expiresAt.toISOString(),
  };
}

/** GET /api/auth/session's body for the session the guard loaded. */
export function toSessionResponse(session: SessionContext, role: Role): SessionResponse {
  return {
    user: { id: session.userId, email: session.email, name: session.name },
    role,
    orgId: session.orgId,
    aal: session.aal,
    next_level: nextLevelOf(session),
    mfa: session.mfa,
    expiresAt: session.expiresAt.toISOString(),
  };
}

/** A new session and its sign_in audit entry, in the caller's transaction. */
export async function openSession(
  tx: Tx,
  clock: Clock,
  input: {
    userId: string;
    orgId: string;
    method: SignInMethod;
    clientAddress: string | null;
    userAgent: string | null;
    /** The MFA step the session owes (recorded with the sign-in). */
    mfa: MfaNext;
  },
) {
  const session = await createSession(tx, clock, {
    userId: input.userId,
    orgId: input.orgId,
    method: input.method,
    clientAddress: input.clientAddress,
    userAgent: input.userAgent,
  });
  await appendAudit(tx, clock, {
    orgId: input.orgId,
    actorId: input.userId,
    actionType: 'sign_in',
    entityType: 'session',
    entityId: session.id,
    details: { method: input.method, client_address: input.clientAddress, mfa: input.mfa },
  });
  return session;
}

/** Revokes the session behind the cookie, if any: signing out twice is not an error. */
export async function signOut(ctx: AuthContext, token: string | undefined) {
  if (!token) return;
  await ctx.db.transaction(async (tx) => {
    const revoked = await revokeSessionByToken(tx, ctx.clock, token);
    if (!revoked) return;
    await appendAudit(tx, ctx.clock, {
      orgId: revoked.orgId,
      actorId: revoked.userId,
      actionType: 'sign_out',
      entityType: 'session',
      entityId: revoked.id,
      details: {},
    });
  });
}
