import { RECOVERY_CODE_ALPHABET, type Role } from '@parley/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext, json, sessionCookieOf } from '../../../test/test-app';
import {
  auditLogs,
  emailOutbox,
  mfaAttempts,
  mfaRecoveryCodes,
  sessions,
  systemConfig,
  userMfaTotp,
} from '../../db/schema';
import { MFA_PENDING_ALLOWED, ROUTE_POLICIES } from '../../http/policy';
import { deriveKey, openSecret } from '../../lib/secret-box';
import { base32Decode, hotp, totpCode, totpStep } from '../../lib/totp';
import { hashRecoveryCode } from './mfa.service';

const ctx = await createTestContext();

const MINUTE = 60_000;
const STEP = 30_000;
const KEY = Buffer.alloc(32, 7); // TEST_ENCRYPTION_KEY

type Session = { cookie: string };

function verifyLogin(session: Session, code: string, useRecovery = false) {
  return ctx.request('POST', '/api/mfa/totp/verify-login', {
    cookie: session.cookie,
    body: { code, use_recovery: useRecovery },
  });
}

/** The code of a secret at `steps` steps from the test clock's now. */
function codeAt(secret: string, steps = 0) {
  return hotp(base32Decode(secret), totpStep(ctx.clock.now()) + steps);
}

/** A signed-in member with a verified authenticator (aal2 cookie), its secret and recovery codes. */
async function enrolled(role: Role = 'ir_associate', orgId?: string) {
  const user = await ctx.signInAs(role, orgId);
  if (role === 'admin') {
    const totp = ctx.totpOf.get(user.userId);
    if (!totp) throw new Error('the admin was not enrolled');
    return { ...user, secret: totp.secret, recoveryCodes: [] as string[] };
  }
  const result = await ctx.enrolTotp(user.cookie, user.userId);
  return { ...user, cookie: result.cookie, secret: result.secret, recoveryCodes: result.recoveryCodes };
}

/** A fresh password sign-in of a user, stopped at the aal1 session the password gives. */
async function passwordSession(user: { email: string; password: string }) {
  const res = await ctx.signIn(user.email, user.password);
  expect(res.status).toBe(200);
  return { cookie: sessionCookieOf(res), body: await json(res) };
}

async function auditOf(userId: string, actionType: string) {
  return ctx.db
    .select({ details: auditLogs.details, orgId: auditLogs.orgId })
    .from(auditLogs)
    .where(and(eq(auditLogs.entityId, userId), eq(auditLogs.actionType, actionType)))
    .orderBy(auditLogs.seq);
}

async function enforceMfa(orgId: string, value: 'true' | 'false' = 'true') {
  await ctx.db
    .update(systemConfig)
    .set({ value })
    .where(and(eq(systemConfig.orgId, orgId), eq(systemConfig.key, 'mfa_totp_enforced')));
}

/** The link token in the newest outbox mail to an address (no SMTP in this file: mail is kept). */
async function tokenFromOutbox(email: string, path: string) {
  const [mail] = await ctx.db
    .select({ text: emailOutbox.textBody })
    .from(emailOutbox)
    .where(eq(emailOutbox.toEmail, email))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  const match = new RegExp(`${path.replace('?', '\\?')}\\?token=([A-Za-z0-9_-]+)`).exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error(`no ${path} link in the mail to ${email}`);
  return match[1];
}

