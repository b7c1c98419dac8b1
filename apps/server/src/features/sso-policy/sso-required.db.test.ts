import { ERRORS, SSO_FRESH_SIGN_IN_MINUTES, SSO_REQUIRED_TEXTS } from '@parley/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildInvitation } from '../../../test/factories';
import { startSmtpSink } from '../../../test/smtp-sink';
import { createTestContext, json, TEST_ORIGIN } from '../../../test/test-app';
import {
  auditLogs,
  emailOutbox,
  notifications,
  sessions,
  ssoProviders,
  userInvitations,
  users,
} from '../../db/schema';
import { generateToken, sha256Hex } from '../../lib/crypto';

/** docs/decisions/056-single-sign-on.md: 'SSO required', turning it on, and the break-glass admin. */

const smtp = await startSmtpSink();
afterAll(() => smtp.close());
const ctx = await createTestContext({}, { mailer: smtp.mailer });

const MINUTE = 60_000;

async function auditOf(orgId: string, actionType: string) {
  return ctx.db
    .select({ details: auditLogs.details, actorId: auditLogs.actorId })
    .from(auditLogs)
    .where(and(eq(auditLogs.orgId, orgId), eq(auditLogs.actionType, actionType)));
}

/** A provider row as the SSO settings save it (the flow itself is tested with a real provider elsewhere). */
async function insertProvider(orgId: string, enabled = true) {
  await ctx.db.insert(ssoProviders).values({
    orgId,
    displayName: 'Example ID',
    issuer: 'https://id.example.test',
    clientId: 'parley',
    clientSecretSealed: 'v1.test.sealed.secret',
    allowedDomains: ['example.test'],
    enabled,
  });
}

/** Marks the admin's session as signed in with SSO now (what the callback records). */
async function markSessionSso(cookie: string) {
  const session = await ctx.request('GET', '/api/auth/session', { cookie });
  expect(session.status).toBe(200);
  await ctx.db
    .update(sessions)
    .set({ method: 'sso', createdAt: ctx.clock.now() })
    .where(eq(sessions.userId, (await json(session)).user.id));
}

const requireSso = (cookie: string, value = true) =>
  ctx.request('PATCH', '/api/system-config', { cookie, body: { sso_required: value } });

/** An organisation with SSO required, its admin (signed in with SSO) and an associate. */
async function ssoOrg() {
  const admin = await ctx.signInAs('admin');
  await insertProvider(admin.orgId);
  await markSessionSso(admin.cookie);
  expect((await requireSso(admin.cookie)).status).toBe(200);
  const associate = await ctx.createUser('ir_associate', admin.orgId);
  return { admin, associate };
}

describe('turning SSO required on', () => {
  it('needs an enabled provider and an admin who just signed in with it', async () => {
    const admin = await ctx.signInAs('admin');
    const refused = await requireSso(admin.cookie);
    expect(refused.status).toBe(409);
    expect((await json(refused)).error.message).toBe(SSO_REQUIRED_TEXTS.needsProvider);

    await insertProvider(admin.orgId);
    const byPassword = await requireSso(admin.cookie);
    expect(byPassword.status).toBe(409);
    expect((await json(byPassword)).error.message).toBe(SSO_REQUIRED_TEXTS.needsFreshSso);

    await markSessionSso(admin.cookie);
    ctx.clock.advance((SSO_FRESH_SIGN_IN_MINUTES + 1) * MINUTE);
    expect((await requireSso(admin.cookie)).status).toBe(409);

    await markSessionSso(admin.cookie);
    const on = await requireSso(admin.cookie);
    expect(on.status).toBe(200);
    expect(await json(on)).toMatchObject({ sso_required: true });
    const [entry] = await auditOf(admin.orgId, 'system_config_updated');
    expect(entry?.details).toEqual({ changes: { sso_required: { from: 'false', to: 'true' } } });
    // While it is on, the provider stays: removing it would leave only the break-glass admin.
    const removal = await ctx.request('DELETE', '/api/security/sso', { cookie: admin.cookie });
    expect(removal.status).toBe(409);
    expect((await json(removal)).error.message).toBe(SSO_REQUIRED_TEXTS.providerInUse);
    // Turning it off needs nothing more, and then the provider may go.
    expect((await requireSso(admin.cookie, false)).status).toBe(200);
    expect((await ctx.request('DELETE', '/api/security/sso', { cookie: admin.cookie })).status).toBe(204);
  });
});

