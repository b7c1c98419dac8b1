import { type AdminUser, type ListUsersResponse, type Role, resolveRole } from '@parley/contracts';
import { hashPassword } from '../../auth/passwords';
import { revokeUserSessions } from '../../auth/sessions';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { appendAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
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
  deps: { db: Db; clock: Clock },
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

/** A member's one role (SPEC §6: the first alphabetically when there are several). */
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

/** The opaque `next_cursor`: where the next page resumes, base64url so it travels in a query string. */
export function encodeMemberCursor(cursor: MemberCursor): string {
  return Buffer.from(JSON.stringify([cursor.name, cursor.id])).toString('base64url');
}

/** Null when the text is not a cursor this server made; the route answers 400 naming `cursor`. */
export function decodeMemberCursor(text: string): MemberCursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [name, id] = value;
    if (typeof name !== 'string' || typeof id !== 'string' || name.includes('\u0000')) return null;
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
    return { name, id };
  } catch {
    return null;
  }
}

/** One page of the organisation's members, by name, optionally narrowed by a name or e-mail fragment. */
export async function listMembers(
  db: DbOrTx,
  input: { orgId: string; search: string | undefined; cursor: string | undefined; limit: number },
): Promise<ListUsersResponse> {
  const search = input.search ? input.search : undefined;
  const after = input.cursor === undefined ? null : decodeMemberCursor(input.cursor);
  if (input.cursor !== undefined && after === null) {
    throw new AppError('VALIDATION_FAILED', { fields: { cursor: 'Invalid cursor' } });
  }
  const [rows, total] = await Promise.all([
    listOrgMembers(db, { orgId: input.orgId, search, after, limit: input.limit }),
    countOrgMembers(db, { orgId: input.orgId, search }),
  ]);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    items: page.map(toAdminUser),
    next_cursor:
      rows.length > input.limit && last ? encodeMemberCursor({ name: last.sortName, id: last.id }) : null,
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
  deps: { db: Db; clock: Clock },
  input: { orgId: string; userId: string; role: Role; actorId: string | null },
): Promise<AdminUser> {
  return deps.db.transaction(async (tx) => {
    await lockOrgAdmins(tx, input.orgId);
    const member = await requireOrgMember(tx, input.orgId, input.userId);
    const previous = roleOf(member);
    if (previous === input.role && member.roles.length === 1) return toAdminUser(member);
    if (input.role !== 'admin') await assertAnotherActiveAdmin(tx, input.orgId, member);
    await replaceUserRoles(tx, input.userId, [input.role]);
    await appendAudit(tx, deps.clock, {
      orgId: input.orgId,
      actorId: input.actorId,
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
  deps: { db: Db; clock: Clock },
  input: { orgId: string; userId: string; actorId: string },
): Promise<AdminUser> {
  return deps.db.transaction(async (tx) => {
    await lockOrgAdmins(tx, input.orgId);
    const member = await requireOrgMember(tx, input.orgId, input.userId);
    if (member.id === input.actorId) throw new AppError('SELF_DEACTIVATION');
    if (member.status === 'deactivated') {
      throw new AppError('CONFLICT', { message: 'This user is already deactivated' });
    }
    await assertAnotherActiveAdmin(tx, input.orgId, member);
    await setUserStatus(tx, member.id, 'deactivated');
    await revokeUserSessions(tx, deps.clock, member.id);
    await appendAudit(tx, deps.clock, {
      orgId: input.orgId,
      actorId: input.actorId,
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
  deps: { db: Db; clock: Clock },
  input: { orgId: string; userId: string; actorId: string },
): Promise<AdminUser> {
  return deps.db.transaction(async (tx) => {
    const member = await requireOrgMember(tx, input.orgId, input.userId);
    if (member.status === 'active')
      throw new AppError('CONFLICT', { message: 'This user is already active' });
    await setUserStatus(tx, member.id, 'active');
    await appendAudit(tx, deps.clock, {
      orgId: input.orgId,
      actorId: input.actorId,
      actionType: 'user_reactivated',
      entityType: 'user',
      entityId: member.id,
      details: { email: member.email, role: roleOf(member) },
    });
    return toAdminUser({ ...member, status: 'active' });
  });
}
