import { type Role, resolveRole } from '@parley/contracts';
import { hashPassword } from '../../auth/passwords';
import type { Db, DbOrTx } from '../../db/client';
import { appendAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import {
  findMemberRoles,
  findUserIdByEmail,
  insertMembership,
  insertUser,
  replaceUserRoles,
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
  tx: DbOrTx,
  clock: Clock,
  input: Omit<NewMember, 'password'> & { passwordHash: string; actorId: string | null },
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

/** Replaces a member's role; the change is audited with the role it had before. */
export async function changeUserRole(
  deps: { db: Db; clock: Clock },
  input: { orgId: string; userId: string; role: Role; actorId: string | null },
) {
  await deps.db.transaction(async (tx) => {
    const member = await findMemberRoles(tx, input.userId);
    if (!member || member.orgId !== input.orgId) throw new AppError('NOT_FOUND');
    const previous = resolveRole(member.roles);
    await replaceUserRoles(tx, input.userId, [input.role]);
    await appendAudit(tx, deps.clock, {
      orgId: input.orgId,
      actorId: input.actorId,
      actionType: 'role_changed',
      entityType: 'user',
      entityId: input.userId,
      details: { from: previous, to: input.role },
    });
  });
}
