import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { authTokens, orgMemberships, profiles, userRoles, users } from '../../db/schema';

export type AuthTokenPurpose = (typeof authTokens.$inferSelect)['purpose'];

/** What a link needs to decide on the user behind it: status, membership and roles. */
export async function findLinkAccount(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      status: users.status,
      name: profiles.name,
      orgId: orgMemberships.orgId,
      roles: sql<
        string[]
      >`coalesce((select array_agg(${userRoles.role}) from ${userRoles} where ${userRoles.userId} = ${users.id}), '{}')`,
    })
    .from(users)
    .leftJoin(orgMemberships, eq(orgMemberships.userId, users.id))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId));
  return row ?? null;
}

export async function insertAuthToken(
  db: DbOrTx,
  input: { userId: string; purpose: AuthTokenPurpose; tokenHash: string; createdAt: Date; expiresAt: Date },
) {
  const [row] = await db.insert(authTokens).values(input).returning({ id: authTokens.id });
  if (!row) throw new Error('auth token insert returned nothing');
  return row.id;
}

/** Voids the user's links of a purpose that were never used (a newer one replaces them). */
export async function deleteUnusedAuthTokens(db: DbOrTx, userId: string, purpose: AuthTokenPurpose) {
  await db
    .delete(authTokens)
    .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
}

/** Voids every unused link of the user except one (after a password reset). */
export async function deleteOtherUnusedAuthTokens(db: DbOrTx, userId: string, keepId: string) {
  await db
    .delete(authTokens)
    .where(and(eq(authTokens.userId, userId), isNull(authTokens.usedAt), ne(authTokens.id, keepId)));
}

const isLive = (tokenHash: string, purpose: AuthTokenPurpose, now: Date) =>
  and(
    eq(authTokens.tokenHash, tokenHash),
    eq(authTokens.purpose, purpose),
    isNull(authTokens.usedAt),
    gt(authTokens.expiresAt, now),
  );

/** A live link without using it up: a cheap check before expensive work (hashing a password). */
export async function findLiveAuthToken(db: DbOrTx, tokenHash: string, purpose: AuthTokenPurpose, now: Date) {
  const [row] = await db
    .select({ id: authTokens.id, userId: authTokens.userId })
    .from(authTokens)
    .where(isLive(tokenHash, purpose, now));
  return row ?? null;
}

/**
 * Uses a link up in one statement: only an unused, unexpired token of the purpose matches, so of
 * two parallel requests with one token exactly one gets the row back.
 */
export async function consumeAuthToken(db: DbOrTx, tokenHash: string, purpose: AuthTokenPurpose, now: Date) {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(isLive(tokenHash, purpose, now))
    .returning({ id: authTokens.id, userId: authTokens.userId });
  return row ?? null;
}

export async function updatePasswordHash(db: DbOrTx, userId: string, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}
