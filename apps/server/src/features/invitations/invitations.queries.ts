import type { InvitationTab, Role } from '@parley/contracts';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { organizations, profiles, userInvitations } from '../../db/schema';
import type { TimeCursor } from '../../lib/cursor';

const inviter = alias(profiles, 'inviter');

/** The columns every read needs: never the token hash. */
const invitationColumns = {
  id: userInvitations.id,
  orgId: userInvitations.orgId,
  email: userInvitations.email,
  role: userInvitations.role,
  status: userInvitations.status,
  accepted: userInvitations.accepted,
  invitedBy: userInvitations.invitedBy,
  invitedByName: inviter.name,
  createdAt: userInvitations.createdAt,
  lastSentAt: userInvitations.lastSentAt,
  expiresAt: userInvitations.expiresAt,
  acceptedAt: userInvitations.acceptedAt,
  acceptedUserId: userInvitations.acceptedUserId,
  deletedAt: userInvitations.deletedAt,
  deleteReason: userInvitations.deleteReason,
  resendCountLifetime: userInvitations.resendCountLifetime,
  resendDay: userInvitations.resendDay,
  resendDayCount: userInvitations.resendDayCount,
};

export type InvitationRow = {
  id: string;
  orgId: string;
  email: string;
  role: Role;
  status: 'pending' | 'accepted' | 'expired' | 'revoked';
  accepted: boolean;
  invitedBy: string | null;
  invitedByName: string | null;
  createdAt: Date;
  lastSentAt: Date | null;
  expiresAt: Date;
  acceptedAt: Date | null;
  acceptedUserId: string | null;
  deletedAt: Date | null;
  deleteReason: string | null;
  resendCountLifetime: number;
  resendDay: string | null;
  resendDayCount: number;
};

function selectInvitations(db: DbOrTx) {
  return db
    .select(invitationColumns)
    .from(userInvitations)
    .leftJoin(inviter, eq(inviter.id, userInvitations.invitedBy));
}

export async function insertInvitation(
  db: DbOrTx,
  values: {
    orgId: string;
    email: string;
    role: Role;
    invitedBy: string;
    tokenHash: string;
    createdAt: Date;
    lastSentAt: Date;
    expiresAt: Date;
  },
) {
  const [row] = await db.insert(userInvitations).values(values).returning({ id: userInvitations.id });
  if (!row) throw new Error('invitation insert returned nothing');
  return row.id;
}

export async function findInvitationById(db: DbOrTx, orgId: string, id: string) {
  const [row] = await selectInvitations(db).where(
    and(eq(userInvitations.id, id), eq(userInvitations.orgId, orgId)),
  );
  return (row as InvitationRow | undefined) ?? null;
}

/** Locks one invitation of the organisation, so concurrent resends and deletes queue up. */
export async function lockInvitationById(db: DbOrTx, orgId: string, id: string) {
  const [row] = await db
    .select({ id: userInvitations.id })
    .from(userInvitations)
    .where(and(eq(userInvitations.id, id), eq(userInvitations.orgId, orgId)))
    .for('update');
  if (!row) return null;
  return findInvitationById(db, orgId, id);
}

/**
 * Locks the organisation's invitations among `ids` in one statement, in id order, so two batches
 * over the same rows wait for each other instead of deadlocking. Ids of other organisations and
 * unknown ids are simply absent from the map.
 */
export async function lockInvitationsByIds(db: DbOrTx, orgId: string, ids: readonly string[]) {
  const locked = await db
    .select({ id: userInvitations.id })
    .from(userInvitations)
    .where(and(eq(userInvitations.orgId, orgId), inArray(userInvitations.id, [...ids])))
    .orderBy(asc(userInvitations.id))
    .for('update');
  if (locked.length === 0) return new Map<string, InvitationRow>();
  const rows = await selectInvitations(db).where(
    and(
      eq(userInvitations.orgId, orgId),
      inArray(
        userInvitations.id,
        locked.map((row) => row.id),
      ),
    ),
  );
  return new Map((rows as InvitationRow[]).map((row) => [row.id, row]));
}

/** The invitation behind a link, with its organisation's name (for the preview and the reasons). */
export async function findInvitationByTokenHash(db: DbOrTx, tokenHash: string) {
  const [row] = await selectInvitations(db).where(eq(userInvitations.tokenHash, tokenHash));
  if (!row) return null;
  const [org] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, row.orgId));
  return { ...(row as InvitationRow), organizationName: org?.name ?? '' };
}

