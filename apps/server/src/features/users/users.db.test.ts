import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext, databaseErrorOf, json } from '../../../test/test-app';
import { auditLogs, orgMemberships, userRoles } from '../../db/schema';
import { insertUser } from './users.queries';
import { changeUserRole } from './users.service';

const ctx = await createTestContext();

describe('roles', () => {
  it('makes a member without a role impossible', async () => {
    const orgId = await ctx.createOrg();
    const roleless = ctx.db.transaction(async (tx) => {
      const userId = await insertUser(tx, {
        email: `roleless.${Date.now()}@parley.test`,
        passwordHash: null,
        name: 'R',
      });
      await tx.insert(orgMemberships).values({ userId, orgId });
    });
    expect(await databaseErrorOf(roleless)).toMatch(/has no role/);

    const member = await ctx.createUser('ir_associate', orgId);
    const stripped = ctx.db.delete(userRoles).where(eq(userRoles.userId, member.userId));
    expect(await databaseErrorOf(stripped)).toMatch(/has no role/);
  });

  it('uses the first role alphabetically when a user has several', async () => {
    const member = await ctx.createUser('is_associate');
    await ctx.db.insert(userRoles).values({ userId: member.userId, role: 'ir_associate' });
    const res = await ctx.signIn(member.email, member.password);
    expect((await json(res)).role).toBe('ir_associate');
  });

  it('audits a role change with the role before and after, and applies it to live sessions', async () => {
    const admin = await ctx.createUser('admin');
    const member = await ctx.signInAs('is_associate', admin.orgId);
    await changeUserRole(ctx.deps, admin, { userId: member.userId, role: 'ir_director' });

    const session = await ctx.request('GET', '/api/auth/session', { cookie: member.cookie });
    expect((await json(session)).role).toBe('ir_director');
    const [entry] = await ctx.db
      .select({ details: auditLogs.details, actorId: auditLogs.actorId })
      .from(auditLogs)
      .where(and(eq(auditLogs.orgId, admin.orgId), eq(auditLogs.actionType, 'role_changed')));
    expect(entry).toEqual({ actorId: admin.userId, details: { from: 'is_associate', to: 'ir_director' } });
  });

  it("refuses to change the role of another organisation's member", async () => {
    const admin = await ctx.createUser('admin');
    const stranger = await ctx.createUser('ir_associate');
    await expect(
      changeUserRole(ctx.deps, admin, { userId: stranger.userId, role: 'admin' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
