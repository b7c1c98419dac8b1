import { ERRORS, type Role } from '@parley/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildMember, uniqueEmail } from '../../../test/factories';
import { createTestContext, json } from '../../../test/test-app';
import { auditLogs, orgMemberships, sessions, userRoles, users } from '../../db/schema';
import { createMember, deactivateUser } from './users.service';

const ctx = await createTestContext();

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const LAST_ADMIN = ERRORS.LAST_ADMIN.message;

/** A member with a chosen name (and e-mail), for search and ordering. */
async function createNamed(orgId: string, name: string, role: Role = 'ir_associate', emailLocal?: string) {
  const member = buildMember({ orgId, name, role, email: uniqueEmail(emailLocal ?? 'member') });
  const userId = await createMember(ctx.deps, { ...member, actorId: null });
  return { userId, email: member.email };
}

function setRole(cookie: string, userId: string, role: string) {
  return ctx.request('PATCH', `/api/users/${userId}/role`, { cookie, body: { role } });
}

function deactivate(cookie: string, userId: string) {
  return ctx.request('POST', `/api/users/${userId}/deactivate`, { cookie });
}

function reactivate(cookie: string, userId: string) {
  return ctx.request('POST', `/api/users/${userId}/reactivate`, { cookie });
}

async function listUsers(cookie: string, query = '') {
  const res = await ctx.request('GET', `/api/users${query}`, { cookie });
  expect(res.status).toBe(200);
  return json(res);
}

/** The organisation's active members holding the admin role, straight from the database. */
async function activeAdminIds(orgId: string) {
  const rows = await ctx.db
    .select({ id: users.id })
    .from(orgMemberships)
    .innerJoin(users, eq(users.id, orgMemberships.userId))
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(and(eq(orgMemberships.orgId, orgId), eq(userRoles.role, 'admin'), eq(users.status, 'active')));
  return rows.map((r) => r.id);
}

async function auditActions(orgId: string, entityId: string) {
  const rows = await ctx.db
    .select({ actionType: auditLogs.actionType, actorId: auditLogs.actorId, details: auditLogs.details })
    .from(auditLogs)
    .where(and(eq(auditLogs.orgId, orgId), eq(auditLogs.entityId, entityId)))
    .orderBy(auditLogs.seq);
  return rows;
}

describe('access to the user administration', () => {
  it('is for admins only, on every route', async () => {
    await ctx.expectGuarded('GET', '/api/users', 'admin.manage');
    await ctx.expectGuarded('PATCH', `/api/users/${UNKNOWN_ID}/role`, 'admin.manage', {
      role: 'ir_associate',
    });
    await ctx.expectGuarded('POST', `/api/users/${UNKNOWN_ID}/deactivate`, 'admin.manage');
    await ctx.expectGuarded('POST', `/api/users/${UNKNOWN_ID}/reactivate`, 'admin.manage');
  });

  it("gives another organisation's admin a 404 for every change to your users", async () => {
    const mine = await ctx.signInAs('ir_associate');
    const stranger = await ctx.signInAs('admin');
    expect((await setRole(stranger.cookie, mine.userId, 'admin')).status).toBe(404);
    expect((await deactivate(stranger.cookie, mine.userId)).status).toBe(404);
    expect((await reactivate(stranger.cookie, mine.userId)).status).toBe(404);
    // nothing changed: the member still works with their role
    const session = await ctx.request('GET', '/api/auth/session', { cookie: mine.cookie });
    expect((await json(session)).role).toBe('ir_associate');
  });

  it('names the bad field of a request', async () => {
    const admin = await ctx.signInAs('admin');
    const badRole = await setRole(admin.cookie, admin.userId, 'owner');
    expect(badRole.status).toBe(400);
    expect((await json(badRole)).error.fields).toHaveProperty('role');
    const badId = await setRole(admin.cookie, 'not-a-uuid', 'admin');
    expect(badId.status).toBe(400);
    expect((await json(badId)).error.fields).toHaveProperty('id');
    const badLimit = await ctx.request('GET', '/api/users?limit=101', { cookie: admin.cookie });
    expect(badLimit.status).toBe(400);
    expect((await json(badLimit)).error.fields).toHaveProperty('limit');
    for (const cursor of ['nonsense', Buffer.from(`["a\\u0000","${UNKNOWN_ID}"]`).toString('base64url')]) {
      const badCursor = await ctx.request('GET', `/api/users?cursor=${cursor}`, { cookie: admin.cookie });
      expect(badCursor.status).toBe(400);
      expect((await json(badCursor)).error.fields).toHaveProperty('cursor');
    }
    const nul = await ctx.request('GET', '/api/users?q=a%00b', { cookie: admin.cookie });
    expect(nul.status).toBe(400);
    expect((await json(nul)).error.fields).toHaveProperty('q');
  });
});

