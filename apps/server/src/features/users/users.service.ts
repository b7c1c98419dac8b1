import {
  type AdminUser,
  type ListUsersQuery,
  type ListUsersResponse,
  type Role,
  resolveRole,
} from '@parley/contracts';
import type { Actor, AuditActor } from '../../auth/actor';
import { hashPassword } from '../../auth/passwords';
import { revokeUserSessions } from '../../auth/sessions';
import type { ServiceContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { appendAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { encodeCursor, invalidCursor, isUuid, parseCursor } from '../../lib/cursor';
import { AppError } from '../../lib/errors';
import {
  countOrgMembers,
  countOtherActiveAdmins,
  findOrgMember,
  findUserIdByEmail,
  insertMembership,
  insertUser,
  listOrgMembers,
  lockOrgAdmins,
  type MemberCursor,
  type MemberRow,
  replaceUserRoles,
  setUserStatus,
} from './users.queries';

export type NewMember = { email: string; password: string; name: string; role: Role; orgId: string };

/** A user with profile, membership and role, and its audit entry, in one transaction. */
export async function createMember(
  deps: Pick<ServiceContext, 'db' | 'clock'>,
  input: NewMember & { actorId: string | null },
) {
  const passwordHash = await hashPassword(input.password);
  return deps.db.transaction((tx) => insertMember(tx, deps.clock, { ...input, passwordHash }));
}

/** The writes of createMember inside the caller's transaction; the password is hashed beforehand. */
export async function insertMember(
  tx: Tx,
  clock: Clock,
  input: Omit<NewMember, 'password'> & { passwordHash: string | null; actorId: string | null },
) {
  const email = input.email.trim().toLowerCase();
  if (await findUserIdByEmail(tx, email)) {
    throw new AppError('CONFLICT', {
      message: `A user with the e-mail ${email} already exists.`,
      fields: { email: 'Already in use' },
    });
  }
  const userId = await insertUser(tx, { email, passwordHash: input.passwordHash, name: input.name });
  await replaceUserRoles(tx, userId, [input.role]);
  await insertMembership(tx, { userId, orgId: input.orgId });
  await appendAudit(tx, clock, {
    orgId: input.orgId,
    actorId: input.actorId ?? userId,
    actionType: 'user_created',
    entityType: 'user',
    entityId: userId,
    details: { email, role: input.role },
  });
  return userId;
}

/** A member's one role (docs/product.md §6: the first alphabetically when there are several). */
function roleOf(member: MemberRow): Role {
  const role = resolveRole(member.roles);
  // A deferred trigger (migration 0001) refuses every commit that leaves a member without a role.
  if (role === null) throw new Error(`member ${member.id} has no readable role`);
  return role;
}

export function toAdminUser(member: MemberRow): AdminUser {
  return {
    id: member.id,
    name: member.name,
    email: member.email,
    role: roleOf(member),
    status: member.status,
    created_at: member.createdAt.toISOString(),
    last_sign_in_at: member.lastSignInAt?.toISOString() ?? null,
  };
}

/** A members-list position: the last member's sort name and id. */
function parseMemberCursor(value: string): MemberCursor {
  const [name = '', id = ''] = parseCursor(value, 2);
  if (name.includes('\u0000') || !isUuid(id)) throw invalidCursor();
  return { name, id };
}

/** One page of the organisation's members, by name, optionally narrowed by a name or e-mail fragment. */
export async function listMembers(
  ctx: Pick<ServiceContext, 'db'>,
  actor: Pick<Actor, 'orgId'>,
  query: ListUsersQuery,
): Promise<ListUsersResponse> {
  const search = query.q ? query.q : undefined;
  const after = query.cursor === undefined ? null : parseMemberCursor(query.cursor);
  const [rows, total] = await Promise.all([
    listOrgMembers(ctx.db, { orgId: actor.orgId, search, after, limit: query.limit }),
    countOrgMembers(ctx.db, { orgId: actor.orgId, search }),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toAdminUser),
    next_cursor: rows.length > query.limit && last ? encodeCursor([last.sortName, last.id]) : null,
    total,
  };
}

/** The member of the organisation, or 404 (another organisation's user is not found, not forbidden). */
async function requireOrgMember(tx: DbOrTx, orgId: string, userId: string) {
  const member = await findOrgMember(tx, orgId, userId);
  if (!member) throw new AppError('NOT_FOUND');
  return member;
}

/** Refuses a change that would leave the organisation without an active admin. Call under lockOrgAdmins. */
async function assertAnotherActiveAdmin(tx: DbOrTx, orgId: string, member: MemberRow) {
  const isActiveAdmin = member.status === 'active' && roleOf(member) === 'admin';
  if (isActiveAdmin && (await countOtherActiveAdmins(tx, orgId, member.id)) === 0) {
    throw new AppError('LAST_ADMIN');
  }
}

/**
 * Replaces a member's role; the change is audited with the role it had before. The last active
 * admin of an organisation keeps the role (also when demoting themselves), checked under the
 * organisation's admin lock so two admins demoting each other at once cannot both succeed.
 */
export async function changeUserRole(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  actor: AuditActor,
  input: { userId: string; role: Role },
): Promise<AdminUser> {
  return ctx.db.transaction(async (tx) => {
    await lockOrgAdmins(tx, actor.orgId);
    const member = await requireOrgMember(tx, actor.orgId, input.userId);
    const previous = roleOf(member);
    if (previous === input.role && member.roles.length === 1) return toAdminUser(member);
    if (input.role !== 'admin') await assertAnotherActiveAdmin(tx, actor.orgId, member);
    await replaceUserRoles(tx, input.userId, [input.role]);
    await appendAudit(tx, ctx.clock, {
      orgId: actor.orgId,
      actorId: actor.userId,
      actionType: 'role_changed',
      entityType: 'user',
      entityId: input.userId,
      details: { from: previous, to: input.role },
    });
    return toAdminUser({ ...member, roles: [input.role] });
  });
}

/**
 * Deactivates a member: they can no longer sign in, and every session of theirs is revoked in the
 * same transaction, so their next request is a 401. Nobody deactivates themselves, and the last
 * active admin stays active.
 */
export async function deactivateUser(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  actor: Pick<Actor, 'userId' | 'orgId'>,
  input: { userId: string },
): Promise<AdminUser> {
  return ctx.db.transaction(async (tx) => {
    await lockOrgAdmins(tx, actor.orgId);
    const member = await requireOrgMember(tx, actor.orgId, input.userId);
    if (member.id === actor.userId) throw new AppError('SELF_DEACTIVATION');
    if (member.status === 'deactivated') {
      throw new AppError('CONFLICT', { message: 'This user is already deactivated' });
    }
    await assertAnotherActiveAdmin(tx, actor.orgId, member);
    await setUserStatus(tx, member.id, 'deactivated');
    await revokeUserSessions(tx, ctx.clock, member.id);
    await appendAudit(tx, ctx.clock, {
      orgId: actor.orgId,
      actorId: actor.userId,
      actionType: 'user_deactivated',
      entityType: 'user',
      entityId: member.id,
      details: { email: member.email, role: roleOf(member) },
    });
    return toAdminUser({ ...member, status: 'deactivated' });
  });
}

/** Lets a deactivated member sign in again; sessions revoked at deactivation stay revoked. */
export async function reactivateUser(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  actor: Pick<Actor, 'userId' | 'orgId'>,
  input: { userId: string },
): Promise<AdminUser> {
  return ctx.db.transaction(async (tx) => {
    const member = await requireOrgMember(tx, actor.orgId, input.userId);
    if (member.status === 'active')
      throw new AppError('CONFLICT', { message: 'This user is already active' });
    await setUserStatus(tx, member.id, 'active');
    await appendAudit(tx, ctx.clock, {
      orgId: actor.orgId,
      actorId: actor.userId,
      actionType: 'user_reactivated',
      entityType: 'user',
      entityId: member.id,
      details: { email: member.email, role: roleOf(member) },
    });
    return toAdminUser({ ...member, status: 'active' });
  });
}

// Reads other features use (sign-in, magic links, unsubscribe, invitations, security, setup): the users
// feature publishes them here; its queries module stays its own (docs/decisions/018-import-boundaries.md).
export { countUsers, findOrgMember, findSignInAccount, findUserIdByEmail, hasAnyUser } from './users.queries';
