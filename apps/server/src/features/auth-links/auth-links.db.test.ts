import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../../test/smtp-sink';
import { createTestContext, json, sessionCookieOf, TEST_ORIGIN } from '../../../test/test-app';
import {
  auditLogs,
  authTokens,
  emailOutbox,
  rateLimits,
  systemConfig,
  userInvitations,
  users,
} from '../../db/schema';
import { generateToken, sha256Hex } from '../../lib/crypto';
import { verifyAuditChain } from '../audit/audit.service';

const smtp = await startSmtpSink();
afterAll(() => smtp.close());
const ctx = await createTestContext({}, { mailer: smtp.mailer });

const MINUTE = 60_000;
const SENT = 'Magic link sent! Check your email.';
const RESET_REQUESTED = 'If an account exists for that address, we have sent a link to reset the password.';
const LINK_EXPIRED = 'This sign-in link has expired or was already used. Request a new one.';
const RESET_LINK_EXPIRED = 'This password reset link has expired or was already used. Request a new one.';

const unknownEmail = () =>
  `nobody.${generateToken()
    .slice(0, 10)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x')}@parley.test`;

function requestMagicLink(email: string) {
  return ctx.request('POST', '/api/auth/magic-link', { body: { email } });
}

function consumeMagicLink(token: string) {
  return ctx.request('POST', '/api/auth/magic-link/consume', { body: { token } });
}

function requestReset(email: string) {
  return ctx.request('POST', '/api/auth/password-reset', { body: { email } });
}

function completeReset(token: string, password: string) {
  return ctx.request('POST', '/api/auth/password-reset/complete', { body: { token, password } });
}

/**
 * The token of the link in the last mail to an address that holds such a link, as received over
 * SMTP (reset mails are handed over after the answer, so this waits for them).
 */
async function tokenFromMail(email: string, path: '/auth/magic' | '/auth/reset') {
  const pattern = new RegExp(`${TEST_ORIGIN.replace(/\./g, '\\.')}${path}\\?token=([\\w-]+)`);
  const find = () => [...smtp.received].reverse().find((m) => m.to.includes(email) && pattern.test(m.text));
  await expect.poll(find, { timeout: 5000 }).toBeDefined();
  const mail = find();
  const token = mail ? pattern.exec(mail.text)?.[1] : undefined;
  if (!mail || !token) throw new Error(`no ${path} link in the mail to ${email}`);
  expect(mail.html).toContain(`${TEST_ORIGIN}${path}?token=${token}`);
  return { token, mail };
}

/** Sends a magic link to a fresh member and returns its token. */
async function magicLinkFor(email: string) {
  const res = await requestMagicLink(email);
  expect(res.status).toBe(200);
  return (await tokenFromMail(email, '/auth/magic')).token;
}

async function auditOf(orgId: string | null, actionType: string) {
  return ctx.db
    .select({ details: auditLogs.details, actorId: auditLogs.actorId, entityId: auditLogs.entityId })
    .from(auditLogs)
    .where(
      and(orgId ? eq(auditLogs.orgId, orgId) : sql`org_id is null`, eq(auditLogs.actionType, actionType)),
    );
}

async function outboxTo(email: string) {
  return ctx.db
    .select({ template: emailOutbox.template, status: emailOutbox.status, category: emailOutbox.category })
    .from(emailOutbox)
    .where(eq(emailOutbox.toEmail, email));
}

async function setMagicLinks(orgId: string, value: 'true' | 'false') {
  await ctx.db
    .update(systemConfig)
    .set({ value })
    .where(and(eq(systemConfig.orgId, orgId), eq(systemConfig.key, 'auth_magic_link_enabled')));
}

