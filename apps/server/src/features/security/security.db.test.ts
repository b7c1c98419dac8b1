import { ERRORS } from '@parley/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { insertTotpFactor } from '../../../test/factories';
import { startSmtpSink } from '../../../test/smtp-sink';
import {
  createTestContext,
  json,
  STARTS_A_DATABASE_MS,
  sessionCookieOf,
  TEST_ORIGIN,
} from '../../../test/test-app';
import {
  auditLogs,
  emailOutbox,
  mfaAttempts,
  mfaLockouts,
  mfaRecoveryCodes,
  sessions,
  systemConfig,
  userMfaTotp,
  users,
} from '../../db/schema';
import { sha256Hex } from '../../lib/crypto';
import { verifyAuditChain } from '../audit/audit.service';

const smtp = await startSmtpSink();
afterAll(() => smtp.close());
const ctx = await createTestContext({}, { mailer: smtp.mailer });

const MINUTE = 60_000;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

function minutesAgo(minutes: number) {
  return new Date(ctx.clock.now().getTime() - minutes * MINUTE);
}

/** An authenticator row as enrolment leaves it: verified (enrolment finished) or only created. */
async function giveFactor(userId: string, state: 'enabled' | 'pending') {
  await insertTotpFactor(ctx.db, {
    userId,
    createdAt: minutesAgo(30),
    verifiedAt: state === 'enabled' ? minutesAgo(20) : null,
  });
}

async function recordAttempts(
  userId: string,
  orgId: string,
  attempts: { minutesAgo: number; success: boolean }[],
) {
  await ctx.db.insert(mfaAttempts).values(
    attempts.map((a) => ({
      userId,
      orgId,
      kind: 'totp' as const,
      success: a.success,
      createdAt: minutesAgo(a.minutesAgo),
    })),
  );
}

async function stats(cookie: string) {
  const res = await ctx.request('GET', '/api/health/auth-mfa', { cookie });
  expect(res.status).toBe(200);
  return (await json(res)) as {
    mfa_enabled_users: number;
    active_members: number;
    failed_attempts_1h: number;
  };
}

function patchConfig(cookie: string, body: unknown) {
  return ctx.request('PATCH', '/api/system-config', { cookie, body });
}

const RESET_REASON = 'Lost phone, confirmed by video call with the member.';

function resetMfa(cookie: string, userId: string, reason = RESET_REASON) {
  return ctx.request('POST', `/api/users/${userId}/mfa/reset`, { cookie, body: { reason } });
}

async function auditEntries(orgId: string, actionType: string) {
  return ctx.db
    .select({
      actorId: auditLogs.actorId,
      entityId: auditLogs.entityId,
      details: auditLogs.details,
    })
    .from(auditLogs)
    .where(and(eq(auditLogs.orgId, orgId), eq(auditLogs.actionType, actionType)))
    .orderBy(auditLogs.seq);
}