describe('GET /api/users', () => {
  it("lists the organisation's members by name, page by page, without another organisation's", async () => {
    const admin = await ctx.signInAs('admin');
    const names = ['delta Dunn', 'Alpha Adams', 'charlie Cole', 'Bravo Baker', 'echo Evans'];
    for (const name of names) await createNamed(admin.orgId, name);
    await createNamed(await ctx.createOrg(), 'Alpha Outsider');

    const seen: { name: string }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = await listUsers(admin.cookie, query);
      expect(page.items.length).toBeLessThanOrEqual(2);
      expect(page.total).toBe(6);
      seen.push(...page.items);
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor && pages < 10);

    expect(pages).toBe(3);
    expect(seen.map((u) => u.name)).toEqual([
      'Alpha Adams',
      'Bravo Baker',
      'charlie Cole',
      'delta Dunn',
      'echo Evans',
      'Test admin',
    ]);
  });

  it('pages through members of the same name without skipping or repeating one', async () => {
    const admin = await ctx.signInAs('admin');
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push((await createNamed(admin.orgId, 'Same Name')).userId);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?q=same&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = await listUsers(admin.cookie, query);
      seen.push(...page.items.map((u: { id: string }) => u.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen.sort()).toEqual(ids.sort());
  });

  it('searches names and e-mails case-insensitively, on the server', async () => {
    const admin = await ctx.signInAs('admin');
    const grace = await createNamed(admin.orgId, 'Grace Hopper', 'ir_director', 'ghopper');
    await createNamed(admin.orgId, 'Alan Turing', 'ir_associate', 'aturing');
    await createNamed(await ctx.createOrg(), 'Grace Outsider');

    const byName = await listUsers(admin.cookie, '?q=HOPP');
    expect(byName.items.map((u: { id: string }) => u.id)).toEqual([grace.userId]);
    expect(byName.total).toBe(1);
    const byEmail = await listUsers(admin.cookie, `?q=${encodeURIComponent('GHOPPER.')}`);
    expect(byEmail.items).toEqual([
      expect.objectContaining({
        id: grace.userId,
        email: grace.email,
        role: 'ir_director',
        status: 'active',
      }),
    ]);
    // LIKE's wildcards are matched as themselves, not as wildcards
    expect((await listUsers(admin.cookie, '?q=%25')).items).toEqual([]);
    expect((await listUsers(admin.cookie, '?q=_')).items).toEqual([]);
  });

  it('shows each member with role, status, creation and last sign-in time', async () => {
    const admin = await ctx.signInAs('admin');
    const never = await createNamed(admin.orgId, 'Never Signed In', 'is_associate');
    const page = await listUsers(admin.cookie);
    const self = page.items.find((u: { id: string }) => u.id === admin.userId);
    expect(self).toEqual({
      id: admin.userId,
      name: 'Test admin',
      email: admin.email,
      role: 'admin',
      status: 'active',
      created_at: expect.any(String),
      last_sign_in_at: ctx.clock.now().toISOString(),
    });
    const other = page.items.find((u: { id: string }) => u.id === never.userId);
    expect(other).toMatchObject({ role: 'is_associate', last_sign_in_at: null });
  });
});

describe('PATCH /api/users/:id/role', () => {
  it('changes the role, answers with the member, and audits the change', async () => {
    const admin = await ctx.signInAs('admin');
    const member = await ctx.signInAs('is_associate', admin.orgId);
    const res = await setRole(admin.cookie, member.userId, 'ir_director');
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ id: member.userId, role: 'ir_director', status: 'active' });

    const session = await ctx.request('GET', '/api/auth/session', { cookie: member.cookie });
    expect((await json(session)).role).toBe('ir_director');
    expect(await auditActions(admin.orgId, member.userId)).toContainEqual({
      actionType: 'role_changed',
      actorId: admin.userId,
      details: { from: 'is_associate', to: 'ir_director' },
    });
  });

  it('refuses to demote the last active admin, also when they demote themselves', async () => {
    const admin = await ctx.signInAs('admin');
    const res = await setRole(admin.cookie, admin.userId, 'ir_director');
    expect(res.status).toBe(409);
    expect((await json(res)).error).toMatchObject({ code: 'LAST_ADMIN', message: LAST_ADMIN });

    // a deactivated admin does not count as the admin who remains
    const dormant = await createNamed(admin.orgId, 'Dormant Admin', 'admin');
    expect((await deactivate(admin.cookie, dormant.userId)).status).toBe(200);
    expect((await setRole(admin.cookie, admin.userId, 'ir_associate')).status).toBe(409);
    expect(await activeAdminIds(admin.orgId)).toEqual([admin.userId]);
  });

  it('lets an admin step down while another active admin remains, and then protects that one', async () => {
    const first = await ctx.signInAs('admin');
    const second = await ctx.signInAs('admin', first.orgId);
    const stepDown = await setRole(first.cookie, first.userId, 'ir_director');
    expect(stepDown.status).toBe(200);
    // the first is no longer an admin: their next admin call is refused
    expect((await setRole(first.cookie, second.userId, 'ir_director')).status).toBe(403);
    const last = await setRole(second.cookie, second.userId, 'ir_director');
    expect(last.status).toBe(409);
    expect((await json(last)).error.message).toBe(LAST_ADMIN);
  });

  it('leaves exactly one admin when two admins demote each other at the same moment', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await ctx.signInAs('admin');
      const b = await ctx.signInAs('admin', a.orgId);
      const results = await Promise.all([
        setRole(a.cookie, b.userId, 'ir_associate'),
        setRole(b.cookie, a.userId, 'ir_associate'),
      ]);
      const statuses = results.map((r) => r.status).sort();
      // One wins; the loser is refused as the last admin (409) or, if the winner's change landed
      // before the loser's request was authorised, as no longer an admin (403).
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      expect(await activeAdminIds(a.orgId)).toHaveLength(1);
    }
  });
});

