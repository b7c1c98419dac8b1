import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { INVITATION_BULK_MAX, INVITATION_DAILY_RESEND_CAP, type Role } from '@parley/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startSmtpSink } from '../../../test/smtp-sink';
import {
  createTestContext,
  json,
  STARTS_A_DATABASE_MS,
  sessionCookieOf,
  TEST_ORIGIN,
} from '../../../test/test-app';
import { auditLogs, rateLimits, systemConfig, userInvitations, users } from '../../db/schema';
import { generateToken, sha256Hex } from '../../lib/crypto';
import { seedDemoInvitations } from '../../seed/demo-invitations';
import { verifyAuditChain } from '../audit/audit.service';
import { insertInvitation } from './invitations.queries';

const smtp = await startSmtpSink();
afterAll(() => smtp.close());
const ctx = await createTestContext({}, { mailer: smtp.mailer });

const DAY_MS = 86_400_000;
const GOOD_PASSWORD = 'a sturdy passphrase 2026';

function address(prefix = 'invitee') {
  return `${prefix}.${generateToken()
    .slice(0, 10)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x')}@invitee.test`;
}

function invite(cookie: string, email: string, role?: Role) {
  return ctx.request('POST', '/api/invitations', { cookie, body: role ? { email, role } : { email } });
}

/** The token of the link in the latest mail to an address, as the invitee's mail server got it. */
async function tokenFromMail(email: string) {
  const mail = await smtp.mailTo(email);
  const escaped = TEST_ORIGIN.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}/auth\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match?.[1]) throw new Error(`no invitation link in the mail to ${email}`);
  return match[1];
}

/** An admin who invited one address: the invitation, its link token and the admin's cookie. */
async function invited(role?: Role, admin?: { cookie: string; orgId: string; userId: string }) {
  const inviter = admin ?? (await ctx.signInAs('admin'));
  const email = address();
  const res = await invite(inviter.cookie, email, role);
  expect(res.status).toBe(201);
  const body = await json(res);
  return { admin: inviter, email, id: body.invitation.id as string, token: await tokenFromMail(email) };
}

async function invitationRow(id: string) {
  const [row] = await ctx.db.select().from(userInvitations).where(eq(userInvitations.id, id));
  if (!row) throw new Error('no invitation row');
  return row;
}

async function auditActions(orgId: string, entityId: string) {
  const rows = await ctx.db
    .select({ action: auditLogs.actionType, details: auditLogs.details })
    .from(auditLogs)
    .where(and(eq(auditLogs.orgId, orgId), eq(auditLogs.entityId, entityId)))
    .orderBy(auditLogs.seq);
  return rows;
}

function accept(token: string, name = 'New Person', password = GOOD_PASSWORD) {
  return ctx.request('POST', '/api/invitations/accept', { body: { token, name, password } });
}

const SOME_ID = '00000000-0000-4000-8000-000000000000';