async function storedConfig(orgId: string) {
  const rows = await ctx.db
    .select({ key: systemConfig.key, value: systemConfig.value })
    .from(systemConfig)
    .where(eq(systemConfig.orgId, orgId));
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

describe('access to the security settings', () => {
  it('is for admins only, on every route', async () => {
    await ctx.expectGuarded('GET', '/api/health/auth-mfa', 'admin.manage');
    await ctx.expectGuarded('GET', '/api/system-config', 'admin.manage');
    await ctx.expectGuarded('PATCH', '/api/system-config', 'admin.manage', { mfa_totp_enforced: false });
    await ctx.expectGuarded('POST', '/api/admin/test-magic-link', 'admin.manage');
    await ctx.expectGuarded('GET', '/api/admin/mfa-status', 'admin.manage');
    await ctx.expectGuarded('POST', `/api/users/${UNKNOWN_ID}/mfa/reset`, 'admin.manage', {
      reason: RESET_REASON,
    });
  });
});

describe('GET /api/health/auth-mfa', () => {
  it("counts only the organisation's members with a verified authenticator", async () => {
    const admin = await ctx.signInAs('admin');
    const before = await stats(admin.cookie);

    const enabled = await ctx.createUser('ir_associate', admin.orgId);
    const alsoEnabled = await ctx.createUser('ir_director', admin.orgId);
    const pending = await ctx.createUser('is_associate', admin.orgId);
    await ctx.createUser('ir_associate', admin.orgId); // no authenticator at all
    const outsider = await ctx.createUser('ir_associate');
    await giveFactor(enabled.userId, 'enabled');
    await giveFactor(alsoEnabled.userId, 'enabled');
    await giveFactor(pending.userId, 'pending');
    await giveFactor(outsider.userId, 'enabled');

    const after = await stats(admin.cookie);
    expect(after.mfa_enabled_users - before.mfa_enabled_users).toBe(2);
    expect(after.active_members - before.active_members).toBe(4);
    expect(after.failed_attempts_1h).toBe(before.failed_attempts_1h);

    // A deactivated member counts in neither figure.
    await ctx.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, enabled.userId));
    const gone = await stats(admin.cookie);
    expect(gone.mfa_enabled_users).toBe(after.mfa_enabled_users - 1);
    expect(gone.active_members).toBe(after.active_members - 1);
  });

  it("counts the organisation's failed attempts of the last hour, and none older or elsewhere", async () => {
    const admin = await ctx.signInAs('admin');
    const before = await stats(admin.cookie);
    const member = await ctx.createUser('ir_associate', admin.orgId);
    const outsider = await ctx.createUser('ir_associate');

    await recordAttempts(member.userId, admin.orgId, [
      { minutesAgo: 1, success: false },
      { minutesAgo: 30, success: false },
      { minutesAgo: 59, success: false },
      { minutesAgo: 60, success: false }, // exactly an hour ago: outside the window
      { minutesAgo: 61, success: false },
      { minutesAgo: 5, success: true },
    ]);
    await recordAttempts(outsider.userId, outsider.orgId, [{ minutesAgo: 2, success: false }]);

    expect((await stats(admin.cookie)).failed_attempts_1h - before.failed_attempts_1h).toBe(3);
    // Two minutes later the failure of 59 minutes ago has left the window.
    ctx.clock.advance(2 * MINUTE);
    expect((await stats(admin.cookie)).failed_attempts_1h - before.failed_attempts_1h).toBe(2);
  });
});

