import { ROLES, SESSION_COOKIE } from '@parley/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext, json, STARTS_A_DATABASE_MS, sessionCookieOf } from '../../../test/test-app';
import { auditLogs, emailOutbox, sessions, users } from '../../db/schema';
import { sweepExpiredRows } from '../../jobs/sweep';

const ctx = await createTestContext();

const MINUTE = 60_000;

async function auditActions(orgId: string | null, actionType: string) {
  return ctx.db
    .select({ details: auditLogs.details, actorId: auditLogs.actorId })
    .from(auditLogs)
    .where(
      and(orgId ? eq(auditLogs.orgId, orgId) : sql`org_id is null`, eq(auditLogs.actionType, actionType)),
    );
}

describe('sign-in', () => {
  it.each(ROLES)(
    'signs a %s in with a session cookie and reports the role and the MFA step',
    async (role) => {
      const user = await ctx.createUser(role);
      const res = await ctx.signIn(user.email.toUpperCase(), user.password);
      expect(res.status).toBe(200);
      const body = await json(res);
      // docs/product.md §6: admins always need MFA, so a first sign-in takes them into enrolment.
      const mfa = role === 'admin' ? 'enroll' : 'none';
      expect(body).toMatchObject({
        role,
        orgId: user.orgId,
        mfa,
        aal: 'aal1',
        next_level: 'aal1',
        user: { email: user.email },
      });

      const session = await ctx.request('GET', '/api/auth/session', { cookie: sessionCookieOf(res) });
      expect(session.status).toBe(200);
      expect(await json(session)).toMatchObject({ role, orgId: user.orgId, user: { id: user.userId }, mfa });
    },
  );

  it('sets an httpOnly, SameSite=Lax cookie holding at least 128 random bits, stored only as a hash', async () => {
    const user = await ctx.createUser('ir_associate');
    const res = await ctx.signIn(user.email, user.password);
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/i); // the test origin is http
    const token = sessionCookieOf(res).split('=')[1] ?? '';
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(JSON.stringify(await json(res.clone()))).not.toContain(token);

    const stored = await ctx.db.select().from(sessions).where(eq(sessions.userId, user.userId));
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('marks the cookie Secure and sends HSTS when the public origin is https', {
    timeout: STARTS_A_DATABASE_MS,
  }, async () => {
    const https = await createTestContext({ APP_ORIGIN: 'https://parley.example.com' });
    const user = await https.createUser('admin');
    const res = await https.app.request('https://parley.example.com/api/auth/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://parley.example.com' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/Secure/);
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    const http = await ctx.request('GET', '/api/health');
    expect(http.headers.get('strict-transport-security')).toBeNull();
  });

  it('answers an unknown e-mail and a wrong password with the same "Invalid credentials"', async () => {
    const user = await ctx.createUser('ir_director');
    const wrong = await ctx.signIn(user.email, 'not-the-password');
    const unknown = await ctx.signIn('nobody@parley.test', 'whatever-password');
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.headers.get('set-cookie')).toBeNull();
      const { error } = await json(res);
      expect(error).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Invalid credentials' });
    }
    expect((await auditActions(user.orgId, 'sign_in_failed')).map((r) => r.details)).toEqual([
      expect.objectContaining({ email: user.email, reason: 'wrong_password' }),
    ]);
    expect(await auditActions(null, 'sign_in_failed')).toContainEqual(
      expect.objectContaining({
        details: expect.objectContaining({ email: 'nobody@parley.test', reason: 'unknown_email' }),
      }),
    );
  });

  it('audits a successful sign-in in the member organisation', async () => {
    const user = await ctx.createUser('ir_associate');
    await ctx.signIn(user.email, user.password);
    expect(await auditActions(user.orgId, 'sign_in')).toEqual([
      expect.objectContaining({
        actorId: user.userId,
        details: expect.objectContaining({ method: 'password' }),
      }),
    ]);
  });

  it('refuses a deactivated user with the same message', async () => {
    const user = await ctx.createUser('ir_associate');
    await ctx.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, user.userId));
    const res = await ctx.signIn(user.email, user.password);
    expect(res.status).toBe(401);
    expect((await json(res)).error.message).toBe('Invalid credentials');
  });

  it('makes an account wait after 5 failures, 30 s doubling to at most 15 minutes, with Retry-After', async () => {
    const user = await ctx.createUser('ir_associate');
    for (let i = 0; i < 5; i++) expect((await ctx.signIn(user.email, 'wrong-password')).status).toBe(401);
    // The 6th attempt is still judged; failing it starts the wait.
    expect((await ctx.signIn(user.email, 'wrong-password')).status).toBe(401);
    for (const wait of [30, 60, 120, 240, 480, 900, 900]) {
      const refused = await ctx.signIn(user.email, user.password);
      expect(refused.status, `while waiting ${wait} s`).toBe(429);
      expect((await json(refused)).error.code).toBe('RATE_LIMITED');
      expect(Number(refused.headers.get('retry-after'))).toBe(wait);
      ctx.clock.advance(wait * 1000);
      expect((await ctx.signIn(user.email, 'wrong-password')).status).toBe(401);
    }
  });

  it('takes the right password as soon as the wait is over, and starts again from 5 free failures', async () => {
    const user = await ctx.createUser('ir_associate');
    for (let i = 0; i < 7; i++) await ctx.signIn(user.email, 'wrong-password');
    expect((await ctx.signIn(user.email, user.password)).status).toBe(429);
    ctx.clock.advance(60 * 1000);
    expect((await ctx.signIn(user.email, user.password)).status).toBe(200);
    for (let i = 0; i < 6; i++) expect((await ctx.signIn(user.email, 'wrong-password')).status).toBe(401);
  });

  it('lets the owner in by an e-mailed magic link while the password waits, which also ends the wait', async () => {
    const user = await ctx.createUser('ir_associate');
    for (let i = 0; i < 10; i++) await ctx.signIn(user.email, 'wrong-password');
    expect((await ctx.signIn(user.email, user.password)).status).toBe(429);
    expect((await ctx.request('POST', '/api/auth/magic-link', { body: { email: user.email } })).status).toBe(
      200,
    );
    const [mail] = await ctx.db
      .select({ text: emailOutbox.textBody })
      .from(emailOutbox)
      .where(eq(emailOutbox.toEmail, user.email));
    const token = /\/auth\/magic\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
    const viaLink = await ctx.request('POST', '/api/auth/magic-link/consume', { body: { token } });
    expect(viaLink.status).toBe(200);
    expect((await ctx.signIn(user.email, user.password)).status).toBe(200);
  });

  it('keeps counting failures across the hourly sweep, and forgets them a day after the last wait', async () => {
    const user = await ctx.createUser('ir_associate');
    for (let i = 0; i < 6; i++) await ctx.signIn(user.email, 'wrong-password');
    ctx.clock.advance(2 * 60 * MINUTE);
    await sweepExpiredRows({ db: ctx.db, clock: ctx.clock });
    expect((await ctx.signIn(user.email, 'wrong-password')).status).toBe(401);
    expect(Number((await ctx.signIn(user.email, user.password)).headers.get('retry-after'))).toBe(60);

    ctx.clock.advance(24 * 60 * MINUTE + MINUTE);
    await sweepExpiredRows({ db: ctx.db, clock: ctx.clock });
    for (let i = 0; i < 6; i++) expect((await ctx.signIn(user.email, 'wrong-password')).status).toBe(401);
  });

  it('makes an unknown e-mail wait exactly as a member’s', async () => {
    const user = await ctx.createUser('ir_associate');
    const stranger = `nobody.${user.userId}@parley.test`;
    const answers = async (email: string) => {
      const statuses: string[] = [];
      for (let i = 0; i < 8; i++) {
        const res = await ctx.signIn(email, 'wrong-password');
        statuses.push(`${res.status}:${res.headers.get('retry-after') ?? ''}`);
      }
      return statuses;
    };
    expect(await answers(stranger)).toEqual(await answers(user.email));
  });

  it('records each failure, the wait it started, and not the attempts refused within it', async () => {
    const user = await ctx.createUser('ir_director');
    for (let i = 0; i < 6; i++) expect((await ctx.signIn(user.email, 'wrong-password')).status).toBe(401);
    for (let i = 0; i < 3; i++) expect((await ctx.signIn(user.email, user.password)).status).toBe(429);
    const details = (await auditActions(user.orgId, 'sign_in_failed')).map((r) => r.details);
    expect(details.map((d) => (d as { reason: string }).reason)).toEqual(Array(6).fill('wrong_password'));
    expect(details.at(-1)).toMatchObject({ email: user.email, next_attempt_wait_seconds: 30 });
    expect(details.at(0)).not.toHaveProperty('next_attempt_wait_seconds');
  });

  it('never records the password, right or wrong', async () => {
    const user = await ctx.createUser('ir_associate');
    const wrong = `wrong-${user.password}`;
    await ctx.signIn(user.email, wrong);
    await ctx.signIn(user.email, user.password);
    const entries = await ctx.db
      .select({ details: auditLogs.details })
      .from(auditLogs)
      .where(eq(auditLogs.orgId, user.orgId));
    expect(entries.length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(entries)).not.toContain(user.password);
  });

  it('does not count successful sign-ins against the limit', async () => {
    const user = await ctx.createUser('ir_associate');
    for (let i = 0; i < 8; i++) expect((await ctx.signIn(user.email, user.password)).status).toBe(200);
  });

  it('validates the body and names each bad field', async () => {
    const res = await ctx.request('POST', '/api/auth/sign-in', { body: { email: 'not-an-email' } });
    expect(res.status).toBe(400);
    const { error } = await json(res);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(error.fields).sort()).toEqual(['email', 'password']);

    const malformed = await ctx.app.request('http://parley.test/api/auth/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://parley.test' },
      body: '{"email":',
    });
    expect(malformed.status).toBe(400);
  });
});

