import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext, json } from '../../../test/test-app';
import { auditLogs } from '../../db/schema';

const ctx = await createTestContext();

describe('PATCH /api/profile', () => {
  it('lets every signed-in role change their own name', async () => {
    await ctx.expectGuarded('PATCH', '/api/profile', 'signed-in', { name: 'Someone' });
  });

  it('changes the name (trimmed), keeps e-mail and role, and audits the change', async () => {
    const user = await ctx.signInAs('ir_director');
    const res = await ctx.request('PATCH', '/api/profile', {
      cookie: user.cookie,
      body: { name: '  Dana Director ', email: 'other@parley.test', role: 'admin' },
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ name: 'Dana Director', email: user.email, role: 'ir_director' });
    const session = await json(await ctx.request('GET', '/api/auth/session', { cookie: user.cookie }));
    expect(session.user).toMatchObject({ name: 'Dana Director', email: user.email });
    expect(session.role).toBe('ir_director');
    const audit = await ctx.db
      .select({ details: auditLogs.details })
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, user.userId), eq(auditLogs.actionType, 'profile_updated')));
    expect(audit.map((a) => a.details)).toEqual([
      { name: { from: 'Test ir_director', to: 'Dana Director' } },
    ]);
  });

  it('refuses an empty or overlong name, naming the field', async () => {
    const user = await ctx.signInAs('is_associate');
    for (const name of ['   ', 'x'.repeat(201)]) {
      const res = await ctx.request('PATCH', '/api/profile', { cookie: user.cookie, body: { name } });
      expect(res.status).toBe(400);
      expect(Object.keys((await json(res)).error.fields)).toEqual(['name']);
    }
  });
});
