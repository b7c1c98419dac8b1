import {
  type Aal,
  type MfaNext,
  type Role,
  resolveRole,
  SESSION_ABSOLUTE_HOURS,
  SESSION_IDLE_MINUTES,
} from '@parley/contracts';
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import {
  orgMemberships,
  profiles,
  sessions,
  systemConfig,
  userMfaTotp,
  userRoles,
  users,
  webauthnCredentials,
} from '../db/schema';
import type { Clock } from '../lib/clock';
import { generateToken, sha256Hex } from '../lib/crypto';
import type { TimeCursor } from '../lib/cursor';

const IDLE_MS = SESSION_IDLE_MINUTES * 60_000;
const ABSOLUTE_MS = SESSION_ABSOLUTE_HOURS * 3_600_000;
/** last_seen_at is written at most once a minute per session, not on every request. */
const TOUCH_INTERVAL_MS = 60_000;

export type SessionContext = {
  sessionId: string;
  userId: string;
  orgId: string;
  email: string;
  name: string;
  /** Every role the user holds; the guard resolves the one that counts. */
  roles: string[];
  aal: Aal;
  expiresAt: Date;
  /** When a TOTP or recovery code was last verified in this session (step-up for factor changes). */
  mfaVerifiedAt: Date | null;
  /** The user has a verified authenticator (docs/product.md §4: aal2 is then the next level). */
  hasVerifiedTotp: boolean;
  /** The user has a passkey (docs/decisions/057-passkeys.md): a factor like the authenticator. */
  hasPasskey: boolean;
  /** The organisation's mfa_passkey_required_admins is 'true'. */
  passkeyRequiredForAdmins: boolean;
  /** The organisation's mfa_totp_enforced is 'true'. */
  mfaEnforced: boolean;
  /** What the session still owes (see mfaStepOf); anything but 'none' confines it to finishing MFA. */
  mfa: MfaNext;
};

/** The factors a user holds and the organisation's rule on them, as a session check reads them. */
export type MfaFactors = {
  hasVerifiedTotp: boolean;
  hasPasskey: boolean;
  passkeyRequiredForAdmins: boolean;
};

/** docs/decisions/057-passkeys.md: with mfa_passkey_required_admins on, an admin's factor is a passkey. */
export function isPasskeyRequired(input: { role: Role | null; passkeyRequiredForAdmins: boolean }): boolean {
  return input.role === 'admin' && input.passkeyRequiredForAdmins;
}

/**
 * The one rule of what satisfies MFA (docs/decisions/057-passkeys.md): a verified authenticator or a
 * passkey; for an admin of an organisation that requires passkeys of its admins, a passkey only.
 */
export function hasMfaFactor(input: MfaFactors & { role: Role | null }): boolean {
  if (isPasskeyRequired(input)) return input.hasPasskey;
  return input.hasVerifiedTotp || input.hasPasskey;
}

/**
 * The one MFA decision (docs/product.md §4 steps 3-5, §6), used at sign-in and on every request:
 * - MFA is required for admins always, and for everyone when mfa_totp_enforced is 'true';
 * - 'enroll' while it is required and no factor counts (hasMfaFactor), whatever the session's level;
 * - 'verify' while a factor counts and the session is still aal1;
 * - otherwise 'none'.
 */
export function mfaStepOf(
  input: MfaFactors & { role: Role | null; aal: Aal; mfaEnforced: boolean },
): MfaNext {
  if (hasMfaFactor(input)) return input.aal === 'aal2' ? 'none' : 'verify';
  if (isMfaRequired(input)) return 'enroll';
  // A member (not required) who holds a factor that does not count for them cannot exist: only
  // admins are held to passkeys, and MFA is always required of admins.
  return 'none';
}

/** docs/product.md §6: admins always require MFA; mfa_totp_enforced = 'true' requires it of everyone. */
export function isMfaRequired(input: { role: Role | null; mfaEnforced: boolean }): boolean {
  return input.role === 'admin' || input.mfaEnforced;
}

/** docs/product.md §4: aal2 is the next level whenever a verified factor (TOTP or passkey) exists. */
export function nextLevelOf(input: { aal: Aal; hasVerifiedTotp: boolean; hasPasskey: boolean }): Aal {
  return input.hasVerifiedTotp || input.hasPasskey ? 'aal2' : input.aal;
}

type UserIdColumn = typeof sessions.userId | typeof users.id | typeof orgMemberships.userId;