describe('who may manage invitations', () => {
  it('lets only admins create, list, resend, copy and delete, for all four roles', async () => {
    await ctx.expectGuarded('POST', '/api/invitations', 'admin.manage', { email: address() });
    await ctx.expectGuarded('GET', '/api/invitations', 'admin.manage');
    await ctx.expectGuarded('POST', `/api/invitations/${SOME_ID}/resend`, 'admin.manage');
    await ctx.expectGuarded('POST', `/api/invitations/${SOME_ID}/link`, 'admin.manage');
    await ctx.expectGuarded('DELETE', `/api/invitations/${SOME_ID}`, 'admin.manage', {});
    await ctx.expectGuarded('POST', '/api/invitations/accept-existing', 'signed-in', { token: 'x' });
  });

  it("answers 404 to another organisation's admin for every action on an invitation", async () => {
    const { id, admin } = await invited();
    const stranger = await ctx.signInAs('admin');
    for (const [method, path] of [
      ['POST', `/api/invitations/${id}/resend`],
      ['POST', `/api/invitations/${id}/link`],
      ['DELETE', `/api/invitations/${id}`],
    ] as const) {
      const res = await ctx.request(method, path, { cookie: stranger.cookie });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const list = await json(await ctx.request('GET', '/api/invitations', { cookie: stranger.cookie }));
    expect(list.items).toEqual([]);
    expect((await invitationRow(id)).status).toBe('pending');
    expect(
      (await json(await ctx.request('GET', '/api/invitations', { cookie: admin.cookie }))).items,
    ).toHaveLength(1);
  });
});

describe('sending an invitation', () => {
  it('creates a pending invitation with the default role and e-mails its link over SMTP', async () => {
    const admin = await ctx.signInAs('admin');
    const email = address('New.Person');
    const res = await invite(admin.cookie, email);
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body).toMatchObject({ email_sent: true, delivery: 'sent' });
    expect(body.invitation).toMatchObject({
      email: email.toLowerCase(),
      role: 'ir_associate',
      status: 'pending',
      accepted: false,
      invited_by: admin.userId,
      resend_count_lifetime: 0,
      resends_remaining: INVITATION_DAILY_RESEND_CAP,
      can_resend: true,
      can_copy_link: true,
      can_delete: true,
    });
    expect(new Date(body.invitation.expires_at).getTime() - ctx.clock.now().getTime()).toBe(7 * DAY_MS);
    expect(JSON.stringify(body)).not.toMatch(/token/i);

    const mail = await smtp.mailTo(email.toLowerCase());
    expect(mail.text).toContain(`${TEST_ORIGIN}/auth?token=`);
    expect(mail.html).toContain(`${TEST_ORIGIN}/auth?token=`);
    const token = await tokenFromMail(email.toLowerCase());
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const row = await invitationRow(body.invitation.id);
    expect(row.tokenHash).toBe(sha256Hex(token));
    expect(row.orgId).toBe(admin.orgId);

    const audit = await auditActions(admin.orgId, body.invitation.id);
    expect(audit.map((a) => a.action)).toEqual(['invitation_created']);
    expect(JSON.stringify(audit)).not.toContain(token);
  });

  it('invites with the chosen role', async () => {
    const admin = await ctx.signInAs('admin');
    const res = await invite(admin.cookie, address(), 'ir_director');
    expect((await json(res)).invitation.role).toBe('ir_director');
  });

  it('names the bad fields', async () => {
    const admin = await ctx.signInAs('admin');
    const res = await ctx.request('POST', '/api/invitations', {
      cookie: admin.cookie,
      body: { email: 'not-an-address', role: 'owner' },
    });
    expect(res.status).toBe(400);
    expect(Object.keys((await json(res)).error.fields).sort()).toEqual(['email', 'role']);
  });

  it('refuses an address that already has an account', async () => {
    const admin = await ctx.signInAs('admin');
    const member = await ctx.createUser('ir_associate', admin.orgId);
    const res = await invite(admin.cookie, member.email);
    expect(res.status).toBe(409);
    expect((await json(res)).error.message).toBe('A user with this e-mail already exists.');
  });

  it('refuses a second live invitation for one address, but not after the first was deleted or expired', async () => {
    const { admin, email, id } = await invited();
    const again = await invite(admin.cookie, email);
    expect(again.status).toBe(409);
    expect((await json(again)).error.message).toBe('This e-mail already has a pending invitation.');

    await ctx.request('DELETE', `/api/invitations/${id}`, { cookie: admin.cookie, body: {} });
    const afterDelete = await invite(admin.cookie, email);
    expect(afterDelete.status).toBe(201);
    const second = (await json(afterDelete)).invitation.id;

    await ctx.db
      .update(userInvitations)
      .set({ expiresAt: new Date(ctx.clock.now().getTime() - 1000) })
      .where(eq(userInvitations.id, second));
    expect((await invite(admin.cookie, email)).status).toBe(201);
  });

  it('refuses parallel duplicates: exactly one of five identical invitations is created', async () => {
    const admin = await ctx.signInAs('admin');
    const email = address();
    const results = await Promise.all(Array.from({ length: 5 }, () => invite(admin.cookie, email)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
  });

  it('is limited to 50 invitations per admin in an hour, with Retry-After', async () => {
    const admin = await ctx.signInAs('admin');
    for (let i = 0; i < 50; i++) expect((await invite(admin.cookie, address())).status).toBe(201);
    const email = address();
    const limited = await invite(admin.cookie, email);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const [row] = await ctx.db
      .select({ id: userInvitations.id })
      .from(userInvitations)
      .where(eq(userInvitations.email, email));
    expect(row).toBeUndefined();
    ctx.clock.advance(60 * 60_000);
    // The hour also ended the session: the same admin signs in again.
    const again = await ctx.signInUser(admin);
    expect((await invite(again.cookie, email)).status).toBe(201);
  });

  it('keeps the invitation and says so when the mail server refuses the mail', async () => {
    const admin = await ctx.signInAs('admin');
    smtp.failNext();
    const res = await invite(admin.cookie, address());
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body).toMatchObject({ email_sent: false, delivery: 'failed' });
    expect((await invitationRow(body.invitation.id)).status).toBe('pending');
  });

  it('says the mail was kept in the outbox, not sent, when no SMTP server is configured', {
    timeout: STARTS_A_DATABASE_MS,
  }, async () => {
    const keeping = await createTestContext();
    const admin = await keeping.signInAs('admin');
    const res = await keeping.request('POST', '/api/invitations', {
      cookie: admin.cookie,
      body: { email: address('kept'), role: 'ir_associate' },
    });
    expect(res.status).toBe(201);
    expect(await json(res)).toMatchObject({ email_sent: false, delivery: 'stored' });
  });
});

describe('the manage list', () => {
  async function orgWithEveryState() {
    const admin = await ctx.signInAs('admin');
    // A second apart, so newest first is one order (rows of the same millisecond order by id).
    const pending = await invited('ir_director', admin);
    ctx.clock.advance(1000);
    const accepted = await invited(undefined, admin);
    expect((await accept(accepted.token)).status).toBe(200);
    ctx.clock.advance(1000);
    const expired = await invited(undefined, admin);
    ctx.clock.advance(1000);
    await ctx.db
      .update(userInvitations)
      .set({ expiresAt: new Date(ctx.clock.now().getTime() - 1000) })
      .where(eq(userInvitations.id, expired.id));
    const deleted = await invited(undefined, admin);
    await ctx.request('DELETE', `/api/invitations/${deleted.id}`, { cookie: admin.cookie, body: {} });
    return { admin, pending, accepted, expired, deleted };
  }

  const list = (cookie: string, query = '') => ctx.request('GET', `/api/invitations${query}`, { cookie });

  it('shows each tab with its count; deleted rows only on Deleted unless Show deleted is on', async () => {
    const { admin, pending, accepted, expired, deleted } = await orgWithEveryState();
    const ids = async (query: string) =>
      (await json(await list(admin.cookie, query))).items.map((i: { id: string }) => i.id);

    const all = await json(await list(admin.cookie));
    expect(all.counts).toEqual({ all: 3, pending: 1, accepted: 1, expired: 1, deleted: 1 });
    expect(all.items.map((i: { id: string }) => i.id)).toEqual([expired.id, accepted.id, pending.id]);
    expect(await ids('?tab=pending')).toEqual([pending.id]);
    expect(await ids('?tab=accepted')).toEqual([accepted.id]);
    expect(await ids('?tab=expired')).toEqual([expired.id]);
    expect(await ids('?tab=deleted')).toEqual([deleted.id]);
    expect(await ids('?tab=all&show_deleted=true')).toEqual([
      deleted.id,
      expired.id,
      accepted.id,
      pending.id,
    ]);
    expect((await json(await list(admin.cookie, '?show_deleted=true'))).counts.all).toBe(4);

    const rows = Object.fromEntries(
      (await json(await list(admin.cookie, '?show_deleted=true'))).items.map((i: { id: string }) => [
        i.id,
        i,
      ]),
    );
    expect(rows[expired.id]).toMatchObject({
      status: 'expired',
      can_resend: false,
      can_copy_link: false,
      can_delete: true,
    });
    expect(rows[accepted.id]).toMatchObject({
      status: 'accepted',
      accepted: true,
      can_resend: false,
      can_delete: false,
    });
    expect(rows[deleted.id]).toMatchObject({ status: 'revoked', can_resend: false, can_delete: false });
    expect(rows[deleted.id].deleted_at).not.toBeNull();
    expect(rows[pending.id]).toMatchObject({
      status: 'pending',
      role: 'ir_director',
      invited_by_name: 'Test admin',
    });
  });

  it('pages newest first with a cursor and no row twice', async () => {
    const admin = await ctx.signInAs('admin');
    const created: string[] = [];
    for (let i = 0; i < 5; i++) {
      created.unshift((await invited(undefined, admin)).id);
      ctx.clock.advance(1000);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await json(await list(admin.cookie, query));
      seen.push(...page.items.map((i: { id: string }) => i.id));
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(created);
  });

  it('orders invitations sent in the same millisecond by id, across pages', async () => {
    const admin = await ctx.signInAs('admin');
    for (let i = 0; i < 3; i++) await invited(undefined, admin);
    const first = await json(await list(admin.cookie, '?limit=2'));
    const second = await json(await list(admin.cookie, `?limit=2&cursor=${first.next_cursor}`));
    const all = await json(await list(admin.cookie));
    expect([...first.items, ...second.items].map((i: { id: string }) => i.id)).toEqual(
      all.items.map((i: { id: string }) => i.id),
    );
    expect(second.next_cursor).toBeNull();
  });

  it('names bad query parameters', async () => {
    const admin = await ctx.signInAs('admin');
    const res = await list(admin.cookie, '?tab=archived&limit=101&show_deleted=maybe');
    expect(res.status).toBe(400);
    expect(Object.keys((await json(res)).error.fields).sort()).toEqual(['limit', 'show_deleted', 'tab']);
    const badCursor = await list(admin.cookie, '?cursor=not-a-cursor');
    expect(badCursor.status).toBe(400);
    expect((await json(badCursor)).error.fields).toEqual({ cursor: 'Invalid cursor' });
  });
});

describe('resending', () => {
  it('e-mails a new link that replaces the old one, and counts the resend', async () => {
    const { admin, email, id, token } = await invited();
    ctx.clock.advance(60_000);
    const res = await ctx.request('POST', `/api/invitations/${id}/resend`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({
      resends_remaining: INVITATION_DAILY_RESEND_CAP - 1,
      email_sent: true,
      delivery: 'sent',
    });

    const newToken = await tokenFromMail(email);
    expect(newToken).not.toBe(token);
    expect((await accept(token)).status).toBe(404);
    const preview = await ctx.request('POST', '/api/invitations/preview', { body: { token: newToken } });
    expect((await json(preview)).status).toBe('pending');

    const row = await invitationRow(id);
    expect(row.resendCountLifetime).toBe(1);
    expect(row.lastSentAt?.getTime()).toBe(ctx.clock.now().getTime());
    expect(row.expiresAt.getTime()).toBe(ctx.clock.now().getTime() + 7 * DAY_MS);
    expect((await auditActions(admin.orgId, id)).map((a) => a.action)).toEqual([
      'invitation_created',
      'invitation_resent',
    ]);
  });

  it(`stops at ${INVITATION_DAILY_RESEND_CAP} resends a UTC day with 429 and resends_remaining 0, and allows more the next day`, async () => {
    // Start just after midnight UTC, so the whole sequence happens within one UTC day.
    const now = ctx.clock.now();
    ctx.clock.set(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 0, 1)));
    const { admin, id } = await invited();
    let cookie = admin.cookie;
    const resend = () => ctx.request('POST', `/api/invitations/${id}/resend`, { cookie });
    const remaining: number[] = [];
    for (let i = 0; i < INVITATION_DAILY_RESEND_CAP; i++)
      remaining.push((await json(await resend())).resends_remaining);
    expect(remaining).toEqual([2, 1, 0]);

    const over = await resend();
    expect(over.status).toBe(429);
    const body = await json(over);
    expect(body.resends_remaining).toBe(0);
    expect(body.error.code).toBe('RESEND_LIMIT_REACHED');
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await invitationRow(id)).resendCountLifetime).toBe(INVITATION_DAILY_RESEND_CAP);

    const listed = await json(await ctx.request('GET', '/api/invitations', { cookie }));
    expect(listed.items[0]).toMatchObject({ resends_remaining: 0, can_resend: false });

    ctx.clock.advance(DAY_MS);
    cookie = (await ctx.signInAs('admin', admin.orgId)).cookie;
    const nextDay = await resend();
    expect(nextDay.status).toBe(200);
    expect((await json(nextDay)).resends_remaining).toBe(INVITATION_DAILY_RESEND_CAP - 1);
    expect((await invitationRow(id)).resendCountLifetime).toBe(INVITATION_DAILY_RESEND_CAP + 1);
  });

  it('refuses accepted, deleted and expired invitations with 409', async () => {
    const admin = await ctx.signInAs('admin');
    const accepted = await invited(undefined, admin);
    await accept(accepted.token);
    const deleted = await invited(undefined, admin);
    await ctx.request('DELETE', `/api/invitations/${deleted.id}`, { cookie: admin.cookie, body: {} });
    const expired = await invited(undefined, admin);
    await ctx.db
      .update(userInvitations)
      .set({ expiresAt: new Date(ctx.clock.now().getTime() - 1) })
      .where(eq(userInvitations.id, expired.id));
    for (const id of [accepted.id, deleted.id, expired.id]) {
      const res = await ctx.request('POST', `/api/invitations/${id}/resend`, { cookie: admin.cookie });
      expect(res.status).toBe(409);
      expect((await json(res)).error.message).toBe(
        'Only a pending invitation that is not deleted or expired can be resent.',
      );
    }
  });
});