describe('requesting a magic link', () => {
  it('mails an active member a single-use link to /auth/magic and audits it without the token', async () => {
    const user = await ctx.createUser('ir_director');
    const res = await requestMagicLink(user.email.toUpperCase());
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toEqual({ message: SENT });

    const { token, mail } = await tokenFromMail(user.email, '/auth/magic');
    expect(mail.subject).toBe('Your sign-in link for Parley');
    expect(mail.text).toContain('expires in 15 minutes');
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(JSON.stringify(body)).not.toContain(token);
    await expect
      .poll(async () => outboxTo(user.email), { timeout: 5000 })
      .toEqual([{ template: 'magic_link', status: 'sent', category: 'transactional' }]);

    const stored = await ctx.db.select().from(authTokens).where(eq(authTokens.userId, user.userId));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ purpose: 'magic_link', tokenHash: sha256Hex(token), usedAt: null });
    expect(stored[0]?.expiresAt.getTime()).toBe(ctx.clock.now().getTime() + 15 * MINUTE);

    const audit = await auditOf(user.orgId, 'magic_link_requested');
    expect(audit).toEqual([
      expect.objectContaining({
        actorId: user.userId,
        details: expect.objectContaining({ email: user.email }),
      }),
    ]);
    const everything = await ctx.db.select().from(auditLogs).where(eq(auditLogs.orgId, user.orgId));
    expect(JSON.stringify(everything)).not.toContain(token);
  });

  it('names the e-mail field when it is missing or not an address', async () => {
    for (const body of [{}, { email: '' }, { email: 'not-an-address' }]) {
      const res = await ctx.request('POST', '/api/auth/magic-link', { body });
      expect(res.status).toBe(400);
      expect(Object.keys((await json(res)).error.fields)).toEqual(['email']);
    }
  });

  it('answers a stranger exactly as a member, mails only the member, and audits the real reason', async () => {
    const member = await ctx.createUser('ir_associate');
    const stranger = unknownEmail();
    const memberRes = await requestMagicLink(member.email);
    const strangerRes = await requestMagicLink(stranger);
    expect(strangerRes.status).toBe(memberRes.status);
    expect(await json(strangerRes)).toEqual(await json(memberRes));
    expect(await json(await requestMagicLink(stranger))).toEqual({ message: SENT });
    await tokenFromMail(member.email, '/auth/magic');
    expect(await outboxTo(stranger)).toEqual([]);
    const audit = await auditOf(null, 'magic_link_refused');
    expect(audit.map((a) => a.details)).toContainEqual(
      expect.objectContaining({ email: stranger, reason: 'unknown_email' }),
    );
    expect(await auditOf(null, 'magic_link_requested')).not.toContainEqual(
      expect.objectContaining({ details: expect.objectContaining({ email: stranger }) }),
    );
  });

  it('sends nothing to an invited e-mail that has not accepted, and audits why', async () => {
    const admin = await ctx.createUser('admin');
    const email = unknownEmail();
    await ctx.db.insert(userInvitations).values({
      orgId: admin.orgId,
      email,
      role: 'ir_associate',
      invitedBy: admin.userId,
      tokenHash: sha256Hex(generateToken()),
      expiresAt: new Date(ctx.clock.now().getTime() + 7 * 24 * 60 * MINUTE),
    });
    const res = await requestMagicLink(email);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ message: SENT });
    expect(await outboxTo(email)).toEqual([]);
    expect((await auditOf(null, 'magic_link_refused')).map((a) => a.details)).toContainEqual(
      expect.objectContaining({ email, reason: 'invitation_not_accepted' }),
    );
  });

  it('sends nothing to a deactivated member, with the same answer', async () => {
    const user = await ctx.createUser('ir_associate');
    await ctx.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, user.userId));
    const res = await requestMagicLink(user.email);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ message: SENT });
    expect(await outboxTo(user.email)).toEqual([]);
    expect((await auditOf(user.orgId, 'magic_link_refused')).map((a) => a.details)).toEqual([
      expect.objectContaining({ reason: 'deactivated' }),
    ]);
  });

  it('sends nothing when the organisation turned magic links off, with the same answer', async () => {
    const user = await ctx.createUser('admin');
    await setMagicLinks(user.orgId, 'false');
    const res = await requestMagicLink(user.email);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ message: SENT });
    expect(await outboxTo(user.email)).toEqual([]);
    expect((await auditOf(user.orgId, 'magic_link_refused')).map((a) => a.details)).toEqual([
      expect.objectContaining({ reason: 'magic_link_disabled' }),
    ]);
  });

  it('answers as usual when the mail server refuses, and keeps the mail as failed in the outbox', async () => {
    const user = await ctx.createUser('ir_associate');
    smtp.failNext();
    const res = await requestMagicLink(user.email);
    expect(res.status).toBe(200);
    await expect
      .poll(async () => outboxTo(user.email), { timeout: 5000 })
      .toEqual([{ template: 'magic_link', status: 'failed', category: 'transactional' }]);
  });

  it('allows 3 requests per e-mail in 15 minutes, then answers 429 with Retry-After', async () => {
    const user = await ctx.createUser('ir_associate');
    for (let i = 0; i < 3; i++) expect((await requestMagicLink(user.email)).status).toBe(200);
    const limited = await requestMagicLink(user.email);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    ctx.clock.advance(15 * MINUTE);
    expect((await requestMagicLink(user.email)).status).toBe(200);
  });
});