/** SQL: the user has a verified authenticator. */
export function hasVerifiedTotpSql(userId: UserIdColumn) {
  return sql<boolean>`exists (select 1 from ${userMfaTotp} where ${userMfaTotp.userId} = ${userId} and ${userMfaTotp.verifiedAt} is not null)`;
}

/** SQL: the user has a passkey (webauthn_credentials_user_idx). */
export function hasPasskeySql(userId: UserIdColumn) {
  return sql<boolean>`exists (select 1 from ${webauthnCredentials} where ${webauthnCredentials.userId} = ${userId})`;
}

/**
 * SQL: the user holds a factor, a verified authenticator or a passkey — what the organisation's MFA
 * figures count (the role-aware rule for sessions is hasMfaFactor).
 */
export function hasAnyMfaFactorSql(userId: UserIdColumn) {
  return sql<boolean>`(${hasVerifiedTotpSql(userId)} or ${hasPasskeySql(userId)})`;
}

/** SQL: the organisation's mfa_passkey_required_admins is 'true' (docs/decisions/057-passkeys.md). */
export function passkeyRequiredForAdminsSql(orgId: typeof orgMemberships.orgId) {
  return sql<boolean>`coalesce((select ${systemConfig.value} = 'true' from ${systemConfig} where ${systemConfig.orgId} = ${orgId} and ${systemConfig.key} = 'mfa_passkey_required_admins'), false)`;
}

/** SQL: the organisation's mfa_totp_enforced is 'true' (docs/product.md §3 system config). */
export function mfaEnforcedSql(orgId: typeof orgMemberships.orgId) {
  return sql<boolean>`coalesce((select ${systemConfig.value} = 'true' from ${systemConfig} where ${systemConfig.orgId} = ${orgId} and ${systemConfig.key} = 'mfa_totp_enforced'), false)`;
}

/** How a session was signed in (sessions.method): every way of signing in names itself. */
export type SignInMethod = 'password' | 'magic_link' | 'setup' | 'invitation' | 'sso';

export async function createSession(
  tx: DbOrTx,
  clock: Clock,
  input: {
    userId: string;
    orgId: string;
    method: SignInMethod;
    clientAddress: string | null;
    userAgent: string | null;
  },
) {
  const token = generateToken();
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + ABSOLUTE_MS);
  const [row] = await tx
    .insert(sessions)
    .values({ ...input, tokenHash: sha256Hex(token), lastSeenAt: now, expiresAt, createdAt: now })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned nothing');
  return { id: row.id, token, expiresAt };
}

/**
 * What a session check reads from the database for a token's hash: the session, its user's status,
 * membership, roles, name and MFA facts. The session cache keeps these for a few seconds
 * (docs/decisions/046-session-cache.md); the checks that depend on the time run on every request.
 */
export type SessionFacts = Omit<SessionContext, 'mfa'> & { lastSeenAt: Date };

/**
 * Whether a statement, as either driver receives it, is readSessionFacts' session read: tests and the
 * inbox benchmark count them to see what the session cache saves.
 */
export const isSessionReadStatement = (statement: string) => statement.includes('"sessions"."token_hash" =');

/** The facts of an unrevoked session of an active member, or null. */
export async function readSessionFacts(db: DbOrTx, tokenHash: string): Promise<SessionFacts | null> {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      orgId: orgMemberships.orgId,
      sessionOrgId: sessions.orgId,
      email: users.email,
      name: profiles.name,
      aal: sessions.aal,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      mfaVerifiedAt: sessions.mfaVerifiedAt,
      hasVerifiedTotp: hasVerifiedTotpSql(sessions.userId),
      hasPasskey: hasPasskeySql(sessions.userId),
      passkeyRequiredForAdmins: passkeyRequiredForAdminsSql(orgMemberships.orgId),
      mfaEnforced: mfaEnforcedSql(orgMemberships.orgId),
      roles: sql<
        string[]
      >`coalesce((select array_agg(${userRoles.role}) from ${userRoles} where ${userRoles.userId} = ${sessions.userId}), '{}')`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(orgMemberships, eq(orgMemberships.userId, sessions.userId))
    .leftJoin(profiles, eq(profiles.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), eq(users.status, 'active')));
  if (!row || row.orgId !== row.sessionOrgId) return null;
  const { sessionOrgId: _, ...facts } = row;
  return { ...facts, name: row.name ?? row.email };
}