describe('Copy Link', () => {
  it('mints a fresh link, audited, and the previous link stops working', async () => {
    const { admin, id, token } = await invited('is_associate');
    const res = await ctx.request('POST', `/api/invitations/${id}/link`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const { url } = await json(res);
    expect(url).toMatch(new RegExp(`^${TEST_ORIGIN.replace(/\./g, '\\.')}/auth\\?token=[A-Za-z0-9_-]{43}$`));
    const fresh = new URL(url).searchParams.get('token') ?? '';
    expect((await ctx.request('POST', '/api/invitations/preview', { body: { token } })).status).toBe(404);
    expect((await accept(fresh)).status).toBe(200);
    const audit = await auditActions(admin.orgId, id);
    expect(audit.map((a) => a.action)).toEqual([
      'invitation_created',
      'invitation_link_copied',
      'invitation_accepted',
    ]);
    expect(JSON.stringify(audit)).not.toContain(fresh);
  });

  it('refuses an invitation that is no longer pending', async () => {
    const { admin, id } = await invited();
    await ctx.request('DELETE', `/api/invitations/${id}`, { cookie: admin.cookie, body: {} });
    const res = await ctx.request('POST', `/api/invitations/${id}/link`, { cookie: admin.cookie });
    expect(res.status).toBe(409);
  });

  it('is limited to 30 links per admin in 15 minutes, with Retry-After', async () => {
    const { admin, id } = await invited();
    const copy = () => ctx.request('POST', `/api/invitations/${id}/link`, { cookie: admin.cookie });
    for (let i = 0; i < 30; i++) expect((await copy()).status).toBe(200);
    const limited = await copy();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const otherAdmin = await ctx.signInAs('admin', admin.orgId);
    expect(
      (await ctx.request('POST', `/api/invitations/${id}/link`, { cookie: otherAdmin.cookie })).status,
    ).toBe(200);
    ctx.clock.advance(15 * 60_000);
    expect((await copy()).status).toBe(200);
  });
});

describe('deleting', () => {
  it('soft-deletes with the reason and who did it, audited, and the link then says it was deleted', async () => {
    const { admin, id, token } = await invited();
    const res = await ctx.request('DELETE', `/api/invitations/${id}`, {
      cookie: admin.cookie,
      body: { reason: 'Hired elsewhere' },
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({
      status: 'revoked',
      delete_reason: 'Hired elsewhere',
      can_delete: false,
    });
    const row = await invitationRow(id);
    expect(row).toMatchObject({
      status: 'revoked',
      deletedBy: admin.userId,
      deleteReason: 'Hired elsewhere',
    });
    expect(row.deletedAt?.getTime()).toBe(ctx.clock.now().getTime());
    const audit = await auditActions(admin.orgId, id);
    expect(audit.at(-1)).toEqual({
      action: 'invitation_deleted',
      details: { email: row.email, reason: 'Hired elsewhere' },
    });

    const refused = await accept(token);
    expect(refused.status).toBe(410);
    expect((await json(refused)).error.message).toBe('This invitation has been deleted');
    const preview = await json(await ctx.request('POST', '/api/invitations/preview', { body: { token } }));
    expect(preview.status).toBe('deleted');
  });

  it('accepts no reason, and refuses a reason over 500 characters naming it', async () => {
    const { admin, id } = await invited();
    const long = await ctx.request('DELETE', `/api/invitations/${id}`, {
      cookie: admin.cookie,
      body: { reason: 'x'.repeat(501) },
    });
    expect(long.status).toBe(400);
    expect(Object.keys((await json(long)).error.fields)).toEqual(['reason']);
    const none = await ctx.request('DELETE', `/api/invitations/${id}`, { cookie: admin.cookie, body: {} });
    expect(none.status).toBe(200);
    expect((await invitationRow(id)).deleteReason).toBeNull();
  });

  it('refuses to delete twice or to delete an accepted invitation, with 409', async () => {
    const { admin, id, token } = await invited();
    await ctx.request('DELETE', `/api/invitations/${id}`, { cookie: admin.cookie, body: {} });
    const twice = await ctx.request('DELETE', `/api/invitations/${id}`, { cookie: admin.cookie, body: {} });
    expect(twice.status).toBe(409);
    expect((await json(twice)).error.message).toBe(
      'Only a pending invitation that is not deleted can be deleted.',
    );
    void token;

    const other = await invited(undefined, admin);
    await accept(other.token);
    const res = await ctx.request('DELETE', `/api/invitations/${other.id}`, {
      cookie: admin.cookie,
      body: {},
    });
    expect(res.status).toBe(409);
  });

  it('deletes a pending invitation even after it expired', async () => {
    const { admin, id } = await invited();
    await ctx.db
      .update(userInvitations)
      .set({ expiresAt: new Date(ctx.clock.now().getTime() - 1) })
      .where(eq(userInvitations.id, id));
    expect(
      (await ctx.request('DELETE', `/api/invitations/${id}`, { cookie: admin.cookie, body: {} })).status,
    ).toBe(200);
  });
});

describe('bulk actions', () => {
  const bulk = (cookie: string, body: unknown) =>
    ctx.request('POST', '/api/invitations/bulk', { cookie, body });

  /** Pending, accepted, deleted and at-the-cap invitations of one admin's organisation. */
  async function orgForBulk() {
    const admin = await ctx.signInAs('admin');
    const live = [await invited(undefined, admin), await invited(undefined, admin)];
    const accepted = await invited(undefined, admin);
    expect((await accept(accepted.token)).status).toBe(200);
    const deleted = await invited(undefined, admin);
    await ctx.request('DELETE', `/api/invitations/${deleted.id}`, { cookie: admin.cookie, body: {} });
    const capped = await invited(undefined, admin);
    await ctx.db
      .update(userInvitations)
      .set({
        resendDay: ctx.clock.now().toISOString().slice(0, 10),
        resendDayCount: INVITATION_DAILY_RESEND_CAP,
      })
      .where(eq(userInvitations.id, capped.id));
    const stranger = await invited();
    return { admin, live, accepted, deleted, capped, stranger };
  }

  it('is for admins only, for all four roles', async () => {
    await ctx.expectGuarded('POST', '/api/invitations/bulk', 'admin.manage', {
      action: 'resend',
      ids: [SOME_ID],
    });
  });

  it('resends every selected invitation with a new link, audited per row like a single resend', async () => {
    const { admin, live } = await orgForBulk();
    const res = await bulk(admin.cookie, { action: 'resend', ids: live.map((i) => i.id) });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({
      succeeded: 2,
      failed: 0,
      results: live.map((i) => ({ id: i.id, ok: true, email_sent: true, delivery: 'sent' })),
    });
    for (const invitation of live) {
      const newToken = await tokenFromMail(invitation.email);
      expect(newToken).not.toBe(invitation.token);
      expect((await accept(invitation.token)).status).toBe(404);
      const row = await invitationRow(invitation.id);
      expect(row.tokenHash).toBe(sha256Hex(newToken));
      expect(row.resendCountLifetime).toBe(1);
      expect(row.expiresAt.getTime()).toBe(ctx.clock.now().getTime() + 7 * DAY_MS);
      expect((await auditActions(admin.orgId, invitation.id)).at(-1)).toEqual({
        action: 'invitation_resent',
        details: {
          email: invitation.email,
          resend_count_lifetime: 1,
          resends_today: 1,
          expires_at: row.expiresAt.toISOString(),
        },
      });
    }
    expect(await verifyAuditChain(ctx.auditDeps, admin.orgId)).toMatchObject({ valid: true });
  });

  it('answers each refused resend with the reason the single resend gives, and still resends the rest', async () => {
    const { admin, live, accepted, deleted, capped, stranger } = await orgForBulk();
    const ids = [live[0]?.id, accepted.id, deleted.id, capped.id, stranger.id, SOME_ID];
    // What the single resend answers for an id of another organisation, and for an unknown one.
    const single = await ctx.request('POST', `/api/invitations/${stranger.id}/resend`, {
      cookie: admin.cookie,
    });
    expect(single.status).toBe(404);
    const notFound = { code: 'NOT_FOUND', message: (await json(single)).error.message };

    const res = await bulk(admin.cookie, { action: 'resend', ids });
    expect(res.status).toBe(200);
    const notAllowed = {
      code: 'CONFLICT',
      message: 'Only a pending invitation that is not deleted or expired can be resent.',
    };
    expect(await json(res)).toEqual({
      succeeded: 1,
      failed: 5,
      results: [
        { id: live[0]?.id, ok: true, email_sent: true, delivery: 'sent' },
        { id: accepted.id, ok: false, error: notAllowed },
        { id: deleted.id, ok: false, error: notAllowed },
        {
          id: capped.id,
          ok: false,
          error: {
            code: 'RESEND_LIMIT_REACHED',
            message: `This invitation was already resent ${INVITATION_DAILY_RESEND_CAP} times today. Try again tomorrow.`,
          },
        },
        { id: stranger.id, ok: false, error: notFound },
        { id: SOME_ID, ok: false, error: notFound },
      ],
    });
    expect((await invitationRow(live[0]?.id ?? '')).resendCountLifetime).toBe(1);
    expect((await invitationRow(capped.id)).resendCountLifetime).toBe(0);
    expect((await invitationRow(stranger.id)).resendCountLifetime).toBe(0);
    expect((await auditActions(stranger.admin.orgId, stranger.id)).map((a) => a.action)).toEqual([
      'invitation_created',
    ]);
    expect((await auditActions(admin.orgId, capped.id)).map((a) => a.action)).toEqual(['invitation_created']);
  });

  it("deletes the selected pending invitations with the reason 'Bulk deletion', expired ones too", async () => {
    const { admin, live, accepted, deleted, stranger } = await orgForBulk();
    const [first, second] = live;
    if (!first || !second) throw new Error('two live invitations');
    await ctx.db
      .update(userInvitations)
      .set({ expiresAt: new Date(ctx.clock.now().getTime() - 1) })
      .where(eq(userInvitations.id, second.id));
    const ids = [first.id, second.id, accepted.id, deleted.id, stranger.id];
    const res = await bulk(admin.cookie, { action: 'delete', ids });
    expect(res.status).toBe(200);
    const notAllowed = {
      code: 'CONFLICT',
      message: 'Only a pending invitation that is not deleted can be deleted.',
    };
    expect(await json(res)).toEqual({
      succeeded: 2,
      failed: 3,
      results: [
        { id: first.id, ok: true },
        { id: second.id, ok: true },
        { id: accepted.id, ok: false, error: notAllowed },
        { id: deleted.id, ok: false, error: notAllowed },
        { id: stranger.id, ok: false, error: { code: 'NOT_FOUND', message: expect.any(String) } },
      ],
    });
    for (const invitation of [first, second]) {
      const row = await invitationRow(invitation.id);
      expect(row).toMatchObject({
        status: 'revoked',
        deletedBy: admin.userId,
        deleteReason: 'Bulk deletion',
      });
      expect(row.deletedAt?.getTime()).toBe(ctx.clock.now().getTime());
      expect((await auditActions(admin.orgId, invitation.id)).at(-1)).toEqual({
        action: 'invitation_deleted',
        details: { email: invitation.email, reason: 'Bulk deletion' },
      });
      const preview = await ctx.request('POST', '/api/invitations/preview', {
        body: { token: invitation.token },
      });
      expect((await json(preview)).status).toBe('deleted');
    }
    expect((await invitationRow(stranger.id)).status).toBe('pending');
    expect((await invitationRow(accepted.id)).status).toBe('accepted');
    expect(await verifyAuditChain(ctx.auditDeps, admin.orgId)).toMatchObject({ valid: true });
  });

  it('writes nothing at all when the database fails part-way through the batch', async () => {
    const { admin, live } = await orgForBulk();
    const [first, second] = live;
    if (!first || !second) throw new Error('two live invitations');
    const auditBefore = await auditActions(admin.orgId, first.id);
    const trigger = `refuse_delete_${second.id.replaceAll('-', '')}`;
    await ctx.db.execute(
      sql.raw(`create function ${trigger}() returns trigger language plpgsql as $$
        begin raise exception 'delete refused'; end $$`),
    );
    await ctx.db.execute(
      sql.raw(`create trigger ${trigger} before update on user_invitations for each row
        when (new.id = '${second.id}'::uuid) execute function ${trigger}()`),
    );
    const consoleError = vi.mocked(console.error).mockImplementation(() => {});
    try {
      const res = await bulk(admin.cookie, { action: 'delete', ids: [first.id, second.id] });
      expect(res.status).toBe(500);
      expect(consoleError.mock.calls.map(([message]) => message)).toEqual(['unhandled error']);
      consoleError.mockClear();
    } finally {
      await ctx.db.execute(sql.raw(`drop trigger ${trigger} on user_invitations`));
      await ctx.db.execute(sql.raw(`drop function ${trigger}()`));
    }
    // The first row's update and audit entry were in the same transaction, so they are gone too.
    expect(await invitationRow(first.id)).toMatchObject({ status: 'pending', deletedAt: null });
    expect(await auditActions(admin.orgId, first.id)).toEqual(auditBefore);
    expect(await verifyAuditChain(ctx.auditDeps, admin.orgId)).toMatchObject({ valid: true });
  });

  it('names the bad field: the action, and 1 to the maximum of distinct invitation ids', async () => {
    const admin = await ctx.signInAs('admin');
    const fieldsOf = async (body: unknown) => {
      const res = await bulk(admin.cookie, body);
      expect(res.status).toBe(400);
      return (await json(res)).error.fields;
    };
    const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    expect(await fieldsOf({ action: 'archive', ids: [SOME_ID] })).toEqual({
      action: 'Use resend or delete',
    });
    expect(await fieldsOf({ action: 'resend', ids: [] })).toEqual({ ids: 'Select at least one invitation' });
    expect(
      await fieldsOf({
        action: 'delete',
        ids: Array.from({ length: INVITATION_BULK_MAX + 1 }, (_, n) => id(n)),
      }),
    ).toEqual({ ids: `Select at most ${INVITATION_BULK_MAX} invitations` });
    expect(await fieldsOf({ action: 'resend', ids: [SOME_ID, SOME_ID] })).toEqual({
      ids: 'List each invitation once',
    });
    expect(await fieldsOf({ action: 'resend', ids: [SOME_ID, 'nope'] })).toEqual({
      'ids.1': 'Not an invitation id',
    });
  });

  it('is in the API description', async () => {
    const paths = Object.keys((await json(await ctx.request('GET', '/api/openapi.json'))).paths);
    expect(paths).toContain('/api/invitations/bulk');
  });
});

describe('accepting as a newcomer', () => {
  it('may go without a password and sign in with magic links instead', async () => {
    const { email, token } = await invited('ir_associate');
    const preview = await json(await ctx.request('POST', '/api/invitations/preview', { body: { token } }));
    expect(preview.magic_link_enabled).toBe(true);
    const res = await ctx.request('POST', '/api/invitations/accept', { body: { token, name: 'Link Only' } });
    expect(res.status).toBe(200);
    expect((await ctx.request('GET', '/api/auth/session', { cookie: sessionCookieOf(res) })).status).toBe(
      200,
    );
    // No password was set, so none signs in; a magic link does.
    expect((await ctx.signIn(email, GOOD_PASSWORD)).status).toBe(401);
    expect((await ctx.request('POST', '/api/auth/magic-link', { body: { email } })).status).toBe(200);
  });

  it('needs a password where the organisation turned magic links off', async () => {
    const { admin, token } = await invited('ir_associate');
    await ctx.db
      .update(systemConfig)
      .set({ value: 'false' })
      .where(and(eq(systemConfig.orgId, admin.orgId), eq(systemConfig.key, 'auth_magic_link_enabled')));
    const preview = await json(await ctx.request('POST', '/api/invitations/preview', { body: { token } }));
    expect(preview.magic_link_enabled).toBe(false);
    const res = await ctx.request('POST', '/api/invitations/accept', { body: { token, name: 'No Link' } });
    expect(res.status).toBe(400);
    expect(Object.keys((await json(res)).error.fields)).toEqual(['password']);
    expect((await accept(token)).status).toBe(200);
  });

  it('shows who is invited without consuming anything', async () => {
    const { email, token } = await invited('ir_director');
    for (let i = 0; i < 2; i++) {
      const res = await ctx.request('POST', '/api/invitations/preview', { body: { token } });
      expect(res.status).toBe(200);
      const body = await json(res);
      expect(body).toMatchObject({ email, role: 'ir_director', status: 'pending' });
      expect(body.organization_name).toMatch(/^Org /);
    }
  });

  it('creates the account with the invited address, role and organisation, and signs in', async () => {
    const { admin, email, id, token } = await invited('ir_director');
    const res = await accept(token, '  Dana Newcomer ');
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({
      role: 'ir_director',
      orgId: admin.orgId,
      user: { email, name: 'Dana Newcomer' },
      mfa: 'none',
    });
    const session = await ctx.request('GET', '/api/auth/session', { cookie: sessionCookieOf(res) });
    expect(await json(session)).toMatchObject({ role: 'ir_director', orgId: admin.orgId, user: { email } });
    expect((await ctx.signIn(email, GOOD_PASSWORD)).status).toBe(200);

    const row = await invitationRow(id);
    expect(row).toMatchObject({ status: 'accepted', accepted: true, acceptedUserId: body.user.id });
    expect(row.acceptedAt?.getTime()).toBe(ctx.clock.now().getTime());
    const audit = await auditActions(admin.orgId, id);
    expect(audit.at(-1)).toEqual({
      action: 'invitation_accepted',
      details: {
        email,
        role: 'ir_director',
        user_id: body.user.id,
        method: 'new_account',
        has_password: true,
      },
    });
    expect(await verifyAuditChain(ctx.auditDeps, admin.orgId)).toMatchObject({ valid: true });

    const again = await accept(token);
    expect(again.status).toBe(410);
    expect((await json(again)).error.message).toBe('This invitation has already been accepted');
  });

  it('enforces the password policy: 12 characters and not a common password', async () => {
    const { token } = await invited();
    const short = await accept(token, 'N', 'short-pass');
    expect(short.status).toBe(400);
    expect((await json(short)).error.fields).toEqual({ password: 'Use at least 12 characters' });
    const common = await accept(token, 'N', 'Password1234');
    expect(common.status).toBe(400);
    expect((await json(common)).error.fields).toEqual({ password: 'This password is too common' });
    const noName = await accept(token, '   ', GOOD_PASSWORD);
    expect(Object.keys((await json(noName)).error.fields)).toEqual(['name']);
  });

  it('refuses an expired link, and an unknown one, each with its reason', async () => {
    const { id, token } = await invited();
    await ctx.db
      .update(userInvitations)
      .set({ expiresAt: new Date(ctx.clock.now().getTime() - 1) })
      .where(eq(userInvitations.id, id));
    const expired = await accept(token);
    expect(expired.status).toBe(410);
    expect((await json(expired)).error.message).toBe('This invitation has expired');

    const unknown = await accept(generateToken());
    expect(unknown.status).toBe(404);
    expect((await json(unknown)).error.message).toBe('This invitation link is not valid');
    const preview = await ctx.request('POST', '/api/invitations/preview', {
      body: { token: generateToken() },
    });
    expect(preview.status).toBe(404);
  });

  it('lets exactly one of 20 parallel acceptances of one link succeed', async () => {
    const { email, id, token } = await invited();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => accept(token, `Racer ${i}`, `${GOOD_PASSWORD} ${i}`)),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 410)).toHaveLength(19);
    const accounts = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(accounts).toHaveLength(1);
    expect((await invitationRow(id)).acceptedUserId).toBe(accounts[0]?.id);
  });

  it('refuses a newcomer acceptance when the address already has an account', async () => {
    const admin = await ctx.signInAs('admin');
    const member = await ctx.createUser('ir_associate', admin.orgId);
    const token = generateToken();
    await insertInvitation(ctx.db, {
      orgId: admin.orgId,
      email: member.email,
      role: 'ir_associate',
      invitedBy: admin.userId,
      tokenHash: sha256Hex(token),
      createdAt: ctx.clock.now(),
      lastSentAt: ctx.clock.now(),
      expiresAt: new Date(ctx.clock.now().getTime() + DAY_MS),
    });
    const res = await accept(token);
    expect(res.status).toBe(409);
    expect((await json(res)).error.message).toBe(
      'An account with this e-mail already exists. Sign in to accept the invitation.',
    );
  });
});

