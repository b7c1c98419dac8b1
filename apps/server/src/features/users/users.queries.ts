import { and, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orgMemberships, profiles, sessions, userRoles, users } from '../../db/schema';
import { containsPattern } from '../../lib/like';

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

/** Whether anyone exists: stops at the first row, unlike a count. */
export async function hasAnyUser(db: DbOrTx): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length > 0;
}

export async function countUsers(db: DbOrTx) {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  return row?.count ?? 0;
}

/** When the user last signed in: their newest session (sessions_user_id_idx), or null. */
const lastSignInAt =
  sql<Date | null>`(select max(${sessions.createdAt}) from ${sessions} where ${sessions.userId} = ${users.id})`.mapWith(
    sessions.createdAt,
  );

/** The list's sort key: names case-insensitively, ties broken by id so the order is total. */
const nameSortKey = sql<string>`lower(${profiles.name})`;

/** The columns of one member as the admin's user list shows them. */
const memberColumns = {
  id: users.id,
  email: users.email,
  name: profiles.name,
  status: users.status,
  createdAt: users.createdAt,
  roles: rolesOfUser,
  lastSignInAt,
};

export type MemberRow = {
  id: string;
  email: string;
  name: string;
  status: 'active' | 'deactivated';
  createdAt: Date;
  roles: string[];
  lastSignInAt: Date | null;
};

/** Where a keyset page resumes: the sort key (as the database computed it) and id of the previous page's last row. */
export type MemberCursor = { name: string; id: string };

function memberFilter(orgId: string, search: string | undefined): SQL | undefined {
  const pattern = search ? containsPattern(search) : undefined;
  return and(
    eq(orgMemberships.orgId, orgId),
    pattern ? or(ilike(profiles.name, pattern), ilike(users.email, pattern)) : undefined,
  );
}

/**
 * One page of an organisation's members, by name. The organisation's rows are found through
 * org_memberships_org_id_idx, so a page never reads other organisations' members; `limit + 1`
 * rows tell whether another page follows.
 */
export async function listOrgMembers(
  db: DbOrTx,
  input: { orgId: string; search: string | undefined; after: MemberCursor | null; limit: number },
): Promise<(MemberRow & { sortName: string })[]> {
  const after = input.after
    ? sql`(${nameSortKey}, ${users.id}) > (${input.after.name}, ${input.after.id}::uuid)`
    : undefined;
  return db
    .select({ ...memberColumns, sortName: nameSortKey })
    .from(orgMemberships)
    .innerJoin(users, eq(users.id, orgMemberships.userId))
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(and(memberFilter(input.orgId, input.search), after))
    .orderBy(nameSortKey, users.id)
    .limit(input.limit + 1);
}

export async function countOrgMembers(db: DbOrTx, input: { orgId: string; search: string | undefined }) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orgMemberships)
    .innerJoin(users, eq(users.id, orgMemberships.userId))
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(memberFilter(input.orgId, input.search));
  return row?.count ?? 0;
}

/** One member of the organisation, or null (also for another organisation's user). */
export async function findOrgMember(db: DbOrTx, orgId: string, userId: string): Promise<MemberRow | null> {
  const [row] = await db
    .select(memberColumns)
    .from(orgMemberships)
    .innerJoin(users, eq(users.id, orgMemberships.userId))
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(and(eq(orgMemberships.orgId, orgId), eq(users.id, userId)));
  return row ?? null;
}

/** Namespace of the per-organisation admin lock (two-key advisory locks; the first key is ours). */
const ORG_ADMINS_LOCK_NAMESPACE = 7_250_002;

/**
 * Serialises every change that could remove an admin of one organisation, until the transaction
 * ends. Taken before the admins are counted, so two admins demoting each other at once cannot both
 * see the other one as the admin who remains: the second waits, then counts what the first left.
 */
export async function lockOrgAdmins(tx: DbOrTx, orgId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${ORG_ADMINS_LOCK_NAMESPACE}, hashtext(${orgId}))::text`);
}

/** Active members of the organisation holding the admin role, other than `exceptUserId`. */
export async function countOtherActiveAdmins(db: DbOrTx, orgId: string, exceptUserId: string) {
  const [row] = await db
    .select({ count: sql<number>`count(distinct ${users.id})::int` })
    .from(orgMemberships)
    .innerJoin(users, eq(users.id, orgMemberships.userId))
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(
      and(
        eq(orgMemberships.orgId, orgId),
        eq(userRoles.role, 'admin'),
        eq(users.status, 'active'),
        ne(users.id, exceptUserId),
      ),
    );
  return row?.count ?? 0;
}

export async function setUserStatus(db: DbOrTx, userId: string, status: 'active' | 'deactivated') {
  await db.update(users).set({ status }).where(eq(users.id, userId));
}
