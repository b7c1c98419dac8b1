import { ERRORS, PASSKEY_TEXTS, RECOVERY_CODE_COUNT } from '@parley/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SoftAuthenticator } from '../../../test/soft-authenticator';
import { createTestContext, json, sessionCookieOf, TEST_ORIGIN } from '../../../test/test-app';
import {
  auditLogs,
  mfaAttempts,
  mfaRecoveryCodes,
  webauthnChallenges,
  webauthnCredentials,
} from '../../db/schema';
import { isCounterAcceptable, relyingPartyOf } from './passkeys.service';

const ctx = await createTestContext();

const MINUTE = 60_000;

type Cookie = { cookie: string };

const authenticator = (counter = 0) => new SoftAuthenticator({ origin: TEST_ORIGIN, counter });

function post(session: Cookie, path: string, body?: unknown) {
  return ctx.request('POST', path, { cookie: session.cookie, body });
}

async function registrationOptions(session: Cookie) {
  const res = await post(session, '/api/mfa/passkeys/registration/options');
  expect(res.status, 'registration options').toBe(200);
  return (await json(res)) as {
    challenge: string;
    excludeCredentials?: { id: string }[];
    rp: { id: string };
  };
}

async function authenticationOptions(session: Cookie) {
  const res = await post(session, '/api/mfa/passkeys/authentication/options');
  expect(res.status, 'authentication options').toBe(200);
  return (await json(res)) as { challenge: string; allowCredentials?: { id: string }[]; rpId: string };
}

/** Registers a new soft passkey in the session; returns the response and the authenticator. */
async function addPasskey(session: Cookie, name = 'Work laptop', device = authenticator()) {
  const options = await registrationOptions(session);
  const res = await post(session, '/api/mfa/passkeys/registration', {
    name,
    response: device.register(options),
  });
  return { res, device };
}

/** A passkey signs in after the password: the answer and the new cookie, if any. */
async function usePasskey(session: Cookie, device: SoftAuthenticator) {
  const options = await authenticationOptions(session);
  return post(session, '/api/mfa/passkeys/authentication', { response: device.authenticate(options) });
}

async function passwordSession(user: { email: string; password: string }) {
  const res = await ctx.signIn(user.email, user.password);
  expect(res.status).toBe(200);
  return { cookie: sessionCookieOf(res), body: (await json(res)) as { mfa: string; next_level: string } };
}

async function sessionOf(session: Cookie) {
  const res = await ctx.request('GET', '/api/auth/session', { cookie: session.cookie });
  expect(res.status).toBe(200);
  return (await json(res)) as { aal: string; mfa: string };
}

async function auditOf(userId: string, actionType: string) {
  return ctx.db
    .select({ details: auditLogs.details })
    .from(auditLogs)
    .where(and(eq(auditLogs.entityId, userId), eq(auditLogs.actionType, actionType)))
    .orderBy(auditLogs.seq);
}

/** An admin at first sign-in who enrols a passkey instead of an authenticator app: aal2 cookie. */
async function adminWithPasskey() {
  const admin = await ctx.createUser('admin');
  const pending = await passwordSession(admin);
  expect(pending.body.mfa).toBe('enroll');
  const { res, device } = await addPasskey(pending);
  expect(res.status).toBe(200);
  return { ...admin, cookie: sessionCookieOf(res), device, body: await json(res) };
}

async function setPasskeysRequiredForAdmins(admin: Cookie, value: boolean) {
  const res = await ctx.request('PATCH', '/api/system-config', {
    cookie: admin.cookie,
    body: { mfa_passkey_required_admins: value },
  });
  expect(res.status, 'system config').toBe(200);
  expect((await json(res)).mfa_passkey_required_admins).toBe(value);
}

describe('passkeys: the relying party and the counter rule', () => {
  it('takes the relying party id and the expected origin from the configured public origin', () => {
    expect(relyingPartyOf('https://parley.example.com')).toEqual({
      rpID: 'parley.example.com',
      origin: 'https://parley.example.com',
    });
    expect(relyingPartyOf('http://localhost:3600/')).toEqual({
      rpID: 'localhost',
      origin: 'http://localhost:3600',
    });
  });

  it('accepts a counter that moves forward, or two zeros, and nothing else', () => {
    expect(isCounterAcceptable(0, 0)).toBe(true);
    expect(isCounterAcceptable(0, 1)).toBe(true);
    expect(isCounterAcceptable(5, 6)).toBe(true);
    expect(isCounterAcceptable(5, 5)).toBe(false);
    expect(isCounterAcceptable(5, 4)).toBe(false);
    expect(isCounterAcceptable(5, 0)).toBe(false);
  });
});