describe('while SSO is required', () => {
  it('refuses a password sign-in after the password, and says nothing more to a wrong one', async () => {
    const { associate } = await ssoOrg();
    const refused = await ctx.signIn(associate.email, associate.password);
    expect(refused.status).toBe(403);
    expect((await json(refused)).error).toMatchObject({
      code: 'SSO_REQUIRED',
      message: ERRORS.SSO_REQUIRED.message,
    });
    expect(refused.headers.get('set-cookie')).toBeNull();
    const wrong = await ctx.signIn(associate.email, 'not the password at all');
    expect(wrong.status).toBe(401);
    const failures = await auditOf(associate.orgId, 'sign_in_failed');
    expect(failures.map((f) => (f.details as { reason: string }).reason)).toEqual([
      'sso_required',
      'wrong_password',
    ]);
  });

  it('answers a magic-link request as for anyone, sends nothing, and refuses a link sent before', async () => {
    const admin = await ctx.signInAs('admin');
    const associate = await ctx.createUser('ir_associate', admin.orgId);
    const early = await ctx.request('POST', '/api/auth/magic-link', { body: { email: associate.email } });
    expect(early.status).toBe(200);
    const pattern = new RegExp(`${TEST_ORIGIN.replace(/\./g, '\\.')}/auth/magic\\?token=([\\w-]+)`);
    const find = () => smtp.received.find((m) => m.to.includes(associate.email) && pattern.test(m.text));
    await expect.poll(find, { timeout: 10_000 }).toBeDefined();
    const token = pattern.exec(find()?.text ?? '')?.[1] ?? '';

    await insertProvider(admin.orgId);
    await markSessionSso(admin.cookie);
    expect((await requireSso(admin.cookie)).status).toBe(200);

    const later = await ctx.request('POST', '/api/auth/magic-link', { body: { email: associate.email } });
    expect(later.status).toBe(200);
    expect(await json(later)).toEqual(await json(early));
    const mails = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toEmail, associate.email));
    expect(mails).toHaveLength(1);

    const consumed = await ctx.request('POST', '/api/auth/magic-link/consume', { body: { token } });
    expect(consumed.status).toBe(403);
    expect((await json(consumed)).error.code).toBe('SSO_REQUIRED');
    const refusals = await auditOf(admin.orgId, 'magic_link_refused');
    expect(refusals.map((r) => (r.details as { reason: string }).reason)).toEqual([
      'sso_required',
      'sso_required',
    ]);
  });

  it('sends an invited newcomer to the provider instead of taking a password', async () => {
    const { admin } = await ssoOrg();
    const token = generateToken();
    const invitation = buildInvitation({
      orgId: admin.orgId,
      now: ctx.clock.now(),
      invitedBy: admin.userId,
      tokenHash: sha256Hex(token),
      lastSentAt: ctx.clock.now(),
    });
    await ctx.db.insert(userInvitations).values(invitation);
    const res = await ctx.request('POST', '/api/invitations/accept', {
      body: { token, name: 'New Associate', password: 'a long enough passphrase' },
    });
    expect(res.status).toBe(403);
    expect((await json(res)).error.code).toBe('SSO_REQUIRED');
    expect(await ctx.db.select().from(users).where(eq(users.email, invitation.email))).toEqual([]);
  });

  it('lets the break-glass admin in with a password, audited and told to every admin', async () => {
    const { admin } = await ssoOrg();
    const glass = await ctx.createUser('admin', admin.orgId);
    const notAdmin = await ctx.request('PUT', '/api/security/sso-break-glass', {
      cookie: admin.cookie,
      body: { user_id: (await ctx.createUser('ir_director', admin.orgId)).userId },
    });
    expect(notAdmin.status).toBe(400);
    expect((await json(notAdmin)).error.fields).toEqual({ user_id: SSO_REQUIRED_TEXTS.breakGlassNotAdmin });

    const named = await ctx.request('PUT', '/api/security/sso-break-glass', {
      cookie: admin.cookie,
      body: { user_id: glass.userId },
    });
    expect(named.status).toBe(200);
    const view = await json(named);
    expect(view).toMatchObject({ user_id: glass.userId, email: glass.email });
    expect(view.admins.map((a: { user_id: string }) => a.user_id).sort()).toEqual(
      [admin.userId, glass.userId].sort(),
    );
    const [changed] = await auditOf(admin.orgId, 'sso_break_glass_changed');
    expect(changed?.details).toEqual({ before: null, after: glass.userId });

    const res = await ctx.signIn(glass.email, glass.password);
    expect(res.status).toBe(200);
    const [used] = await auditOf(admin.orgId, 'sso_break_glass_used');
    expect(used).toMatchObject({
      actorId: glass.userId,
      details: { email: glass.email, method: 'password' },
    });
    const told = await ctx.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.orgId, admin.orgId), eq(notifications.kind, 'sso_break_glass_used')));
    expect(told.map((n) => n.userId).sort()).toEqual([admin.userId, glass.userId].sort());
    const mailed = () => smtp.received.filter((m) => m.subject.includes('break-glass sign-in'));
    await expect
      .poll(
        () =>
          mailed()
            .flatMap((m) => m.to)
            .sort(),
        { timeout: 10_000 },
      )
      .toEqual([admin.email, glass.email].sort());

    // Anyone else is still refused.
    const other = await ctx.createUser('admin', admin.orgId);
    expect((await ctx.signIn(other.email, other.password)).status).toBe(403);
  });
});