describe('accepting while signed in', () => {
  /** An invitation row for an address that already has an account (as if it was sent before). */
  async function invitationFor(email: string, orgId: string, invitedBy: string) {
    const token = generateToken();
    const id = await insertInvitation(ctx.db, {
      orgId,
      email,
      role: 'ir_associate',
      invitedBy,
      tokenHash: sha256Hex(token),
      createdAt: ctx.clock.now(),
      lastSentAt: ctx.clock.now(),
      expiresAt: new Date(ctx.clock.now().getTime() + DAY_MS),
    });
    return { id, token };
  }

  const acceptExisting = (cookie: string, token: string) =>
    ctx.request('POST', '/api/invitations/accept-existing', { cookie, body: { token } });

  it('accepts an invitation sent to the signed-in address', async () => {
    const admin = await ctx.signInAs('admin');
    const member = await ctx.signInAs('ir_associate', admin.orgId);
    const { id, token } = await invitationFor(member.email, admin.orgId, admin.userId);
    const res = await acceptExisting(member.cookie, token);
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ user: { id: member.userId }, orgId: admin.orgId });
    expect(await invitationRow(id)).toMatchObject({ status: 'accepted', acceptedUserId: member.userId });
    expect((await auditActions(admin.orgId, id)).at(-1)?.details).toMatchObject({
      method: 'existing_account',
    });
    expect((await acceptExisting(member.cookie, token)).status).toBe(410);
  });

  it("refuses with 403 an invitation sent to someone else's address", async () => {
    const { admin, token } = await invited();
    const other = await ctx.signInAs('ir_associate', admin.orgId);
    const res = await acceptExisting(other.cookie, token);
    expect(res.status).toBe(403);
    expect((await json(res)).error.message).toMatch(/sent to a different e-mail address/);
  });

  it('refuses an invitation of another organisation, and a deleted one with its reason', async () => {
    const admin = await ctx.signInAs('admin');
    const outsider = await ctx.signInAs('ir_associate');
    const { token } = await invitationFor(outsider.email, admin.orgId, admin.userId);
    const res = await acceptExisting(outsider.cookie, token);
    expect(res.status).toBe(409);

    const member = await ctx.signInAs('is_associate', admin.orgId);
    const deleted = await invitationFor(member.email, admin.orgId, admin.userId);
    await ctx.request('DELETE', `/api/invitations/${deleted.id}`, { cookie: admin.cookie, body: {} });
    const gone = await acceptExisting(member.cookie, deleted.token);
    expect(gone.status).toBe(410);
    expect((await json(gone)).error.message).toBe('This invitation has been deleted');
  });
});