describe('GET and PATCH /api/system-config', () => {
  it("reads the organisation's settings as booleans, new organisations with the defaults", async () => {
    const admin = await ctx.signInAs('admin');
    const res = await ctx.request('GET', '/api/system-config', { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({
      sso_required: false,
      mfa_totp_enforced: false,
      auth_magic_link_enabled: true,
      drafter_fallback_enabled: false,
      mfa_passkey_required_admins: false,
    });
  });

  it("stores 'true'/'false' and audits each change with what it replaced, in one entry", async () => {
    const admin = await ctx.signInAs('admin');
    const other = await ctx.signInAs('admin');

    const res = await patchConfig(admin.cookie, { mfa_totp_enforced: true, auth_magic_link_enabled: false });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({
      sso_required: false,
      mfa_totp_enforced: true,
      auth_magic_link_enabled: false,
      drafter_fallback_enabled: false,
      mfa_passkey_required_admins: false,
    });
    expect(await storedConfig(admin.orgId)).toEqual({
      sso_required: 'false',
      mfa_totp_enforced: 'true',
      auth_magic_link_enabled: 'false',
      drafter_fallback_enabled: 'false',
      mfa_passkey_required_admins: 'false',
    });
    expect(await auditEntries(admin.orgId, 'system_config_updated')).toEqual([
      {
        actorId: admin.userId,
        entityId: admin.orgId,
        details: {
          changes: {
            mfa_totp_enforced: { from: 'false', to: 'true' },
            auth_magic_link_enabled: { from: 'true', to: 'false' },
          },
        },
      },
    ]);

    // One key back: only that one is recorded.
    const back = await patchConfig(admin.cookie, { auth_magic_link_enabled: true });
    expect((await json(back)).auth_magic_link_enabled).toBe(true);
    const entries = await auditEntries(admin.orgId, 'system_config_updated');
    expect(entries).toHaveLength(2);
    expect(entries[1]?.details).toEqual({
      changes: { auth_magic_link_enabled: { from: 'false', to: 'true' } },
    });

    // Another organisation's settings are untouched.
    const theirs = await ctx.request('GET', '/api/system-config', { cookie: other.cookie });
    expect((await json(theirs)).mfa_totp_enforced).toBe(false);
    expect(await storedConfig(other.orgId)).toMatchObject({ mfa_totp_enforced: 'false' });
    expect((await verifyAuditChain(ctx.auditDeps, admin.orgId)).valid).toBe(true);
  });

  it('writes and audits nothing when nothing changes', async () => {
    const admin = await ctx.signInAs('admin');
    const res = await patchConfig(admin.cookie, { mfa_totp_enforced: false, auth_magic_link_enabled: true });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ mfa_totp_enforced: false, auth_magic_link_enabled: true });
    expect(await auditEntries(admin.orgId, 'system_config_updated')).toEqual([]);
  });

  it('refuses bad input with 400 naming the field, and changes nothing', async () => {
    const admin = await ctx.signInAs('admin');
    const cases: [unknown, string][] = [
      [{ mfa_totp_enforced: 'true' }, 'mfa_totp_enforced'],
      [{ auth_magic_link_enabled: 1 }, 'auth_magic_link_enabled'],
      [{ drafter_fallback_enabled: 'yes' }, 'drafter_fallback_enabled'],
      [{ sso_required: 'yes' }, 'sso_required'],
      [{}, 'body'],
      [{ mfa_totp_enforced: true, theme: 'dark' }, 'body'],
    ];
    for (const [body, field] of cases) {
      const res = await patchConfig(admin.cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await json(res)).error.fields, JSON.stringify(body)).toHaveProperty(field);
    }
    expect(await storedConfig(admin.orgId)).toEqual({
      sso_required: 'false',
      mfa_totp_enforced: 'false',
      auth_magic_link_enabled: 'true',
      drafter_fallback_enabled: 'false',
      mfa_passkey_required_admins: 'false',
    });
    expect(await auditEntries(admin.orgId, 'system_config_updated')).toEqual([]);
  });
});