describe('passkeys: registration', () => {
  it('an admin at first sign-in enrols a passkey instead of TOTP: recovery codes, aal2 under a new token', async () => {
    const admin = await ctx.createUser('admin');
    const pending = await passwordSession(admin);
    expect(pending.body.mfa).toBe('enroll');
    // The session owes MFA: anything else is refused, the passkey ceremony is allowed.
    expect((await ctx.request('GET', '/api/users', { cookie: pending.cookie })).status).toBe(403);

    const options = await registrationOptions(pending);
    expect(options.rp.id).toBe('parley.test');
    const device = authenticator();
    const res = await post(pending, '/api/mfa/passkeys/registration', {
      name: '  Work laptop  ',
      response: device.register(options),
    });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.passkey).toMatchObject({
      name: 'Work laptop',
      last_used_at: null,
      device_type: 'singleDevice',
    });
    expect(body.recovery_codes).toHaveLength(RECOVERY_CODE_COUNT);
    const cookie = sessionCookieOf(res);
    expect(cookie).not.toBe(pending.cookie);
    expect((await ctx.request('GET', '/api/auth/session', { cookie: pending.cookie })).status).toBe(401);
    expect(await sessionOf({ cookie })).toMatchObject({ aal: 'aal2', mfa: 'none' });
    expect((await ctx.request('GET', '/api/users', { cookie })).status).toBe(200);

    const list = await json(await ctx.request('GET', '/api/mfa/passkeys', { cookie }));
    expect(list.items).toEqual([body.passkey]);
    expect(JSON.stringify(list)).not.toContain(device.id);
    const stored = await ctx.db
      .select({ credentialId: webauthnCredentials.credentialId, counter: webauthnCredentials.counter })
      .from(webauthnCredentials)
      .where(eq(webauthnCredentials.userId, admin.userId));
    expect(stored).toEqual([{ credentialId: device.id, counter: 0 }]);
    const [entry] = await auditOf(admin.userId, 'passkey_registered');
    expect(entry?.details).toMatchObject({ first_factor: true, aal: 'aal2', token_rotated: true });
    // The challenge was used up.
    expect(
      await ctx.db.select().from(webauthnChallenges).where(eq(webauthnChallenges.userId, admin.userId)),
    ).toEqual([]);
  });

  it('from Settings, a user with a factor needs a fresh verification, and gets no new recovery codes', async () => {
    const user = await ctx.signInAs('ir_associate');
    const { cookie } = await ctx.enrolTotp(user.cookie, user.userId);
    const session = { cookie };
    ctx.clock.advance(6 * MINUTE);
    const stale = await post(session, '/api/mfa/passkeys/registration/options');
    expect(stale.status).toBe(403);
    expect((await json(stale)).error.code).toBe('MFA_STEP_UP_REQUIRED');

    const stepUp = await post(session, '/api/mfa/step-up', { code: ctx.nextTotpCode(user.userId) });
    expect((await json(stepUp)).success).toBe(true);
    const options = await registrationOptions(session);
    ctx.clock.advance(6 * MINUTE);
    // The verification went stale between the options and the answer: refused again.
    const late = await post(session, '/api/mfa/passkeys/registration', {
      name: 'Phone',
      response: authenticator().register(options),
    });
    expect(late.status).toBe(403);

    await post(session, '/api/mfa/step-up', { code: ctx.nextTotpCode(user.userId) });
    const { res } = await addPasskey(session, 'Phone');
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.recovery_codes).toEqual([]);
    expect(body.message).toBe(PASSKEY_TEXTS.added);
    expect(res.headers.get('set-cookie')).toBeNull();
    const codes = await ctx.db
      .select()
      .from(mfaRecoveryCodes)
      .where(eq(mfaRecoveryCodes.userId, user.userId));
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
  });

  it('excludes the passkeys a user has, and refuses registering the same one twice', async () => {
    const admin = await adminWithPasskey();
    const options = await registrationOptions(admin);
    expect(options.excludeCredentials?.map((c) => c.id)).toEqual([admin.device.id]);
    const again = await post(admin, '/api/mfa/passkeys/registration', {
      name: 'Again',
      response: admin.device.register(options),
    });
    expect(again.status).toBe(400);
    expect((await json(again)).error.fields).toEqual({ response: PASSKEY_TEXTS.alreadyRegistered });
  });

  it('refuses a name that is empty or longer than 60 characters, naming it', async () => {
    const admin = await adminWithPasskey();
    const options = await registrationOptions(admin);
    for (const name of ['   ', 'x'.repeat(61)]) {
      const res = await post(admin, '/api/mfa/passkeys/registration', {
        name,
        response: authenticator().register(options),
      });
      expect(res.status).toBe(400);
      expect(Object.keys((await json(res)).error.fields)).toEqual(['name']);
    }
  });

  it('refuses an answer to a challenge never issued, one used already, or one expired', async () => {
    const admin = await ctx.createUser('admin');
    const pending = await passwordSession(admin);
    const device = authenticator();
    const forged = await post(pending, '/api/mfa/passkeys/registration', {
      name: 'Forged',
      response: device.register({ challenge: 'bm90LWlzc3VlZC1ieS1wYXJsZXk' }),
    });
    expect(forged.status).toBe(400);
    expect((await json(forged)).error.fields).toEqual({ response: PASSKEY_TEXTS.challengeExpired });

    const options = await registrationOptions(pending);
    ctx.clock.advance(5 * MINUTE + 1000);
    const expired = await post(pending, '/api/mfa/passkeys/registration', {
      name: 'Late',
      response: device.register(options),
    });
    expect(expired.status).toBe(400);
    expect(await sessionOf(pending)).toMatchObject({ aal: 'aal1', mfa: 'enroll' });
  });

  it('refuses an answer made for another origin, and uses its challenge up all the same', async () => {
    const admin = await ctx.createUser('admin');
    const pending = await passwordSession(admin);
    const options = await registrationOptions(pending);
    const phished = new SoftAuthenticator({
      origin: 'https://parley.test.evil.example',
      rpId: 'parley.test',
    });
    const res = await post(pending, '/api/mfa/passkeys/registration', {
      name: 'Phished',
      response: phished.register(options),
    });
    expect(res.status).toBe(400);
    expect((await json(res)).error.fields).toEqual({ response: PASSKEY_TEXTS.invalidResponse });
    const retry = await post(pending, '/api/mfa/passkeys/registration', {
      name: 'Retry',
      response: authenticator().register(options),
    });
    expect(retry.status).toBe(400);
    expect((await json(retry)).error.fields).toEqual({ response: PASSKEY_TEXTS.challengeExpired });
  });
});