describe('using a magic link', () => {
  it('signs the member in once; a second use of the link fails', async () => {
    const user = await ctx.createUser('ir_associate');
    const token = await magicLinkFor(user.email);

    const res = await consumeMagicLink(token);
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({
      role: 'ir_associate',
      orgId: user.orgId,
      mfa: 'none',
      user: { id: user.userId, email: user.email },
    });
    expect(JSON.stringify(body)).not.toContain(token);
    const session = await ctx.request('GET', '/api/auth/session', { cookie: sessionCookieOf(res) });
    expect(session.status).toBe(200);
    expect(await json(session)).toMatchObject({ user: { id: user.userId } });
    expect((await auditOf(user.orgId, 'sign_in')).map((a) => a.details)).toContainEqual(
      expect.objectContaining({ method: 'magic_link' }),
    );

    const again = await consumeMagicLink(token);
    expect(again.status).toBe(410);
    expect(again.headers.get('set-cookie')).toBeNull();
    expect((await json(again)).error).toMatchObject({ code: 'LINK_EXPIRED', message: LINK_EXPIRED });
  });

  it('signs in exactly once when the link is used in parallel', async () => {
    const user = await ctx.createUser('ir_director');
    const token = await magicLinkFor(user.email);
    const results = await Promise.all(Array.from({ length: 5 }, () => consumeMagicLink(token)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 410, 410, 410, 410]);
  });

  it('fails after 15 minutes', async () => {
    const user = await ctx.createUser('ir_associate');
    const token = await magicLinkFor(user.email);
    ctx.clock.advance(16 * MINUTE);
    const res = await consumeMagicLink(token);
    expect(res.status).toBe(410);
    expect((await json(res)).error.message).toBe(LINK_EXPIRED);
  });

  it('fails for an unknown token and names an empty one', async () => {
    expect((await consumeMagicLink(generateToken())).status).toBe(410);
    const empty = await consumeMagicLink('');
    expect(empty.status).toBe(400);
    expect(Object.keys((await json(empty)).error.fields)).toEqual(['token']);
  });

  it('is not a reset link, and a reset link is not a magic link', async () => {
    const user = await ctx.createUser('ir_associate');
    const magic = await magicLinkFor(user.email);
    expect((await completeReset(magic, 'a brand new passphrase')).status).toBe(410);
    expect((await requestReset(user.email)).status).toBe(200);
    const { token: reset } = await tokenFromMail(user.email, '/auth/reset');
    expect((await consumeMagicLink(reset)).status).toBe(410);
  });

  it('refuses a member deactivated after the link was sent, and uses the link up', async () => {
    const user = await ctx.createUser('ir_associate');
    const token = await magicLinkFor(user.email);
    await ctx.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, user.userId));
    const res = await consumeMagicLink(token);
    expect(res.status).toBe(403);
    expect(res.headers.get('set-cookie')).toBeNull();
    await ctx.db.update(users).set({ status: 'active' }).where(eq(users.id, user.userId));
    expect((await consumeMagicLink(token)).status).toBe(410);
  });

  it('refuses the link once the organisation turned magic links off', async () => {
    const user = await ctx.createUser('ir_associate');
    const token = await magicLinkFor(user.email);
    await setMagicLinks(user.orgId, 'false');
    const res = await consumeMagicLink(token);
    expect(res.status).toBe(403);
    expect((await json(res)).error.code).toBe('MAGIC_LINK_DISABLED');
  });
});

