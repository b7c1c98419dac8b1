import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orgMemberships, profiles, userRoles, users } from '../../db/schema';

const rolesOfUser = sql<
  string[]
>`coalesce((select array_agg(${userRoles.role}) from ${userRoles} where ${userRoles.userId} = ${users.id}), '{}')`;

/** What sign-in needs to decide: the hash, status, membership and roles of an e-mail's account. */
export async function findSignInAccount(db: DbOrTx, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      passwordHash: users.passwordHash,
      status: users.status,
      name: profiles.name,
      orgId: orgMemberships.orgId,
      roles: rolesOfUser,
    })
    .from(users)
    .leftJoin(orgMemberships, eq(orgMemberships.userId, users.id))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.email, email));
  return row ?? null;
}

export async function findUserIdByEmail(db: DbOrTx, email: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id ?? null;
}

export async function findMemberRoles(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ orgId: orgMemberships.orgId, roles: rolesOfUser })
    .from(users)
    .innerJoin(orgMemberships, eq(orgMemberships.userId, users.id))
    .where(eq(users.id, userId));
  return row ?? null;
}

export async function insertUser(
  db: DbOrTx,
  input: { email: string; passwordHash: string | null; name: string },
) {
  const [row] = await db
    .insert(users)
    .values({ email: input.email, passwordHash: input.passwordHash })
    .returning({ id: users.id });
  if (!row) throw new Error('user insert returned nothing');
  await db.insert(profiles).values({ id: row.id, name: input.name });
  return row.id;
}

export async function insertMembership(db: DbOrTx, input: { userId: string; orgId: string }) {
  await db.insert(orgMemberships).values(input);
}

export async function replaceUserRoles(db: DbOrTx, userId: string, roles: readonly string[]) {
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  await db
    .insert(userRoles)
    .values(roles.map((role) => ({ userId, role: role as (typeof userRoles.$inferInsert)['role'] })));
}

export async function countUsers(db: DbOrTx) {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  return row?.count ?? 0;
}