describe('sign-up', () => {
  it('is always refused: Parley is invite-only', async () => {
    const res = await ctx.request('POST', '/api/auth/sign-up', {
      body: { email: 'new@parley.test', password: 'x' },
    });
    expect(res.status).toBe(403);
    expect((await json(res)).error.message).toBe('Invite-only access. Contact an admin for an invitation.');
  });
});

describe('sessions', () => {
  it('answers 401 without a session or with an unknown token', async () => {
    expect((await ctx.request('GET', '/api/auth/session')).status).toBe(401);
    const forged = await ctx.request('GET', '/api/auth/session', {
      cookie: `${SESSION_COOKIE}=forged-token`,
    });
    expect(forged.status).toBe(401);
    expect((await json(forged)).error.code).toBe('UNAUTHENTICATED');
  });

  it('revokes the session on sign-out, on the server, and signing out again is fine', async () => {
    const { cookie, orgId } = await ctx.signInAs('ir_director');
    const out = await ctx.request('POST', '/api/auth/sign-out', { cookie });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(new RegExp(`${SESSION_COOKIE}=;`));
    expect((await ctx.request('GET', '/api/auth/session', { cookie })).status).toBe(401);
    expect((await ctx.request('POST', '/api/auth/sign-out', { cookie })).status).toBe(204);
    expect(await auditActions(orgId, 'sign_out')).toHaveLength(1);
  });

  it('expires after 30 idle minutes', async () => {
    const { cookie } = await ctx.signInAs('ir_associate');
    ctx.clock.advance(29 * MINUTE);
    expect((await ctx.request('GET', '/api/auth/session', { cookie })).status).toBe(200);
    ctx.clock.advance(29 * MINUTE); // active 29 minutes ago: still alive
    expect((await ctx.request('GET', '/api/auth/session', { cookie })).status).toBe(200);
    ctx.clock.advance(31 * MINUTE);
    expect((await ctx.request('GET', '/api/auth/session', { cookie })).status).toBe(401);
  });

  it('expires 12 hours after sign-in however active it is', async () => {
    const { cookie } = await ctx.signInAs('ir_associate');
    for (let elapsed = 0; elapsed < 12 * 60 - 20; elapsed += 20) {
      ctx.clock.advance(20 * MINUTE);
      expect((await ctx.request('GET', '/api/auth/session', { cookie })).status).toBe(200);
    }
    ctx.clock.advance(21 * MINUTE);
    expect((await ctx.request('GET', '/api/auth/session', { cookie })).status).toBe(401);
  });

  it('ends at once when the user is deactivated', async () => {
    const { cookie, userId } = await ctx.signInAs('admin');
    await ctx.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, userId));
    expect((await ctx.request('GET', '/api/auth/session', { cookie })).status).toBe(401);
  });
});