describe('enrolment', () => {
  it('gives a secret, its otpauth URI (issuer Parley, the e-mail) and a QR code rendered by Parley', async () => {
    const user = await ctx.signInAs('ir_associate');
    const res = await ctx.request('POST', '/api/mfa/totp/setup', { cookie: user.cookie });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(body.otpauth_uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/Parley:${user.email}`);
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({
      secret: body.secret,
      issuer: 'Parley',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
    expect(body.qr_svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(body.qr_svg).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
  });

  it('keeps the secret sealed in the database row: the row never holds it in any readable form', async () => {
    const user = await ctx.signInAs('ir_associate');
    const { secret } = await json(await ctx.request('POST', '/api/mfa/totp/setup', { cookie: user.cookie }));
    const [row] = await ctx.db.select().from(userMfaTotp).where(eq(userMfaTotp.userId, user.userId));
    const stored = JSON.stringify(row);
    expect(row?.secretSealed).toMatch(/^v1\./);
    for (const form of [
      secret,
      secret.toLowerCase(),
      base32Decode(secret).toString('hex'),
      base32Decode(secret).toString('base64'),
    ]) {
      expect(stored).not.toContain(form);
    }
    expect(openSecret(deriveKey(KEY, 'totp'), row?.secretSealed ?? '')).toBe(secret);
    expect(() => openSecret(deriveKey(KEY, 'recovery-codes'), row?.secretSealed ?? '')).toThrow();
  });

  it('hands a recent unverified secret back, to concurrent calls too, and replaces an older one', async () => {
    const user = await ctx.signInAs('ir_associate');
    const setup = async () => json(await ctx.request('POST', '/api/mfa/totp/setup', { cookie: user.cookie }));
    // Two openings of the dialog at once (a page that mounts it twice): one secret for both.
    const [a, b] = await Promise.all([setup(), setup()]);
    expect(b.secret).toBe(a.secret);
    expect((await setup()).secret).toBe(a.secret);

    ctx.clock.advance(11 * 60_000);
    const second = await setup();
    expect(second.secret).not.toBe(a.secret);
    const stale = await ctx.request('POST', '/api/mfa/totp/verify-enrollment', {
      cookie: user.cookie,
      body: { code: totpCode(a.secret, ctx.clock.now()) },
    });
    expect(await json(stale)).toMatchObject({ success: false, message: 'Invalid code. Please try again.' });
    const fresh = await ctx.request('POST', '/api/mfa/totp/verify-enrollment', {
      cookie: user.cookie,
      body: { code: totpCode(second.secret, ctx.clock.now()) },
    });
    expect(await json(fresh)).toMatchObject({ success: true });
  });

  it('refuses setup while a verified authenticator exists', async () => {
    const user = await enrolled();
    const res = await ctx.request('POST', '/api/mfa/totp/setup', { cookie: user.cookie });
    expect(res.status).toBe(409);
    expect((await json(res)).error.code).toBe('MFA_ALREADY_ENROLLED');
  });

  it('asks for a 6-digit code, and answers a wrong one with the attempts left', async () => {
    const user = await ctx.signInAs('ir_associate');
    const { secret } = await json(await ctx.request('POST', '/api/mfa/totp/setup', { cookie: user.cookie }));
    for (const code of ['', '12345', '1234567', 'abcdef']) {
      const res = await ctx.request('POST', '/api/mfa/totp/verify-enrollment', {
        cookie: user.cookie,
        body: { code },
      });
      expect(res.status).toBe(400);
      expect((await json(res)).error.fields).toEqual({ code: 'Please enter a 6-digit code' });
    }
    const wrong = String((Number(totpCode(secret, ctx.clock.now())) + 1) % 1_000_000).padStart(6, '0');
    const res = await ctx.request('POST', '/api/mfa/totp/verify-enrollment', {
      cookie: user.cookie,
      body: { code: wrong },
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({
      success: false,
      message: 'Invalid code. Please try again.',
      attempts_remaining: 4,
      recovery_codes: [],
    });
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('refuses verification before setup', async () => {
    const user = await ctx.signInAs('ir_associate');
    const res = await ctx.request('POST', '/api/mfa/totp/verify-enrollment', {
      cookie: user.cookie,
      body: { code: '123456' },
    });
    expect(res.status).toBe(409);
  });

  it('verifies the first code: ten hashed recovery codes, aal2 under a new cookie, the old one dead', async () => {
    const user = await ctx.signInAs('ir_associate');
    const { secret } = await json(await ctx.request('POST', '/api/mfa/totp/setup', { cookie: user.cookie }));
    const res = await ctx.request('POST', '/api/mfa/totp/verify-enrollment', {
      cookie: user.cookie,
      body: { code: totpCode(secret, ctx.clock.now()) },
    });
    const body = await json(res);
    expect(body).toMatchObject({ success: true, attempts_remaining: 5 });
    expect(body.recovery_codes).toHaveLength(10);
    expect(new Set(body.recovery_codes).size).toBe(10);
    for (const code of body.recovery_codes) {
      expect(code).toHaveLength(8);
      for (const char of code) expect(RECOVERY_CODE_ALPHABET).toContain(char);
    }

    const [row] = await ctx.db.select().from(userMfaTotp).where(eq(userMfaTotp.userId, user.userId));
    expect(row?.verifiedAt).toEqual(ctx.clock.now());
    expect(row?.lastUsedStep).toBe(totpStep(ctx.clock.now()));
    const stored = await ctx.db
      .select()
      .from(mfaRecoveryCodes)
      .where(eq(mfaRecoveryCodes.userId, user.userId));
    expect(stored.map((r) => r.codeHash).sort()).toEqual(
      body.recovery_codes.map((c: string) => hashRecoveryCode(deriveKey(KEY, 'recovery-codes'), c)).sort(),
    );
    for (const code of body.recovery_codes) expect(JSON.stringify(stored)).not.toContain(code);

    const fresh = sessionCookieOf(res);
    expect(fresh).not.toBe(user.cookie);
    expect((await ctx.request('GET', '/api/auth/session', { cookie: user.cookie })).status).toBe(401);
    const session = await ctx.request('GET', '/api/auth/session', { cookie: fresh });
    expect(await json(session)).toMatchObject({ aal: 'aal2', next_level: 'aal2', mfa: 'none' });
    const [sessionRow] = await ctx.db.select().from(sessions).where(eq(sessions.userId, user.userId));
    expect(sessionRow?.mfaVerifiedAt).toEqual(ctx.clock.now());
    expect(await auditOf(user.userId, 'mfa_enrolled')).toHaveLength(1);
  });
});

describe('verification at sign-in', () => {
  it('gives a user with a verified authenticator an aal1 session owing "verify", next level aal2', async () => {
    const user = await enrolled();
    const { body, cookie } = await passwordSession(user);
    expect(body).toMatchObject({ mfa: 'verify', aal: 'aal1', next_level: 'aal2' });
    const session = await json(await ctx.request('GET', '/api/auth/session', { cookie }));
    expect(session).toMatchObject({ mfa: 'verify', aal: 'aal1', next_level: 'aal2' });
  });

  it('raises the session to aal2 under a new token with a right code; the old cookie is then a 401', async () => {
    const user = await enrolled();
    ctx.clock.advance(STEP);
    const pending = await passwordSession(user);
    const res = await verifyLogin(pending, codeAt(user.secret));
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ success: true, recovery_codes_remaining: null });
    const fresh = sessionCookieOf(res);
    expect((await ctx.request('GET', '/api/auth/session', { cookie: pending.cookie })).status).toBe(401);
    expect(await json(await ctx.request('GET', '/api/auth/session', { cookie: fresh }))).toMatchObject({
      aal: 'aal2',
      mfa: 'none',
    });
    expect((await ctx.request('GET', '/api/users', { cookie: fresh })).status).toBe(403); // the role's rule again
    const verified = await auditOf(user.userId, 'mfa_verified');
    expect(verified.at(-1)?.details).toMatchObject({ kind: 'totp', context: 'login', token_rotated: true });
  });

  it('accepts a code one step early or late, and refuses two steps', async () => {
    const user = await enrolled();
    ctx.clock.advance(10 * STEP);
    const early = await passwordSession(user);
    expect(await json(await verifyLogin(early, codeAt(user.secret, -2)))).toMatchObject({ success: false });
    expect(await json(await verifyLogin(early, codeAt(user.secret, -1)))).toMatchObject({ success: true });

    const late = await passwordSession(user);
    expect(await json(await verifyLogin(late, codeAt(user.secret, 2)))).toMatchObject({ success: false });
    expect(await json(await verifyLogin(late, codeAt(user.secret, 1)))).toMatchObject({ success: true });
  });

  it('never accepts a code twice: not the same code in two sessions, not the enrolment code', async () => {
    const user = await enrolled(); // enrolled with the code of the current step
    const first = await passwordSession(user);
    expect(await json(await verifyLogin(first, codeAt(user.secret)))).toMatchObject({ success: false });

    ctx.clock.advance(STEP);
    const code = codeAt(user.secret);
    expect(await json(await verifyLogin(first, code))).toMatchObject({ success: true });
    const second = await passwordSession(user);
    expect(await json(await verifyLogin(second, code))).toMatchObject({ success: false });
    // An earlier step than the last accepted one is refused too, though still inside the window.
    expect(await json(await verifyLogin(second, codeAt(user.secret, -1)))).toMatchObject({ success: false });
  });

  it('accepts the same code only once when two sessions send it at the same moment', async () => {
    const user = await enrolled();
    ctx.clock.advance(STEP);
    const [a, b] = [await passwordSession(user), await passwordSession(user)];
    const code = codeAt(user.secret);
    const results = await Promise.all([verifyLogin(a, code), verifyLogin(b, code)]);
    const outcomes = await Promise.all(results.map(async (r) => (await json(r)).success));
    expect(outcomes.sort()).toEqual([false, true]);
  });

  it('locks the user out at the 6th try: 5 failures, then 429 even for the right code, for 5 minutes', async () => {
    const user = await enrolled();
    ctx.clock.advance(STEP);
    const pending = await passwordSession(user);
    const remaining: number[] = [];
    for (let i = 0; i < 5; i++) {
      const body = await json(await verifyLogin(pending, '000000'));
      expect(body.success).toBe(false);
      remaining.push(body.attempts_remaining);
    }
    expect(remaining).toEqual([4, 3, 2, 1, 0]);

    const locked = await verifyLogin(pending, codeAt(user.secret));
    expect(locked.status).toBe(429);
    expect((await json(locked)).error).toMatchObject({
      code: 'MFA_LOCKED_OUT',
      message: 'Too many attempts. Please wait 5 minutes.',
    });
    expect(Number(locked.headers.get('retry-after'))).toBe(300);
    const status = await json(await ctx.request('GET', '/api/mfa/status', { cookie: pending.cookie }));
    expect(status).toMatchObject({ attempts_remaining: 0, locked_until: expect.any(String) });

    ctx.clock.advance(5 * MINUTE - 1000);
    expect((await verifyLogin(pending, codeAt(user.secret))).status).toBe(429);
    ctx.clock.advance(1000);
    expect(await json(await verifyLogin(pending, codeAt(user.secret)))).toMatchObject({ success: true });

    expect(await auditOf(user.userId, 'mfa_failed')).toHaveLength(5);
    expect((await auditOf(user.userId, 'mfa_locked_out')).map((r) => r.details)).toEqual([
      expect.objectContaining({ lockout_count: 1 }),
    ]);
    const attempts = await ctx.db.select().from(mfaAttempts).where(eq(mfaAttempts.userId, user.userId));
    expect(attempts.filter((a) => !a.success)).toHaveLength(5);
    expect(attempts.every((a) => a.orgId === user.orgId)).toBe(true);
  });

  it('counts failures per user, so a new session does not start the count again', async () => {
    const user = await enrolled();
    ctx.clock.advance(STEP);
    const first = await passwordSession(user);
    for (let i = 0; i < 3; i++) await verifyLogin(first, '000000');
    const second = await passwordSession(user);
    expect(
      (await json(await ctx.request('GET', '/api/mfa/status', { cookie: second.cookie }))).attempts_remaining,
    ).toBe(2);
    for (let i = 0; i < 2; i++) await verifyLogin(second, '000000');
    const third = await passwordSession(user);
    expect((await verifyLogin(third, codeAt(user.secret))).status).toBe(429);
  });

  it('forgets failures older than 5 minutes', async () => {
    const user = await enrolled();
    ctx.clock.advance(STEP);
    const pending = await passwordSession(user);
    for (let i = 0; i < 4; i++) await verifyLogin(pending, '000000');
    ctx.clock.advance(5 * MINUTE + 1000);
    expect((await json(await verifyLogin(pending, '000000'))).attempts_remaining).toBe(4);
  });

  it('escalates: the third lockout within a day locks for an hour', async () => {
    const user = await enrolled();
    ctx.clock.advance(STEP);
    const pending = await passwordSession(user);
    const lockOut = async () => {
      for (let i = 0; i < 5; i++) await verifyLogin(pending, '000000');
      return verifyLogin(pending, '000000');
    };
    expect((await lockOut()).status).toBe(429);
    ctx.clock.advance(5 * MINUTE);
    expect((await lockOut()).status).toBe(429);
    ctx.clock.advance(5 * MINUTE);
    const third = await lockOut();
    expect(third.status).toBe(429);
    expect((await json(third)).error.message).toBe('Too many attempts. Please wait 60 minutes.');
    expect(Number(third.headers.get('retry-after'))).toBe(3600);

    ctx.clock.advance(5 * MINUTE);
    expect((await verifyLogin(pending, codeAt(user.secret))).status).toBe(429);
    ctx.clock.advance(55 * MINUTE);
    // The idle session expired meanwhile (30 minutes): the password again, then the code.
    const later = await passwordSession(user);
    expect(await json(await verifyLogin(later, codeAt(user.secret)))).toMatchObject({ success: true });
    expect((await auditOf(user.userId, 'mfa_locked_out')).map((r) => r.details.lockout_count)).toEqual([
      1, 2, 3,
    ]);
  });

  it('accepts a recovery code once, in any case, and counts what is left', async () => {
    const user = await enrolled();
    const [code] = user.recoveryCodes;
    const first = await passwordSession(user);
    const res = await verifyLogin(first, (code ?? '').toLowerCase(), true);
    expect(await json(res)).toMatchObject({ success: true, recovery_codes_remaining: 9 });
    expect(
      await json(await ctx.request('GET', '/api/auth/session', { cookie: sessionCookieOf(res) })),
    ).toMatchObject({
      aal: 'aal2',
    });
    const second = await passwordSession(user);
    expect(await json(await verifyLogin(second, code ?? '', true))).toMatchObject({ success: false });
    expect((await auditOf(user.userId, 'mfa_recovery_code_used')).map((r) => r.details.remaining)).toEqual([
      9,
    ]);
    const attempts = await ctx.db.select().from(mfaAttempts).where(eq(mfaAttempts.userId, user.userId));
    expect(
      attempts
        .filter((a) => a.kind === 'recovery')
        .map((a) => a.success)
        .sort(),
    ).toEqual([false, true]);
  });

  it('validates the code by its kind (docs/product.md §5)', async () => {
    const user = await enrolled();
    const pending = await passwordSession(user);
    const cases: [unknown, string][] = [
      [{ code: '12345', use_recovery: false }, 'Please enter a 6-digit code'],
      [{ code: '', use_recovery: true }, 'Please enter a recovery code'],
      [{ code: 'ABCDEFGHJ', use_recovery: true }, 'A recovery code has at most 8 characters'],
    ];
    for (const [body, message] of cases) {
      const res = await ctx.request('POST', '/api/mfa/totp/verify-login', { cookie: pending.cookie, body });
      expect(res.status).toBe(400);
      expect((await json(res)).error.fields).toEqual({ code: message });
    }
  });

  it('refuses verification when there is nothing to verify', async () => {
    const plain = await ctx.signInAs('ir_associate');
    expect((await verifyLogin(plain, '123456')).status).toBe(409);
    const done = await enrolled();
    const res = await verifyLogin(done, '123456');
    expect(res.status).toBe(409);
    expect((await json(res)).error.code).toBe('MFA_ALREADY_VERIFIED');
  });
});

describe('who must use MFA', () => {
  it('takes an admin into enrolment at every sign-in until it is done, then asks for a code', async () => {
    const admin = await ctx.createUser('admin');
    const first = await passwordSession(admin);
    expect(first.body).toMatchObject({ mfa: 'enroll', aal: 'aal1', next_level: 'aal1' });
    const again = await passwordSession(admin);
    expect(again.body.mfa).toBe('enroll');
    await ctx.enrolTotp(again.cookie, admin.userId);
    expect((await passwordSession(admin)).body).toMatchObject({ mfa: 'verify', next_level: 'aal2' });
  });

  it('takes every user into enrolment when the organisation enforces MFA, even mid-session', async () => {
    const associate = await ctx.signInAs('ir_associate');
    expect(associate.mfa).toBe('none');
    expect((await ctx.request('GET', '/api/auth/sessions', { cookie: associate.cookie })).status).toBe(200);
    await enforceMfa(associate.orgId);
    // A change written outside Parley reaches a cached session check when its notice arrives
    // (docs/decisions/046-session-cache.md), which on PostgreSQL is a moment after the commit.
    const sessions = () => ctx.request('GET', '/api/auth/sessions', { cookie: associate.cookie });
    await expect.poll(async () => (await sessions()).status, { timeout: 10_000 }).toBe(403);
    const midSession = await sessions();
    expect((await json(midSession)).error.code).toBe('MFA_REQUIRED');
    expect((await passwordSession(associate)).body.mfa).toBe('enroll');

    const colleague = await ctx.createUser('is_associate', associate.orgId);
    expect((await passwordSession(colleague)).body.mfa).toBe('enroll');
    await enforceMfa(associate.orgId, 'false');
    expect((await passwordSession(colleague)).body.mfa).toBe('none');
  });

  it('asks a user who enrolled on their own for a code, though MFA is optional for them', async () => {
    const user = await enrolled('ir_director');
    expect((await passwordSession(user)).body.mfa).toBe('verify');
  });

  it('takes a magic-link sign-in into the same step: enrol for an admin, verify for an enrolled user', async () => {
    const admin = await ctx.createUser('admin');
    const associate = await enrolled('ir_associate');
    for (const [user, step] of [
      [admin, 'enroll'],
      [associate, 'verify'],
    ] as const) {
      expect(
        (await ctx.request('POST', '/api/auth/magic-link', { body: { email: user.email } })).status,
      ).toBe(200);
      const token = await tokenFromOutbox(user.email, '/auth/magic');
      const res = await ctx.request('POST', '/api/auth/magic-link/consume', { body: { token } });
      expect(await json(res)).toMatchObject({ mfa: step, aal: 'aal1' });
      const blocked = await ctx.request('GET', '/api/invitations', { cookie: sessionCookieOf(res) });
      expect((await json(blocked)).error.code).toBe('MFA_REQUIRED');
    }
  });

  it('takes an invited admin into enrolment right after accepting', async () => {
    const inviter = await ctx.signInAs('admin');
    const email = `invited.${Date.now()}@invitee.test`;
    const invite = await ctx.request('POST', '/api/invitations', {
      cookie: inviter.cookie,
      body: { email, role: 'admin' },
    });
    expect(invite.status).toBe(201);
    const token = await tokenFromOutbox(email, '/auth');
    const res = await ctx.request('POST', '/api/invitations/accept', {
      body: { token, name: 'New Admin', password: 'a long enough passphrase' },
    });
    expect(await json(res)).toMatchObject({ role: 'admin', mfa: 'enroll', aal: 'aal1' });
  });
});

describe('a session that still owes MFA', () => {
  const SOME_ID = '00000000-0000-4000-8000-000000000000';
  const routes = Object.entries(ROUTE_POLICIES)
    .filter(([, access]) => access !== 'public')
    .map(([key]) => {
      const [method = '', path = ''] = key.split(' ');
      return { key, method, path: path.replaceAll(/:[a-zA-Z]+/g, SOME_ID) };
    });

  it.each(['enroll', 'verify'] as const)(
    'owing "%s", gets 403 MFA_REQUIRED on every non-public route but the MFA steps, session and sign-out',
    async (step) => {
      const admin = step === 'enroll' ? await ctx.createUser('admin') : await enrolled('admin');
      const pending = await passwordSession(admin);
      expect(pending.body.mfa).toBe(step);
      expect(routes.length).toBeGreaterThan(10);
      for (const route of routes) {
        const res = await ctx.request(route.method, route.path, { cookie: pending.cookie });
        const code = res.status === 403 ? (await json(res)).error.code : null;
        if (MFA_PENDING_ALLOWED.has(route.key)) expect(code, route.key).not.toBe('MFA_REQUIRED');
        else {
          expect(res.status, route.key).toBe(403);
          expect(code, route.key).toBe('MFA_REQUIRED');
        }
      }
      // The session is still there: what it may do still works.
      expect((await ctx.request('GET', '/api/auth/session', { cookie: pending.cookie })).status).toBe(200);
      expect((await ctx.request('POST', '/api/auth/sign-out', { cookie: pending.cookie })).status).toBe(204);
    },
  );

  it('allows only routes that exist', () => {
    for (const key of MFA_PENDING_ALLOWED) expect(ROUTE_POLICIES[key], key).toBeDefined();
  });
});

describe('step-up, removal and new recovery codes', () => {
  it('lets only signed-in users call the MFA endpoints, whatever their role', async () => {
    await ctx.expectGuarded('GET', '/api/mfa/status', 'signed-in');
    await ctx.expectGuarded('POST', '/api/mfa/totp/setup', 'signed-in');
    await ctx.expectGuarded('POST', '/api/mfa/totp/verify-enrollment', 'signed-in', { code: '123456' });
    await ctx.expectGuarded('POST', '/api/mfa/totp/verify-login', 'signed-in', { code: '123456' });
    await ctx.expectGuarded('POST', '/api/mfa/step-up', 'signed-in', { code: '123456' });
    await ctx.expectGuarded('POST', '/api/mfa/recovery-codes', 'signed-in');
    expect((await ctx.request('DELETE', '/api/mfa/totp')).status).toBe(401);
  });

  it('removes an optional authenticator only with a code from the last 5 minutes', async () => {
    const user = await enrolled('ir_associate');
    ctx.clock.advance(5 * MINUTE + 1000);
    const refused = await ctx.request('DELETE', '/api/mfa/totp', { cookie: user.cookie });
    expect(refused.status).toBe(403);
    expect((await json(refused)).error.code).toBe('MFA_STEP_UP_REQUIRED');
    expect(
      (await json(await ctx.request('GET', '/api/mfa/status', { cookie: user.cookie }))).recently_verified,
    ).toBe(false);

    const wrong = await ctx.request('POST', '/api/mfa/step-up', {
      cookie: user.cookie,
      body: { code: '000000' },
    });
    expect(await json(wrong)).toMatchObject({ success: false, attempts_remaining: 4 });
    const stepUp = await ctx.request('POST', '/api/mfa/step-up', {
      cookie: user.cookie,
      body: { code: codeAt(user.secret) },
    });
    expect(await json(stepUp)).toMatchObject({ success: true });
    const status = await json(await ctx.request('GET', '/api/mfa/status', { cookie: user.cookie }));
    expect(status).toMatchObject({
      enrolled: true,
      required: false,
      can_remove: true,
      recently_verified: true,
    });

    const removed = await ctx.request('DELETE', '/api/mfa/totp', { cookie: user.cookie });
    expect(removed.status).toBe(204);
    expect(await ctx.db.select().from(userMfaTotp).where(eq(userMfaTotp.userId, user.userId))).toEqual([]);
    expect(
      await ctx.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.userId)),
    ).toEqual([]);
    expect(await auditOf(user.userId, 'mfa_removed')).toHaveLength(1);
    expect((await passwordSession(user)).body.mfa).toBe('none');
  });

  it('never lets an admin, or anyone where MFA is enforced, remove their authenticator', async () => {
    const admin = await enrolled('admin');
    const res = await ctx.request('DELETE', '/api/mfa/totp', { cookie: admin.cookie });
    expect(res.status).toBe(403);
    expect((await json(res)).error.code).toBe('MFA_REMOVAL_NOT_ALLOWED');
    expect(
      (await json(await ctx.request('GET', '/api/mfa/status', { cookie: admin.cookie }))).can_remove,
    ).toBe(false);

    const associate = await enrolled('ir_associate');
    await enforceMfa(associate.orgId);
    const enforced = await ctx.request('DELETE', '/api/mfa/totp', { cookie: associate.cookie });
    expect((await json(enforced)).error.code).toBe('MFA_REMOVAL_NOT_ALLOWED');
  });

  it('regenerates recovery codes only with a recent code; the old ones stop working', async () => {
    const user = await enrolled('ir_associate');
    ctx.clock.advance(6 * MINUTE);
    const refused = await ctx.request('POST', '/api/mfa/recovery-codes', { cookie: user.cookie });
    expect((await json(refused)).error.code).toBe('MFA_STEP_UP_REQUIRED');
    await ctx.request('POST', '/api/mfa/step-up', {
      cookie: user.cookie,
      body: { code: codeAt(user.secret) },
    });
    const res = await ctx.request('POST', '/api/mfa/recovery-codes', { cookie: user.cookie });
    expect(res.status).toBe(200);
    const { recovery_codes: codes } = await json(res);
    expect(codes).toHaveLength(10);
    expect(await auditOf(user.userId, 'mfa_recovery_codes_regenerated')).toHaveLength(1);

    const old = await passwordSession(user);
    expect(await json(await verifyLogin(old, user.recoveryCodes[0] ?? '', true))).toMatchObject({
      success: false,
    });
    expect(await json(await verifyLogin(old, codes[0], true))).toMatchObject({ success: true });
  });

  it('refuses regeneration to a user without an authenticator', async () => {
    const user = await ctx.signInAs('ir_associate');
    const res = await ctx.request('POST', '/api/mfa/recovery-codes', { cookie: user.cookie });
    expect(res.status).toBe(409);
  });
});

describe('own sessions', () => {
  it('lets only signed-in users list their sessions', async () => {
    await ctx.expectGuarded('GET', '/api/auth/sessions', 'signed-in');
    expect((await ctx.request('DELETE', `/api/auth/sessions/${crypto.randomUUID()}`)).status).toBe(401);
  });

  it('lists the live sessions, newest first, the current one marked, one page at a time', async () => {
    const user = await ctx.signInAs('ir_director');
    ctx.clock.advance(1000);
    const other = await passwordSession(user);
    ctx.clock.advance(1000);
    const gone = await passwordSession(user);
    await ctx.request('POST', '/api/auth/sign-out', { cookie: gone.cookie });

    const res = await ctx.request('GET', '/api/auth/sessions', { cookie: user.cookie });
    expect(res.status).toBe(200);
    const { items, next_cursor } = await json(res);
    expect(items).toHaveLength(2);
    expect(items.map((s: { current: boolean }) => s.current)).toEqual([false, true]);
    expect(items[0]).toMatchObject({ aal: 'aal1', client_address: null });
    expect(Date.parse(items[0].created_at)).toBeGreaterThan(Date.parse(items[1].created_at));
    expect(next_cursor).toBeNull();

    const first = await json(
      await ctx.request('GET', '/api/auth/sessions?limit=1', { cookie: other.cookie }),
    );
    expect(first.items).toHaveLength(1);
    expect(first.items[0].current).toBe(true);
    const second = await json(
      await ctx.request('GET', `/api/auth/sessions?limit=1&cursor=${first.next_cursor}`, {
        cookie: other.cookie,
      }),
    );
    expect(second.items.map((s: { id: string }) => s.id)).not.toContain(first.items[0].id);
    expect(second.next_cursor).toBeNull();

    for (const query of ['limit=0', 'limit=101', 'cursor=nonsense']) {
      const bad = await ctx.request('GET', `/api/auth/sessions?${query}`, { cookie: user.cookie });
      expect(bad.status, query).toBe(400);
      expect(Object.keys((await json(bad)).error.fields), query).toEqual([query.split('=')[0]]);
    }
  });

  it("revokes one of one's own sessions, and answers 404 for anyone else's", async () => {
    const user = await ctx.signInAs('ir_associate');
    const other = await passwordSession(user);
    const stranger = await ctx.signInAs('ir_associate', user.orgId);
    const listed = await json(await ctx.request('GET', '/api/auth/sessions', { cookie: other.cookie }));
    const id: string = listed.items.find((s: { current: boolean }) => s.current).id;

    const foreign = await ctx.request('DELETE', `/api/auth/sessions/${id}`, { cookie: stranger.cookie });
    expect(foreign.status).toBe(404);
    expect(
      (await ctx.request('DELETE', `/api/auth/sessions/${crypto.randomUUID()}`, { cookie: user.cookie }))
        .status,
    ).toBe(404);
    expect(
      (await ctx.request('DELETE', '/api/auth/sessions/not-a-uuid', { cookie: user.cookie })).status,
    ).toBe(400);

    const res = await ctx.request('DELETE', `/api/auth/sessions/${id}`, { cookie: user.cookie });
    expect(res.status).toBe(204);
    expect((await ctx.request('GET', '/api/auth/session', { cookie: other.cookie })).status).toBe(401);
    expect((await ctx.request('GET', '/api/auth/session', { cookie: user.cookie })).status).toBe(200);
    expect((await ctx.request('DELETE', `/api/auth/sessions/${id}`, { cookie: user.cookie })).status).toBe(
      404,
    );
    expect((await auditOf(id, 'session_revoked')).map((r) => r.details)).toEqual([
      expect.objectContaining({ is_current: false }),
    ]);
  });

  it('signs out when the current session is revoked', async () => {
    const user = await ctx.signInAs('ir_associate');
    const list = await json(await ctx.request('GET', '/api/auth/sessions', { cookie: user.cookie }));
    const current = list.items.find((s: { current: boolean }) => s.current);
    const res = await ctx.request('DELETE', `/api/auth/sessions/${current.id}`, { cookie: user.cookie });
    expect(res.status).toBe(204);
    expect(res.headers.get('set-cookie')).toMatch(/parley_session=;/);
    expect((await ctx.request('GET', '/api/auth/session', { cookie: user.cookie })).status).toBe(401);
  });
});
