import { SESSION_ABSOLUTE_HOURS, SESSION_IDLE_MINUTES } from '@parley/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { orgMemberships, profiles, sessions, userRoles, users } from '../db/schema';
import type { Clock } from '../lib/clock';
import { generateToken, sha256Hex } from '../lib/crypto';

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
  aal: 'aal1' | 'aal2';
  expiresAt: Date;
};

export async function createSession(
  tx: DbOrTx,
  clock: Clock,
  input: { userId: string; orgId: string; clientAddress: string | null; userAgent: string | null },
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
 * The session behind a cookie token, or null when it is unknown, revoked, idle for more than
 * 30 minutes, past its 12-hour lifetime, or its user is deactivated or no longer a member.
 */
export async function findActiveSession(
  db: DbOrTx,
  clock: Clock,
  token: string,
): Promise<SessionContext | null> {
  const now = clock.now();
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
      roles: sql<
        string[]
      >`coalesce((select array_agg(${userRoles.role}) from ${userRoles} where ${userRoles.userId} = ${sessions.userId}), '{}')`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(orgMemberships, eq(orgMemberships.userId, sessions.userId))
    .leftJoin(profiles, eq(profiles.id, sessions.userId))
    .where(
      and(eq(sessions.tokenHash, sha256Hex(token)), isNull(sessions.revokedAt), eq(users.status, 'active')),
    );
  if (!row || row.orgId !== row.sessionOrgId) return null;
  if (row.expiresAt.getTime() <= now.getTime()) return null;
  if (row.lastSeenAt.getTime() + IDLE_MS <= now.getTime()) return null;

  if (now.getTime() - row.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
  }
  return {
    sessionId: row.sessionId,
    userId: row.userId,
    orgId: row.orgId,
    email: row.email,
    name: row.name ?? row.email,
    roles: row.roles,
    aal: row.aal,
    expiresAt: row.expiresAt,
  };
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