describe('passkeys: signing in', () => {
  it('signs in with the password and then a passkey: aal2 under a new token, an attempt recorded', async () => {
    const admin = await adminWithPasskey();
    const pending = await passwordSession(admin);
    expect(pending.body).toMatchObject({ mfa: 'verify', next_level: 'aal2' });
    const options = await authenticationOptions(pending);
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([admin.device.id]);
    expect(options.rpId).toBe('parley.test');

    const res = await post(pending, '/api/mfa/passkeys/authentication', {
      response: admin.device.authenticate(options),
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({
      success: true,
      message: PASSKEY_TEXTS.verified,
      attempts_remaining: 5,
    });
    const cookie = sessionCookieOf(res);
    expect(cookie).not.toBe(pending.cookie);
    expect(await sessionOf({ cookie })).toMatchObject({ aal: 'aal2', mfa: 'none' });

    const [stored] = await ctx.db
      .select({ counter: webauthnCredentials.counter, lastUsedAt: webauthnCredentials.lastUsedAt })
      .from(webauthnCredentials)
      .where(eq(webauthnCredentials.userId, admin.userId));
    expect(stored?.counter).toBe(1);
    expect(stored?.lastUsedAt).toEqual(ctx.clock.now());
    const attempts = await ctx.db
      .select({ kind: mfaAttempts.kind, success: mfaAttempts.success })
      .from(mfaAttempts)
      .where(eq(mfaAttempts.userId, admin.userId));
    expect(attempts).toEqual([{ kind: 'passkey', success: true }]);
    const [entry] = await auditOf(admin.userId, 'passkey_verified');
    expect(entry?.details).toMatchObject({ context: 'login', aal: 'aal2', token_rotated: true });
  });

  it('refuses a replayed answer, and an answer to a challenge this session was never given', async () => {
    const admin = await adminWithPasskey();
    const pending = await passwordSession(admin);
    const options = await authenticationOptions(pending);
    const answer = admin.device.authenticate(options);
    const first = await post(pending, '/api/mfa/passkeys/authentication', { response: answer });
    expect(first.status).toBe(200);

    const other = await passwordSession(admin);
    const replayed = await post(other, '/api/mfa/passkeys/authentication', { response: answer });
    expect(replayed.status).toBe(400);
    expect((await json(replayed)).error.fields).toEqual({ response: PASSKEY_TEXTS.challengeExpired });

    // A challenge issued to another session does not serve this one.
    const third = await passwordSession(admin);
    const theirs = await authenticationOptions(third);
    const crossed = await post(other, '/api/mfa/passkeys/authentication', {
      response: admin.device.authenticate(theirs),
    });
    expect(crossed.status).toBe(400);
    expect(await sessionOf(other)).toMatchObject({ aal: 'aal1', mfa: 'verify' });
  });

  it('refuses a copied passkey whose counter went back: 403, audited, counted as a failure', async () => {
    const admin = await adminWithPasskey();
    const first = await usePasskey(await passwordSession(admin), admin.device);
    expect(first.status).toBe(200);
    const second = await usePasskey(await passwordSession(admin), admin.device);
    expect(second.status).toBe(200);

    const copy = admin.device.clone(0);
    const pending = await passwordSession(admin);
    const res = await usePasskey(pending, copy);
    expect(res.status).toBe(403);
    const body = await json(res);
    expect(body.error).toMatchObject({
      code: 'PASSKEY_CLONE_SUSPECTED',
      message: ERRORS.PASSKEY_CLONE_SUSPECTED.message,
    });
    expect(await sessionOf(pending)).toMatchObject({ aal: 'aal1', mfa: 'verify' });
    const [entry] = await auditOf(admin.userId, 'passkey_clone_suspected');
    expect(entry?.details).toMatchObject({ stored_counter: 2, context: 'login' });
    const failures = await ctx.db
      .select()
      .from(mfaAttempts)
      .where(and(eq(mfaAttempts.userId, admin.userId), eq(mfaAttempts.success, false)));
    expect(failures).toHaveLength(1);

    // A counter that stands still is refused as well; the real one, moving on, still works.
    const still = await usePasskey(
      await passwordSession(admin),
      admin.device.clone(admin.device.counter - 1),
    );
    expect(still.status).toBe(403);
    expect((await usePasskey(await passwordSession(admin), admin.device)).status).toBe(200);
  });

  it('accepts a synced passkey whose counter stays at zero', async () => {
    const admin = await adminWithPasskey();
    const pending = await passwordSession(admin);
    const options = await authenticationOptions(pending);
    const res = await post(pending, '/api/mfa/passkeys/authentication', {
      response: admin.device.authenticate(options, { keepCounter: true }),
    });
    expect(res.status).toBe(200);
  });

  it("refuses another user's passkey: a failed attempt with the attempts left, audited", async () => {
    const owner = await adminWithPasskey();
    const admin = await adminWithPasskey();
    const pending = await passwordSession(admin);
    const options = await authenticationOptions(pending);
    const res = await post(pending, '/api/mfa/passkeys/authentication', {
      response: owner.device.authenticate(options),
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ success: false, message: PASSKEY_TEXTS.failed, attempts_remaining: 4 });
    expect(await sessionOf(pending)).toMatchObject({ aal: 'aal1' });
    const [entry] = await auditOf(admin.userId, 'passkey_verify_failed');
    expect(entry?.details).toMatchObject({ kind: 'passkey', passkey_id: null, attempts_remaining: 4 });
  });

  it('locks the user out after 5 refused passkey answers, as with codes', async () => {
    const admin = await adminWithPasskey();
    const stranger = authenticator();
    const pending = await passwordSession(admin);
    for (let i = 0; i < 5; i++) {
      const options = await authenticationOptions(pending);
      const res = await post(pending, '/api/mfa/passkeys/authentication', {
        response: new SoftAuthenticator(
          { origin: TEST_ORIGIN },
          { credentialId: admin.device.credentialId, privateKey: stranger.privateKey },
        ).authenticate(options),
      });
      expect((await json(res)).attempts_remaining).toBe(4 - i);
    }
    const res = await usePasskey(pending, admin.device);
    expect(res.status).toBe(429);
  });

  it('answers 409 for a user without passkeys', async () => {
    const user = await ctx.signInAs('ir_associate');
    const res = await post(user, '/api/mfa/passkeys/authentication/options');
    expect(res.status).toBe(409);
    expect((await json(res)).error.code).toBe('NO_PASSKEYS');
  });

  it('steps up an aal2 session with a passkey, without a new token', async () => {
    const admin = await adminWithPasskey();
    ctx.clock.advance(6 * MINUTE);
    const before = await json(await ctx.request('GET', '/api/mfa/status', { cookie: admin.cookie }));
    expect(before.recently_verified).toBe(false);
    const res = await usePasskey(admin, admin.device);
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toBeNull();
    const status = await json(await ctx.request('GET', '/api/mfa/status', { cookie: admin.cookie }));
    expect(status).toMatchObject({ recently_verified: true, passkey_count: 1, enrolled: false });
  });
});

describe('passkeys: rename and remove', () => {
  it('renames one’s own passkey, audited; another user’s is a 404', async () => {
    const admin = await adminWithPasskey();
    const other = await adminWithPasskey();
    const id = admin.body.passkey.id as string;
    const res = await ctx.request('PATCH', `/api/mfa/passkeys/${id}`, {
      cookie: admin.cookie,
      body: { name: 'Desk key' },
    });
    expect(res.status).toBe(200);
    expect((await json(res)).name).toBe('Desk key');
    expect((await auditOf(admin.userId, 'passkey_renamed'))[0]?.details).toMatchObject({
      from: 'Work laptop',
      to: 'Desk key',
    });
    const theirs = await ctx.request('PATCH', `/api/mfa/passkeys/${id}`, {
      cookie: other.cookie,
      body: { name: 'Mine now' },
    });
    expect(theirs.status).toBe(404);
  });

  it('refuses to remove the last factor of a user who must use MFA (409)', async () => {
    const admin = await adminWithPasskey();
    const res = await ctx.request('DELETE', `/api/mfa/passkeys/${admin.body.passkey.id}`, {
      cookie: admin.cookie,
    });
    expect(res.status).toBe(409);
    expect((await json(res)).error.code).toBe('PASSKEY_LAST_FACTOR');
  });

  it('removes a passkey with a fresh verification; the last factor takes the recovery codes with it', async () => {
    const user = await ctx.signInAs('ir_associate');
    const { res: added, device } = await addPasskey(user);
    expect(added.status).toBe(200);
    const session = { cookie: sessionCookieOf(added) };
    const id = (await json(added)).passkey.id as string;
    ctx.clock.advance(6 * MINUTE);
    const stale = await ctx.request('DELETE', `/api/mfa/passkeys/${id}`, { cookie: session.cookie });
    expect(stale.status).toBe(403);
    expect((await json(stale)).error.code).toBe('MFA_STEP_UP_REQUIRED');

    expect((await usePasskey(session, device)).status).toBe(200);
    // Another user's passkey is not found, even with their own fresh verification.
    const other = await adminWithPasskey();
    expect((await ctx.request('DELETE', `/api/mfa/passkeys/${id}`, { cookie: other.cookie })).status).toBe(
      404,
    );
    const res = await ctx.request('DELETE', `/api/mfa/passkeys/${id}`, { cookie: session.cookie });
    expect(res.status).toBe(204);
    expect(
      await ctx.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.userId)),
    ).toEqual([]);
    expect((await auditOf(user.userId, 'passkey_removed'))[0]?.details).toMatchObject({ passkey_id: id });
    expect(await sessionOf(session)).toMatchObject({ mfa: 'none' });
  });

  it('lets an admin remove their authenticator app once a passkey is their factor', async () => {
    const admin = await ctx.signInAs('admin');
    const status = await json(await ctx.request('GET', '/api/mfa/status', { cookie: admin.cookie }));
    expect(status).toMatchObject({ enrolled: true, can_remove: false });
    expect((await addPasskey(admin)).res.status).toBe(200);
    const after = await json(await ctx.request('GET', '/api/mfa/status', { cookie: admin.cookie }));
    expect(after).toMatchObject({ can_remove: true, passkey_count: 1 });
    expect((await ctx.request('DELETE', '/api/mfa/totp', { cookie: admin.cookie })).status).toBe(204);
    // The recovery codes stay with the passkey.
    expect(
      await ctx.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, admin.userId)),
    ).toHaveLength(RECOVERY_CODE_COUNT);
  });
});

