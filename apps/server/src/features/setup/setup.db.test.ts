import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext, json, sessionCookieOf } from '../../../test/test-app';
import { auditLogs } from '../../db/schema';
import { verifyAuditChain } from '../audit/audit.service';
import { issueSetupToken } from './setup.service';

// A database of its own: the setup link only works while there are no users at all.
const ctx = await createTestContext({}, { emptyDatabase: true });

const input = (token: string, email = 'founder@parley.test') => ({
  token,
  organization: 'Northwind Capital',
  name: 'Fran Founder',
  email,
  password: 'correct horse battery',
});

describe('the first-start setup link', () => {
  it('says, to anyone, that the instance is not set up while it has no user', async () => {
    const res = await ctx.request('GET', '/api/setup');
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ is_set_up: false });
  });

  it('validates every field and names the bad ones', async () => {
    const res = await ctx.request('POST', '/api/setup', {
      body: { token: '', email: 'x', password: 'short' },
    });
    expect(res.status).toBe(400);
    expect(Object.keys((await json(res)).error.fields).sort()).toEqual([
      'email',
      'name',
      'organization',
      'password',
      'token',
    ]);
  });

  it('refuses a forged token', async () => {
    await issueSetupToken(ctx.deps);
    const res = await ctx.request('POST', '/api/setup', { body: input('forged-token') });
    expect(res.status).toBe(409);
  });

  it('refuses a link voided by a newer one, and an expired one', async () => {
    const old = await issueSetupToken(ctx.deps);
    await issueSetupToken(ctx.deps);
    expect((await ctx.request('POST', '/api/setup', { body: input(old ?? '') })).status).toBe(409);

    const expiring = await issueSetupToken(ctx.deps);
    ctx.clock.advance(24 * 3_600_000 + 1);
    expect((await ctx.request('POST', '/api/setup', { body: input(expiring ?? '') })).status).toBe(409);
  });

  it('creates the organisation and its admin, signed in, exactly once', async () => {
    const token = await issueSetupToken(ctx.deps);
    expect(token).not.toBeNull();
    const [first, second] = await Promise.all([
      ctx.request('POST', '/api/setup', { body: input(token ?? '') }),
      ctx.request('POST', '/api/setup', { body: input(token ?? '', 'second@parley.test') }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const winner = first.status === 200 ? first : second;
    const body = await json(winner);
    // The first admin goes through the same MFA decision as every sign-in: enrolment (docs/product.md §6).
    expect(body).toMatchObject({ role: 'admin', user: { name: 'Fran Founder' }, aal: 'aal1', mfa: 'enroll' });

    const session = await ctx.request('GET', '/api/auth/session', { cookie: sessionCookieOf(winner) });
    expect(await json(session)).toMatchObject({ role: 'admin', orgId: body.orgId, mfa: 'enroll' });
    const actions = await ctx.db
      .select({ action: auditLogs.actionType })
      .from(auditLogs)
      .where(eq(auditLogs.orgId, body.orgId))
      .orderBy(auditLogs.seq);
    expect(actions.map((a) => a.action)).toEqual(['organization_created', 'user_created', 'sign_in']);
    expect(await verifyAuditChain(ctx.auditDeps, body.orgId)).toMatchObject({ valid: true, entries: 3 });
  });

  it('is no longer issued once a user exists, and the instance says it is set up', async () => {
    expect(await issueSetupToken(ctx.deps)).toBeNull();
    expect(await json(await ctx.request('GET', '/api/setup'))).toEqual({ is_set_up: true });
  });
});