/** Serialises invitation writes for one address in one organisation (the duplicate check). */
export async function lockInvitationAddress(db: DbOrTx, orgId: string, email: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`invitation:${orgId}:${email}`}, 0))`);
}

/** A pending, not deleted, not expired invitation for the address in the organisation. */
export async function findLiveInvitationByEmail(db: DbOrTx, orgId: string, email: string, now: Date) {
  const [row] = await db
    .select({ id: userInvitations.id })
    .from(userInvitations)
    .where(
      and(
        eq(userInvitations.orgId, orgId),
        eq(userInvitations.email, email),
        eq(userInvitations.status, 'pending'),
        isNull(userInvitations.deletedAt),
        gt(userInvitations.expiresAt, now),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/**
 * Claims the live invitation of an address in an organisation (single sign-on accepts by the address the
 * provider vouched for, not by a link: docs/decisions/056-single-sign-on.md). One conditional UPDATE, so
 * of concurrent claims exactly one wins.
 */
export async function claimLiveInvitationByEmail(db: DbOrTx, orgId: string, email: string, now: Date) {
  const id = await findLiveInvitationByEmail(db, orgId, email, now);
  if (!id) return null;
  const [row] = await db
    .update(userInvitations)
    .set({ status: 'accepted', accepted: true, acceptedAt: now })
    .where(
      and(
        eq(userInvitations.id, id),
        eq(userInvitations.status, 'pending'),
        isNull(userInvitations.deletedAt),
        gt(userInvitations.expiresAt, now),
      ),
    )
    .returning({ id: userInvitations.id, email: userInvitations.email, role: userInvitations.role });
  return row ?? null;
}

/** A pending, not deleted, not expired invitation for the address in any organisation. */
export async function hasLiveInvitationForEmail(db: DbOrTx, email: string, now: Date) {
  const [row] = await db
    .select({ id: userInvitations.id })
    .from(userInvitations)
    .where(
      and(
        eq(userInvitations.email, email),
        eq(userInvitations.status, 'pending'),
        isNull(userInvitations.deletedAt),
        gt(userInvitations.expiresAt, now),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function findOrganizationName(db: DbOrTx, orgId: string) {
  const [row] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return row?.name ?? null;
}

export async function updateInvitation(
  db: DbOrTx,
  id: string,
  values: Partial<
    Pick<
      typeof userInvitations.$inferInsert,
      | 'tokenHash'
      | 'lastSentAt'
      | 'expiresAt'
      | 'resendCountLifetime'
      | 'resendDay'
      | 'resendDayCount'
      | 'status'
      | 'deletedAt'
      | 'deletedBy'
      | 'deleteReason'
      | 'acceptedUserId'
    >
  >,
) {
  await db.update(userInvitations).set(values).where(eq(userInvitations.id, id));
}

/**
 * Consumes a link atomically: one UPDATE that only matches a pending, not deleted, unexpired row.
 * Of any number of concurrent calls with one token, exactly one gets the row back (PostgreSQL
 * re-checks the WHERE against the committed row after waiting for a concurrent writer).
 */
export async function claimInvitationByTokenHash(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .update(userInvitations)
    .set({ status: 'accepted', accepted: true, acceptedAt: now })
    .where(
      and(
        eq(userInvitations.tokenHash, tokenHash),
        eq(userInvitations.status, 'pending'),
        isNull(userInvitations.deletedAt),
        gt(userInvitations.expiresAt, now),
      ),
    )
    .returning({
      id: userInvitations.id,
      orgId: userInvitations.orgId,
      email: userInvitations.email,
      role: userInvitations.role,
    });
  return row ?? null;
}

/**
 * The filter of each tab (docs/product.md §4): Deleted shows deleted rows; the others hide them unless asked.
 */
function tabFilter(tab: InvitationTab, showDeleted: boolean, now: Date): SQL | undefined {
  const notDeleted = showDeleted ? undefined : isNull(userInvitations.deletedAt);
  const isPending = and(eq(userInvitations.status, 'pending'), gt(userInvitations.expiresAt, now));
  const isExpired = or(
    eq(userInvitations.status, 'expired'),
    and(eq(userInvitations.status, 'pending'), lte(userInvitations.expiresAt, now)),
  );
  switch (tab) {
    case 'all':
      return notDeleted;
    case 'pending':
      return and(isPending, notDeleted);
    case 'accepted':
      return and(eq(userInvitations.status, 'accepted'), notDeleted);
    case 'expired':
      return and(isExpired, notDeleted);
    case 'deleted':
      return isNotNull(userInvitations.deletedAt);
  }
}

/** One page of a tab, newest first; keyset on (created_at, id) over the (org_id, created_at) index. */
export async function listInvitations(
  db: DbOrTx,
  input: {
    orgId: string;
    tab: InvitationTab;
    showDeleted: boolean;
    now: Date;
    limit: number;
    /** The (created_at, id) of the last row of the page before. */
    after: TimeCursor | null;
  },
) {
  const after = input.after
    ? or(
        sql`${userInvitations.createdAt} < ${input.after.at.toISOString()}::timestamptz`,
        and(
          sql`${userInvitations.createdAt} = ${input.after.at.toISOString()}::timestamptz`,
          sql`${userInvitations.id} < ${input.after.id}::uuid`,
        ),
      )
    : undefined;
  const rows = await selectInvitations(db)
    .where(
      and(eq(userInvitations.orgId, input.orgId), tabFilter(input.tab, input.showDeleted, input.now), after),
    )
    .orderBy(desc(userInvitations.createdAt), desc(userInvitations.id))
    .limit(input.limit + 1);
  return rows as InvitationRow[];
}

/** Every tab's count in one pass, under the same 'Show deleted' setting. */
export async function countInvitationsByTab(
  db: DbOrTx,
  input: { orgId: string; showDeleted: boolean; now: Date },
) {
  const count = (tab: InvitationTab) => {
    const filter = tabFilter(tab, input.showDeleted, input.now);
    return filter ? sql<number>`(count(*) filter (where ${filter}))::int` : sql<number>`count(*)::int`;
  };
  const [row] = await db
    .select({
      all: count('all'),
      pending: count('pending'),
      accepted: count('accepted'),
      expired: count('expired'),
      deleted: count('deleted'),
    })
    .from(userInvitations)
    .where(eq(userInvitations.orgId, input.orgId));
  return row ?? { all: 0, pending: 0, accepted: 0, expired: 0, deleted: 0 };
}