describe('passkeys: required for admins', () => {
  it('an admin with only an authenticator app proves it, then must add a passkey; later codes are refused', async () => {
    const admin = await ctx.signInAs('admin');
    await setPasskeysRequiredForAdmins(admin, true);
    expect(await sessionOf(admin)).toMatchObject({ mfa: 'enroll' });

    const pending = await passwordSession(admin);
    expect(pending.body.mfa).toBe('enroll');
    const status = await json(await ctx.request('GET', '/api/mfa/status', { cookie: pending.cookie }));
    expect(status).toMatchObject({ passkey_required: true, passkey_count: 0, enrolled: true });
    // Without proving the authenticator first, no passkey can be added on the password alone.
    expect((await post(pending, '/api/mfa/passkeys/registration/options')).status).toBe(403);

    const code = await post(pending, '/api/mfa/totp/verify-login', {
      code: ctx.nextTotpCode(admin.userId),
      use_recovery: false,
    });
    expect(code.status).toBe(200);
    expect(code.headers.get('set-cookie')).toBeNull();
    expect(await sessionOf(pending)).toMatchObject({ aal: 'aal1', mfa: 'enroll' });

    const { res, device } = await addPasskey(pending, 'Security key');
    expect(res.status).toBe(200);
    expect((await json(res)).recovery_codes).toEqual([]);
    const cookie = sessionCookieOf(res);
    expect(await sessionOf({ cookie })).toMatchObject({ aal: 'aal2', mfa: 'none' });

    const next = await passwordSession(admin);
    expect(next.body.mfa).toBe('verify');
    const refused = await post(next, '/api/mfa/totp/verify-login', {
      code: ctx.nextTotpCode(admin.userId),
      use_recovery: false,
    });
    expect(refused.status).toBe(403);
    expect((await json(refused)).error).toMatchObject({
      code: 'PASSKEY_REQUIRED',
      message: ERRORS.PASSKEY_REQUIRED.message,
    });
    expect((await usePasskey(next, device)).status).toBe(200);
  });

  it('does not hold other roles to passkeys, and an admin may enrol a passkey with no factor at all', async () => {
    const admin = await adminWithPasskey();
    await setPasskeysRequiredForAdmins(admin, true);
    const director = await ctx.createUser('ir_director', admin.orgId);
    const signedIn = await ctx.signInUser(director);
    const { cookie } = await ctx.enrolTotp(signedIn.cookie, director.userId);
    const again = await passwordSession(director);
    expect(again.body.mfa).toBe('verify');
    expect(
      (
        await post(again, '/api/mfa/totp/verify-login', {
          code: ctx.nextTotpCode(director.userId),
          use_recovery: false,
        })
      ).status,
    ).toBe(200);
    expect(cookie).toBeTruthy();

    const newcomer = await ctx.createUser('admin', admin.orgId);
    const pending = await passwordSession(newcomer);
    expect(pending.body.mfa).toBe('enroll');
    const { res } = await addPasskey(pending);
    expect(res.status).toBe(200);
    expect((await json(res)).recovery_codes).toHaveLength(RECOVERY_CODE_COUNT);
  });

  it('counts passkeys in the organisation’s MFA figures and the member list', async () => {
    const admin = await adminWithPasskey();
    const stats = await json(await ctx.request('GET', '/api/health/auth-mfa', { cookie: admin.cookie }));
    expect(stats).toMatchObject({ mfa_enabled_users: 1, active_members: 1 });
    const list = await json(await ctx.request('GET', '/api/admin/mfa-status', { cookie: admin.cookie }));
    expect(list.items).toEqual([expect.objectContaining({ id: admin.userId, mfa: 'enabled' })]);
  });
});