describe('POST /api/admin/test-magic-link', () => {
  it("mails a working magic link to the signed-in admin's own address", async () => {
    const admin = await ctx.signInAs('admin');
    const res = await ctx.request('POST', '/api/admin/test-magic-link', { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ message: 'Magic link sent! Check your email.', delivery: 'sent' });

    const mail = await smtp.mailTo(admin.email);
    const token = new RegExp(`${TEST_ORIGIN.replace(/\./g, '\\.')}/auth/magic\\?token=([\\w-]+)`).exec(
      mail.text,
    )?.[1];
    expect(token).toBeDefined();
    // The link is a real one: it signs the admin in.
    const consumed = await ctx.request('POST', '/api/auth/magic-link/consume', { body: { token } });
    expect(consumed.status).toBe(200);
    expect((await json(consumed)).user.email).toBe(admin.email);
  });

  it('answers the magic-link refusal when the organisation turned magic links off', async () => {
    const admin = await ctx.signInAs('admin');
    expect((await patchConfig(admin.cookie, { auth_magic_link_enabled: false })).status).toBe(200);
    const res = await ctx.request('POST', '/api/admin/test-magic-link', { cookie: admin.cookie });
    expect(res.status).toBe(403);
    expect((await json(res)).error).toMatchObject({
      code: 'MAGIC_LINK_DISABLED',
      message: ERRORS.MAGIC_LINK_DISABLED.message,
    });
    const queued = await ctx.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(eq(emailOutbox.toEmail, admin.email));
    expect(queued).toEqual([]);
  });

  it('says the link was kept in the outbox, not sent, when no mail server is configured', {
    timeout: STARTS_A_DATABASE_MS,
  }, async () => {
    const keeping = await createTestContext();
    const admin = await keeping.signInAs('admin');
    const res = await keeping.request('POST', '/api/admin/test-magic-link', { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({
      message: 'Magic link kept in the outbox: no mail server is configured, so it was not sent.',
      delivery: 'stored',
    });
  });

  it("says 'Failed to send test magic link' when the mail server refuses the mail", async () => {
    const admin = await ctx.signInAs('admin');
    smtp.failNext();
    const res = await ctx.request('POST', '/api/admin/test-magic-link', { cookie: admin.cookie });
    expect(res.status).toBe(502);
    expect((await json(res)).error).toMatchObject({
      code: 'EMAIL_NOT_SENT',
      message: 'Failed to send test magic link',
    });
  });
});

describe('GET /api/admin/mfa-status', () => {
  it("lists the organisation's members with their MFA state, searchable and paged", async () => {
    const admin = await ctx.signInAs('admin');
    const enabled = await ctx.createUser('ir_director', admin.orgId);
    const pending = await ctx.createUser('ir_associate', admin.orgId);
    const none = await ctx.createUser('is_associate', admin.orgId);
    const outsider = await ctx.createUser('ir_associate');
    await giveFactor(enabled.userId, 'enabled');
    await giveFactor(pending.userId, 'pending');
    await recordAttempts(none.userId, admin.orgId, [
      { minutesAgo: 90, success: false },
      { minutesAgo: 10, success: false },
      { minutesAgo: 5, success: true },
    ]);

    const res = await ctx.request('GET', '/api/admin/mfa-status?limit=100', { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const page = await json(res);
    expect(page.total).toBe(4);
    expect(page.next_cursor).toBeNull();
    const byId = new Map(page.items.map((item: { id: string }) => [item.id, item]));
    expect(byId.has(outsider.userId)).toBe(false);
    expect(byId.get(enabled.userId)).toEqual({
      id: enabled.userId,
      name: 'Test ir_director',
      email: enabled.email,
      role: 'ir_director',
      mfa: 'enabled',
      verified_at: minutesAgo(20).toISOString(),
      last_failed_at: null,
      passkeys: 0,
      recovery_codes_left: 0,
      sso_linked: false,
      last_sign_in: null,
    });
    expect(byId.get(pending.userId)).toMatchObject({ mfa: 'pending', verified_at: null });
    // The admin signed in with a password (and enrolled: ten recovery codes).
    expect(byId.get(admin.userId)).toMatchObject({
      recovery_codes_left: 10,
      last_sign_in: { at: expect.any(String), method: 'password' },
    });
    expect(byId.get(none.userId)).toMatchObject({
      mfa: 'none',
      verified_at: null,
      last_failed_at: minutesAgo(10).toISOString(),
    });

    const searched = await json(
      await ctx.request('GET', `/api/admin/mfa-status?q=${encodeURIComponent(pending.email)}`, {
        cookie: admin.cookie,
      }),
    );
    expect(searched.items.map((i: { id: string }) => i.id)).toEqual([pending.userId]);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const next = await json(
        await ctx.request('GET', `/api/admin/mfa-status${query}`, { cookie: admin.cookie }),
      );
      seen.push(...next.items.map((i: { id: string }) => i.id));
      cursor = next.next_cursor;
    } while (cursor && seen.length < 10);
    expect(new Set(seen)).toEqual(new Set([admin.userId, enabled.userId, pending.userId, none.userId]));
    expect(seen).toHaveLength(4);
  });

  it('names the bad query parameter', async () => {
    const admin = await ctx.signInAs('admin');
    const cases: [string, string][] = [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['cursor=nonsense', 'cursor'],
      ['q=a%00b', 'q'],
    ];
    for (const [query, field] of cases) {
      const res = await ctx.request('GET', `/api/admin/mfa-status?${query}`, { cookie: admin.cookie });
      expect(res.status, query).toBe(400);
      expect((await json(res)).error.fields, query).toHaveProperty(field);
    }
  });
});

describe('POST /api/users/:id/mfa/reset', () => {
  /** A signed-in member with a verified authenticator, recovery codes and a lockout. */
  async function memberWithMfa(orgId: string) {
    const member = await ctx.signInAs('ir_associate', orgId);
    await giveFactor(member.userId, 'enabled');
    await ctx.db.insert(mfaRecoveryCodes).values(
      ['a', 'b', 'c'].map((code) => ({
        userId: member.userId,
        codeHash: sha256Hex(`${member.userId}:${code}`),
      })),
    );
    await ctx.db.insert(mfaLockouts).values({
      userId: member.userId,
      lockedUntil: new Date(ctx.clock.now().getTime() + 5 * MINUTE),
      lockoutCount: 1,
      lastLockoutAt: ctx.clock.now(),
    });
    return member;
  }

  /** How many authenticator rows and recovery codes the user has, and whether a lockout holds now. */
  async function mfaRowsOf(userId: string) {
    const [factors, codes, lockouts] = await Promise.all([
      ctx.db.select().from(userMfaTotp).where(eq(userMfaTotp.userId, userId)),
      ctx.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId)),
      ctx.db.select().from(mfaLockouts).where(eq(mfaLockouts.userId, userId)),
    ]);
    const isLockedOut = lockouts.some((l) => l.lockedUntil.getTime() > ctx.clock.now().getTime());
    return { factors: factors.length, codes: codes.length, isLockedOut };
  }

  it('removes the authenticator, recovery codes and lockout, signs the member out everywhere, audited', async () => {
    const admin = await ctx.signInAs('admin');
    const member = await memberWithMfa(admin.orgId);
    expect((await ctx.request('GET', '/api/auth/session', { cookie: member.cookie })).status).toBe(200);

    const res = await resetMfa(admin.cookie, member.userId);
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ id: member.userId, mfa: 'none', verified_at: null });

    expect(await mfaRowsOf(member.userId)).toEqual({ factors: 0, codes: 0, isLockedOut: false });
    // The old session is gone: the next request is a 401.
    expect((await ctx.request('GET', '/api/auth/session', { cookie: member.cookie })).status).toBe(401);
    const live = await ctx.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, member.userId), isNull(sessions.revokedAt)));
    expect(live).toEqual([]);

    expect(await auditEntries(admin.orgId, 'mfa_reset')).toEqual([
      {
        actorId: admin.userId,
        entityId: member.userId,
        details: {
          email: member.email,
          reason: RESET_REASON,
          previous_mfa: 'enabled',
          recovery_codes_deleted: 3,
          lockout_cleared: true,
          sessions_revoked: 'all',
        },
      },
    ]);
    expect((await verifyAuditChain(ctx.auditDeps, admin.orgId)).valid).toBe(true);

    // The list shows the member without MFA now.
    const list = await json(
      await ctx.request('GET', `/api/admin/mfa-status?q=${encodeURIComponent(member.email)}`, {
        cookie: admin.cookie,
      }),
    );
    expect(list.items).toMatchObject([
      { id: member.userId, mfa: 'none', passkeys: 0, recovery_codes_left: 0, sso_linked: false },
    ]);
    // The member is told, with the reason.
    const [mail] = await ctx.db
      .select({ subject: emailOutbox.subject, text: emailOutbox.textBody })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toEmail, member.email), eq(emailOutbox.template, 'mfa_reset')));
    expect(mail?.subject).toBe('Parley: your two-factor authentication was reset');
    expect(mail?.text).toContain(RESET_REASON);
  });

  it('needs a reason, and changes nothing without one', async () => {
    const admin = await ctx.signInAs('admin');
    const member = await memberWithMfa(admin.orgId);
    for (const reason of ['', 'too short']) {
      const res = await resetMfa(admin.cookie, member.userId, reason);
      expect(res.status).toBe(400);
      expect(Object.keys((await json(res)).error.fields)).toEqual(['reason']);
    }
    expect(await mfaRowsOf(member.userId)).toMatchObject({ factors: 1, codes: 3 });
  });

  it('gives a member locked out by failed codes all 5 attempts again when they re-enrol', async () => {
    const admin = await ctx.signInAs('admin');
    const member = await memberWithMfa(admin.orgId);
    await recordAttempts(
      member.userId,
      admin.orgId,
      [1, 1, 2, 2, 3].map((minutes) => ({ minutesAgo: minutes, success: false })),
    );
    expect((await resetMfa(admin.cookie, member.userId)).status).toBe(200);

    // The member signs in again a little later and starts over: failures before the reset no longer count.
    ctx.clock.advance(1000);
    const signIn = await ctx.signIn(member.email, member.password);
    expect(signIn.status).toBe(200);
    const cookie = sessionCookieOf(signIn);
    expect((await ctx.request('POST', '/api/mfa/totp/setup', { cookie })).status).toBe(200);
    const wrong = await ctx.request('POST', '/api/mfa/totp/verify-enrollment', {
      cookie,
      body: { code: '000000' },
    });
    expect(wrong.status).toBe(200);
    expect(await json(wrong)).toMatchObject({ success: false, attempts_remaining: 4 });
    // The failed attempts are still there for the security page's figures.
    expect((await stats(admin.cookie)).failed_attempts_1h).toBeGreaterThanOrEqual(6);
  });

  it("gives another organisation's admin a 404 and leaves the member's MFA as it was", async () => {
    const admin = await ctx.signInAs('admin');
    const member = await memberWithMfa(admin.orgId);
    const stranger = await ctx.signInAs('admin');

    const res = await resetMfa(stranger.cookie, member.userId);
    expect(res.status).toBe(404);
    expect(await mfaRowsOf(member.userId)).toEqual({ factors: 1, codes: 3, isLockedOut: true });
    expect((await ctx.request('GET', '/api/auth/session', { cookie: member.cookie })).status).toBe(200);
    expect(await auditEntries(stranger.orgId, 'mfa_reset')).toEqual([]);
    expect((await resetMfa(admin.cookie, UNKNOWN_ID)).status).toBe(404);
  });

  it('refuses an admin resetting their own MFA with 409: that is done in Settings', async () => {
    const admin = await ctx.signInAs('admin');
    const res = await resetMfa(admin.cookie, admin.userId);
    expect(res.status).toBe(409);
    expect((await json(res)).error).toMatchObject({
      code: 'SELF_MFA_RESET',
      message: 'Use Settings to change your own authenticator.',
    });
    expect((await ctx.request('GET', '/api/auth/session', { cookie: admin.cookie })).status).toBe(200);
  });

  it('answers 409 for a member who has no MFA to reset, and keeps their sessions', async () => {
    const admin = await ctx.signInAs('admin');
    const member = await ctx.signInAs('ir_associate', admin.orgId);
    const res = await resetMfa(admin.cookie, member.userId);
    expect(res.status).toBe(409);
    expect((await json(res)).error.code).toBe('NO_MFA_TO_RESET');
    expect((await ctx.request('GET', '/api/auth/session', { cookie: member.cookie })).status).toBe(200);
    expect(await auditEntries(admin.orgId, 'mfa_reset')).toEqual([]);
  });

  it('resets an enrolment that was started but never finished', async () => {
    const admin = await ctx.signInAs('admin');
    const member = await ctx.signInAs('ir_associate', admin.orgId);
    await giveFactor(member.userId, 'pending');
    const res = await resetMfa(admin.cookie, member.userId);
    expect(res.status).toBe(200);
    expect(await mfaRowsOf(member.userId)).toEqual({ factors: 0, codes: 0, isLockedOut: false });
    const [entry] = await auditEntries(admin.orgId, 'mfa_reset');
    expect(entry?.details).toMatchObject({ previous_mfa: 'pending', recovery_codes_deleted: 0 });
  });

  it('names a malformed user id', async () => {
    const admin = await ctx.signInAs('admin');
    const res = await resetMfa(admin.cookie, 'not-a-uuid');
    expect(res.status).toBe(400);
    expect((await json(res)).error.fields).toHaveProperty('id');
  });
});

describe('the API description', () => {
  it('documents every security settings endpoint', async () => {
    const res = await ctx.request('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    const paths = (await json(res)).paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/health/auth-mfa',
        '/api/system-config',
        '/api/admin/test-magic-link',
        '/api/admin/mfa-status',
        '/api/users/{id}/mfa/reset',
      ]),
    );
    expect(Object.keys(paths['/api/system-config'])).toEqual(expect.arrayContaining(['get', 'patch']));
  });
});
