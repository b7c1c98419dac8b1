import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext, json } from '../../../test/test-app';
import { auditLogs } from '../../db/schema';

const ctx = await createTestContext();

const DEFAULTS = {
  email_signature: '',
  notifications: {
    mentions: true,
    approval_requests: true,
    compliance_flags: true,
    weekly_digest: true,
    investor_replies: true,
  },
};

function read(cookie: string) {
  return ctx.request('GET', '/api/settings', { cookie });
}

function update(cookie: string, body: unknown) {
  return ctx.request('PATCH', '/api/settings', { cookie, body });
}

describe('GET /api/settings', () => {
  it('is open to every signed-in role', async () => {
    await ctx.expectGuarded('GET', '/api/settings', 'signed-in');
  });

  it('gives an empty signature and every notification on before anything is saved', async () => {
    const user = await ctx.signInAs('ir_associate');
    const res = await read(user.cookie);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual(DEFAULTS);
  });
});

describe('PATCH /api/settings', () => {
  it('is open to every signed-in role', async () => {
    await ctx.expectGuarded('PATCH', '/api/settings', 'signed-in', {
      notifications: { weekly_digest: false },
    });
  });

  it('changes only the keys given and keeps the rest', async () => {
    const user = await ctx.signInAs('is_associate');
    const first = await update(user.cookie, { notifications: { weekly_digest: false } });
    expect(first.status).toBe(200);
    expect(await json(first)).toEqual({
      ...DEFAULTS,
      notifications: { ...DEFAULTS.notifications, weekly_digest: false },
    });
    const second = await update(user.cookie, {
      email_signature: 'Kind regards,\nDana\nInvestor Relations',
      notifications: { mentions: false },
    });
    expect(second.status).toBe(200);
    const expected = {
      email_signature: 'Kind regards,\nDana\nInvestor Relations',
      notifications: {
        mentions: false,
        approval_requests: true,
        compliance_flags: true,
        weekly_digest: false,
        investor_replies: true,
      },
    };
    expect(await json(second)).toEqual(expected);
    expect(await json(await read(user.cookie))).toEqual(expected);
  });

  it("keeps each user's settings their own", async () => {
    const first = await ctx.signInAs('ir_director');
    const second = await ctx.signInAs('ir_director', first.orgId);
    await update(first.cookie, { email_signature: 'First', notifications: { compliance_flags: false } });
    expect(await json(await read(second.cookie))).toEqual(DEFAULTS);
    const res = await update(second.cookie, { notifications: { approval_requests: false } });
    expect((await json(res)).email_signature).toBe('');
    expect(await json(await read(first.cookie))).toEqual({
      email_signature: 'First',
      notifications: { ...DEFAULTS.notifications, compliance_flags: false },
    });
  });

  it('audits the names of the changed keys but never the signature text', async () => {
    const user = await ctx.signInAs('admin');
    await update(user.cookie, {
      email_signature: 'Private line 555-0100',
      notifications: { mentions: true },
    });
    await update(user.cookie, { notifications: { mentions: false, weekly_digest: true } });
    await update(user.cookie, { notifications: { mentions: false } }); // nothing changes: no entry
    const audit = await ctx.db
      .select({ details: auditLogs.details, actorId: auditLogs.actorId, orgId: auditLogs.orgId })
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, user.userId), eq(auditLogs.actionType, 'settings_updated')))
      .orderBy(auditLogs.seq);
    expect(audit).toEqual([
      { details: { changed: ['email_signature'] }, actorId: user.userId, orgId: user.orgId },
      { details: { changed: ['notifications.mentions'] }, actorId: user.userId, orgId: user.orgId },
    ]);
    expect(JSON.stringify(audit)).not.toContain('555-0100');
  });

  it('refuses a signature over 2,000 characters and non-boolean toggles, naming the fields, and saves nothing', async () => {
    const user = await ctx.signInAs('ir_associate');
    const res = await update(user.cookie, {
      email_signature: 'x'.repeat(2_001),
      notifications: { mentions: 'no', weekly_digest: false },
    });
    expect(res.status).toBe(400);
    expect(Object.keys((await json(res)).error.fields).sort()).toEqual([
      'email_signature',
      'notifications.mentions',
    ]);
    expect(await json(await read(user.cookie))).toEqual(DEFAULTS);
    const exact = await update(user.cookie, { email_signature: 'y'.repeat(2_000) });
    expect(exact.status).toBe(200);
  });
});