describe('password recovery', () => {
  it('gives the same answer for an unknown and a known e-mail, and mails only the known one', async () => {
    const user = await ctx.createUser('ir_director');
    const email = unknownEmail();
    const known = await requestReset(user.email);
    const unknown = await requestReset(email);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await json(known)).toEqual({ message: RESET_REQUESTED });
    expect(await json(unknown)).toEqual({ message: RESET_REQUESTED });

    const { mail } = await tokenFromMail(user.email, '/auth/reset');
    expect(mail.subject).toBe('Reset your Parley password');
    expect(await outboxTo(email)).toEqual([]);
    expect(smtp.received.some((m) => m.to.includes(email))).toBe(false);

    expect((await auditOf(user.orgId, 'password_reset_requested')).map((a) => a.details)).toEqual([
      expect.objectContaining({ outcome: 'link_sent' }),
    ]);
    expect((await auditOf(null, 'password_reset_requested')).map((a) => a.details)).toContainEqual(
      expect.objectContaining({ email, outcome: 'unknown_email' }),
    );
  });

  it('sends no link to a deactivated member, with the same answer', async () => {
    const user = await ctx.createUser('ir_associate');
    await ctx.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, user.userId));
    const res = await requestReset(user.email);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ message: RESET_REQUESTED });
    expect(await outboxTo(user.email)).toEqual([]);
  });

  it('changes the password once, signs the user out everywhere, and audits it', async () => {
    const user = await ctx.createUser('ir_associate');
    const before = sessionCookieOf(await ctx.signIn(user.email, user.password));
    const other = sessionCookieOf(await ctx.signIn(user.email, user.password));
    expect((await requestReset(user.email)).status).toBe(200);
    const { token } = await tokenFromMail(user.email, '/auth/reset');

    const res = await completeReset(token, 'a brand new passphrase');
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toEqual({ message: 'Your password has been changed. Sign in with your new password.' });
    expect(res.headers.get('set-cookie')).toBeNull();

    for (const cookie of [before, other]) {
      expect((await ctx.request('GET', '/api/auth/session', { cookie })).status).toBe(401);
    }
    expect((await ctx.signIn(user.email, user.password)).status).toBe(401);
    expect((await ctx.signIn(user.email, 'a brand new passphrase')).status).toBe(200);

    const again = await completeReset(token, 'another new passphrase');
    expect(again.status).toBe(410);
    expect((await json(again)).error.message).toBe(RESET_LINK_EXPIRED);

    expect(await auditOf(user.orgId, 'password_reset')).toEqual([
      expect.objectContaining({ actorId: user.userId, entityId: user.userId }),
    ]);
    const everything = await ctx.db.select().from(auditLogs).where(eq(auditLogs.orgId, user.orgId));
    expect(JSON.stringify(everything)).not.toContain(token);
    expect(JSON.stringify(everything)).not.toContain('a brand new passphrase');
    expect(await verifyAuditChain(ctx.auditDeps, user.orgId)).toMatchObject({ valid: true });
  });

  it('refuses a short or common password naming the field, and the link still works afterwards', async () => {
    const user = await ctx.createUser('ir_associate');
    await requestReset(user.email);
    const { token } = await tokenFromMail(user.email, '/auth/reset');
    for (const password of ['short', 'Password1234']) {
      const weak = await completeReset(token, password);
      expect(weak.status).toBe(400);
      expect(Object.keys((await json(weak)).error.fields)).toEqual(['password']);
    }
    expect((await completeReset(token, 'long enough passphrase')).status).toBe(200);
  });

  it('fails after one hour', async () => {
    const user = await ctx.createUser('ir_associate');
    await requestReset(user.email);
    const { token } = await tokenFromMail(user.email, '/auth/reset');
    ctx.clock.advance(61 * MINUTE);
    const res = await completeReset(token, 'a brand new passphrase');
    expect(res.status).toBe(410);
    expect((await ctx.signIn(user.email, user.password)).status).toBe(200);
  });

  it('voids an earlier unused link when a new one is sent', async () => {
    const user = await ctx.createUser('ir_associate');
    await requestReset(user.email);
    const { token: first } = await tokenFromMail(user.email, '/auth/reset');
    await requestReset(user.email);
    await expect.poll(() => smtp.received.filter((m) => m.to.includes(user.email)).length).toBe(2);
    const { token: second } = await tokenFromMail(user.email, '/auth/reset');
    expect(second).not.toBe(first);
    expect((await completeReset(first, 'a brand new passphrase')).status).toBe(410);
    expect((await completeReset(second, 'a brand new passphrase')).status).toBe(200);
  });

  it('voids the magic links the user had outstanding', async () => {
    const user = await ctx.createUser('ir_associate');
    const magic = await magicLinkFor(user.email);
    await requestReset(user.email);
    const { token } = await tokenFromMail(user.email, '/auth/reset');
    expect((await completeReset(token, 'a brand new passphrase')).status).toBe(200);
    expect((await consumeMagicLink(magic)).status).toBe(410);
  });

  it('limits requests per e-mail with the same 429 for unknown and known e-mails', async () => {
    const user = await ctx.createUser('ir_associate');
    const email = unknownEmail();
    for (const address of [user.email, email]) {
      for (let i = 0; i < 3; i++) expect((await requestReset(address)).status).toBe(200);
      const limited = await requestReset(address);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('names the fields of a bad completion', async () => {
    const res = await ctx.request('POST', '/api/auth/password-reset/complete', { body: {} });
    expect(res.status).toBe(400);
    expect(Object.keys((await json(res)).error.fields).sort()).toEqual(['password', 'token']);
    expect((await completeReset(generateToken(), 'a brand new passphrase')).status).toBe(410);
  });
});

describe('link requests per client address', () => {
  // Over real TCP, so the limit sees the client address (127.0.0.1) as in production.
  const server = serve({ fetch: ctx.app.fetch, port: 0, hostname: '127.0.0.1' });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  async function post(path: string, email: string) {
    await new Promise((resolve) => (server.listening ? resolve(null) : server.once('listening', resolve)));
    const { port } = server.address() as AddressInfo;
    return fetch(`http://127.0.0.1:${port}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
      body: JSON.stringify({ email }),
    });
  }

  it.each([
    ['magic-link', '/api/auth/magic-link'],
    ['password-reset', '/api/auth/password-reset'],
  ])('are limited to 20 in 15 minutes across different e-mails (%s)', async (kind, path) => {
    await ctx.db.delete(rateLimits).where(eq(rateLimits.bucket, `${kind}:address:127.0.0.1`)); // a rerun
    for (let i = 0; i < 20; i++) expect((await post(path, unknownEmail())).status).not.toBe(429);
    const res = await post(path, unknownEmail());
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