describe('the invite check', () => {
  const check = (email: string) => ctx.request('POST', '/api/auth/verify-invite', { body: { email } });

  it('answers the same for a member, an invitee, a deactivated member and a stranger', async () => {
    const member = await ctx.createUser('ir_associate');
    const gone = await ctx.createUser('ir_associate');
    await ctx.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, gone.userId));
    const { email } = await invited();
    const answers = [];
    for (const who of [member.email, email, gone.email, address('stranger')]) {
      const res = await check(who);
      answers.push({ status: res.status, body: await res.text() });
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(JSON.parse(answers[0]?.body ?? '')).toEqual({
      allowed: true,
      message: 'Sign in with your password or ask for a magic link.',
    });
  });

  it('names a bad address', async () => {
    const res = await check('nope');
    expect(res.status).toBe(400);
    expect(Object.keys((await json(res)).error.fields)).toEqual(['email']);
  });

  it('is limited to 30 checks per client address in 15 minutes', async () => {
    // Over real TCP, so the limit sees the client address (127.0.0.1) as in production.
    const server = serve({ fetch: ctx.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      await ctx.db.delete(rateLimits).where(eq(rateLimits.bucket, 'verify-invite:address:127.0.0.1'));
      const tcpCheck = () =>
        fetch(`http://127.0.0.1:${port}/api/auth/verify-invite`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
          body: JSON.stringify({ email: 'someone@invitee.test' }),
        });
      for (let i = 0; i < 30; i++) expect((await tcpCheck()).status).toBe(200);
      const limited = await tcpCheck();
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('demo invitations', () => {
  it('fill every tab and are added only once', async () => {
    const admin = await ctx.signInAs('admin');
    expect(await seedDemoInvitations(ctx.deps, admin.orgId, admin.userId)).toBe(5);
    expect(await seedDemoInvitations(ctx.deps, admin.orgId, admin.userId)).toBe(0);
    const { counts } = await json(await ctx.request('GET', '/api/invitations', { cookie: admin.cookie }));
    expect(counts).toEqual({ all: 4, pending: 2, accepted: 1, expired: 1, deleted: 1 });
    expect(await verifyAuditChain(ctx.auditDeps, admin.orgId)).toMatchObject({ valid: true });
  });
});

describe('the API description', () => {
  it('documents every invitation endpoint', async () => {
    const res = await ctx.request('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    const paths = Object.keys((await json(res)).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/invitations',
        '/api/invitations/{id}/resend',
        '/api/invitations/{id}/link',
        '/api/invitations/{id}',
        '/api/invitations/preview',
        '/api/invitations/accept',
        '/api/invitations/accept-existing',
        '/api/auth/verify-invite',
      ]),
    );
  });
});