/** The session the facts describe at `now`, or null when it is past its lifetime or idle too long. */
export function activeSessionOf(facts: SessionFacts, now: Date): SessionContext | null {
  if (facts.expiresAt.getTime() <= now.getTime()) return null;
  if (facts.lastSeenAt.getTime() + IDLE_MS <= now.getTime()) return null;
  const { lastSeenAt: _, ...context } = facts;
  return {
    ...context,
    roles: [...facts.roles],
    mfa: mfaStepOf({ ...facts, role: resolveRole(facts.roles) }),
  };
}

/**
 * Keeps an active session alive: writes last_seen_at when the last write is a minute old or more
 * (not on every request), and returns the time now seen.
 */
export async function touchSession(db: DbOrTx, facts: SessionFacts, now: Date): Promise<Date> {
  if (now.getTime() - facts.lastSeenAt.getTime() < TOUCH_INTERVAL_MS) return facts.lastSeenAt;
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, facts.sessionId));
  return now;
}

/**
 * The session behind a cookie token, read from the database, or null when it is unknown, revoked,
 * idle for more than 30 minutes, past its 12-hour lifetime, or its user is deactivated or no longer a
 * member. Requests go through the session cache instead (auth/session-cache.ts).
 */
export async function findActiveSession(
  db: DbOrTx,
  clock: Clock,
  token: string,
): Promise<SessionContext | null> {
  const now = clock.now();
  const facts = await readSessionFacts(db, sha256Hex(token));
  const session = facts ? activeSessionOf(facts, now) : null;
  if (facts && session) await touchSession(db, facts, now);
  return session;
}

/**
 * A code was verified: the session reaches aal2 under a NEW token (the old cookie stops working at
 * once, so a token seen before MFA is worth nothing after it) and remembers when, for step-up.
 */
export async function raiseSessionToAal2(tx: DbOrTx, clock: Clock, sessionId: string) {
  const token = generateToken();
  const now = clock.now();
  const [row] = await tx
    .update(sessions)
    .set({ tokenHash: sha256Hex(token), aal: 'aal2', mfaVerifiedAt: now, lastSeenAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ expiresAt: sessions.expiresAt });
  if (!row) throw new Error('the session to raise is gone');
  return { token, expiresAt: row.expiresAt };
}

/** A code was verified again in an aal2 session (step-up before removing a factor). */
export async function markSessionMfaVerified(tx: DbOrTx, clock: Clock, sessionId: string) {
  await tx.update(sessions).set({ mfaVerifiedAt: clock.now() }).where(eq(sessions.id, sessionId));
}

/** SQL condition: a session that is neither revoked, past its lifetime, nor idle too long. */
function isLive(now: Date) {
  return and(
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
    gt(sessions.lastSeenAt, new Date(now.getTime() - IDLE_MS)),
  );
}

/** One page of a user's live sessions, newest first; the cursor is the last row's (created_at, id). */
export async function listLiveSessions(
  db: DbOrTx,
  clock: Clock,
  input: { userId: string; limit: number; after: TimeCursor | null },
) {
  const after = input.after;
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      clientAddress: sessions.clientAddress,
      userAgent: sessions.userAgent,
      aal: sessions.aal,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, input.userId),
        isLive(clock.now()),
        after
          ? or(
              lt(sessions.createdAt, after.at),
              and(eq(sessions.createdAt, after.at), lt(sessions.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(sessions.createdAt), desc(sessions.id))
    .limit(input.limit);
}

/** Revokes one live session of this user; null when there is none with that id (or it is another's). */
export async function revokeOwnSession(
  tx: DbOrTx,
  clock: Clock,
  input: { userId: string; sessionId: string },
) {
  const now = clock.now();
  const [row] = await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, input.sessionId), eq(sessions.userId, input.userId), isLive(now)))
    .returning({ id: sessions.id, orgId: sessions.orgId });
  return row ?? null;
}

/** Revokes the session behind a token; returns it if it was live, so the caller can audit. */
export async function revokeSessionByToken(tx: DbOrTx, clock: Clock, token: string) {
  const [row] = await tx
    .update(sessions)
    .set({ revokedAt: clock.now() })
    .where(and(eq(sessions.tokenHash, sha256Hex(token)), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id, userId: sessions.userId, orgId: sessions.orgId });
  return row ?? null;
}

export async function revokeUserSessions(tx: DbOrTx, clock: Clock, userId: string) {
  await tx
    .update(sessions)
    .set({ revokedAt: clock.now() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