describe('deactivation and reactivation', () => {
  it('revokes every session of the user at once, blocks sign-in, and is audited', async () => {
    const admin = await ctx.signInAs('admin');
    const member = await ctx.signInAs('ir_associate', admin.orgId);
    const secondDevice = await ctx.signIn(member.email, member.password);
    expect(secondDevice.status).toBe(200);
    expect((await ctx.request('GET', '/api/auth/session', { cookie: member.cookie })).status).toBe(200);

    const res = await deactivate(admin.cookie, member.userId);
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ id: member.userId, status: 'deactivated' });

    expect((await ctx.request('GET', '/api/auth/session', { cookie: member.cookie })).status).toBe(401);
    const live = await ctx.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, member.userId), isNull(sessions.revokedAt)));
    expect(live).toEqual([]);
    const signIn = await ctx.signIn(member.email, member.password);
    expect(signIn.status).toBe(401);
    expect((await json(signIn)).error.message).toBe('Invalid credentials');
    expect(await auditActions(admin.orgId, member.userId)).toContainEqual({
      actionType: 'user_deactivated',
      actorId: admin.userId,
      details: { email: member.email, role: 'ir_associate' },
    });

    const again = await deactivate(admin.cookie, member.userId);
    expect(again.status).toBe(409);
  });

  it('lets the user sign in again after reactivation, while their old sessions stay revoked', async () => {
    const admin = await ctx.signInAs('admin');
    const member = await ctx.signInAs('ir_director', admin.orgId);
    expect((await deactivate(admin.cookie, member.userId)).status).toBe(200);

    const res = await reactivate(admin.cookie, member.userId);
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ id: member.userId, status: 'active', role: 'ir_director' });
    expect((await ctx.request('GET', '/api/auth/session', { cookie: member.cookie })).status).toBe(401);
    expect((await ctx.signIn(member.email, member.password)).status).toBe(200);
    expect((await auditActions(admin.orgId, member.userId)).map((e) => e.actionType)).toContain(
      'user_reactivated',
    );

    const again = await reactivate(admin.cookie, member.userId);
    expect(again.status).toBe(409);
  });

  it('refuses to let an admin deactivate their own account', async () => {
    const admin = await ctx.signInAs('admin');
    await ctx.signInAs('admin', admin.orgId);
    const res = await deactivate(admin.cookie, admin.userId);
    expect(res.status).toBe(409);
    expect((await json(res)).error).toMatchObject({
      code: 'SELF_DEACTIVATION',
      message: 'You cannot deactivate your own account',
    });
    expect((await ctx.request('GET', '/api/auth/session', { cookie: admin.cookie })).status).toBe(200);
  });

  it('refuses to deactivate the last active admin (through the API only a race gets this far)', async () => {
    const admin = await ctx.createUser('admin');
    const director = await ctx.createUser('ir_director', admin.orgId);
    await expect(deactivateUser(ctx.deps, director, { userId: admin.userId })).rejects.toMatchObject({
      code: 'LAST_ADMIN',
      message: LAST_ADMIN,
    });
    expect(await activeAdminIds(admin.orgId)).toEqual([admin.userId]);
  });

  it('leaves exactly one admin when two admins deactivate each other at the same moment', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await ctx.signInAs('admin');
      const b = await ctx.signInAs('admin', a.orgId);
      const results = await Promise.all([deactivate(a.cookie, b.userId), deactivate(b.cookie, a.userId)]);
      const statuses = results.map((r) => r.status).sort();
      // the loser is refused as the last admin (409) or, once deactivated, as signed out (401)
      expect(statuses[0]).toBe(200);
      expect([401, 409]).toContain(statuses[1]);
      expect(await activeAdminIds(a.orgId)).toHaveLength(1);
    }
  });

  it('keeps the audit chain valid through role changes and deactivations', async () => {
    const admin = await ctx.signInAs('admin');
    const member = await ctx.signInAs('ir_associate', admin.orgId);
    await setRole(admin.cookie, member.userId, 'admin');
    await deactivate(admin.cookie, member.userId);
    await reactivate(admin.cookie, member.userId);
    const res = await ctx.request('GET', '/api/audit/verify', { cookie: admin.cookie });
    expect(await json(res)).toMatchObject({ valid: true });
  });
});
