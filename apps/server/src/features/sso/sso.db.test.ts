import type { Role } from '@parley/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { buildMember, uniqueSuffix } from '../../../test/factories';
import { freePort } from '../../../test/free-port';
import { type ProviderAccount, startOidcProvider } from '../../../test/oidc-provider';
import {
  createTestContext,
  json,
  sessionCookieOf,
  TEST_ENCRYPTION_KEY,
  TEST_ORIGIN,
  testLogger,
} from '../../../test/test-app';
import { SIGN_IN_PER_ADDRESS } from '../../auth/rate-limit';
import {
  auditLogs,
  sessions,
  ssoFlows,
  ssoProviders,
  userIdentities,
  userInvitations,
  users,
} from '../../db/schema';
import { SYSTEM_CHAIN } from '../../lib/audit';
import { createMember } from '../users/users.service';
import { saveSsoProvider } from './sso-provider.service';
import { completeSsoCallback, discoverSsoForEmail, SSO_DISCOVERIES_PER_ADDRESS } from './sso-sign-in.service';

const ctx = await createTestContext({ SSO_ALLOW_INSECURE_ISSUER: 'true' });
/** The provider's ID tokens live a minute: the expired-token test moves Parley's clock past that. */
const idp = await startOidcProvider({
  redirectUri: `${TEST_ORIGIN}/api/auth/sso/callback`,
  idTokenTtlSeconds: 60,
});
afterAll(() => idp.close());

// Parley's clock is fixed while the provider's runs: start each test at the real time, so its tokens
// are fresh to Parley unless the test moves the clock on purpose.
beforeEach(() => ctx.clock.set(new Date()));

const MINUTE = 60_000;
/** What the services take, for the tests that call one directly (a client address, another config). */
const serviceDeps = {
  ...ctx.deps,
  encryptionKey: TEST_ENCRYPTION_KEY,
  logger: testLogger,
  config: ctx.config,
  appOrigin: TEST_ORIGIN,
};

function providerInput(domains: string[], overrides: Record<string, unknown> = {}) {
  return {
    display_name: 'Acme Login',
    issuer: idp.issuer,
    client_id: idp.clientId,
    client_secret: idp.clientSecret,
    allowed_domains: domains,
    ...overrides,
  };
}

const newDomain = () => `${uniqueSuffix()}.example.com`;

/** An organisation with an admin (signed in, MFA done) and an enabled provider for a fresh domain. */
async function orgWithProvider() {
  const admin = await ctx.signInAs('admin');
  const domain = newDomain();
  const res = await ctx.request('PUT', '/api/security/sso', {
    cookie: admin.cookie,
    body: providerInput([domain]),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return { admin, domain, orgId: admin.orgId };
}

/** A member of the organisation whose address is at `domain`, with a password. */
async function memberAt(orgId: string, domain: string, role: Role = 'ir_associate') {
  const member = buildMember({ role, orgId, email: `${role}.${uniqueSuffix()}@${domain}` });
  const userId = await createMember(ctx.deps, { ...member, actorId: null });
  return { ...member, userId };
}

function stateCookieOf(res: Response): string {
  const match = /(parley_sso_state)=([^;]*)/.exec(res.headers.get('set-cookie') ?? '');
  if (!match?.[2]) throw new Error('no state cookie');
  return `${match[1]}=${match[2]}`;
}

/** The provider's redirect back to Parley, made in the browser that holds `cookie`. */
function callback(url: string, cookie?: string) {
  return ctx.app.request(url, { headers: cookie ? { cookie } : {} });
}

/**
 * Starts a sign-in for `email` as a browser would, logs in at the provider as `subject` (with the
 * claims given, by default the address verified) and returns the callback URL and the state cookie,
 * before the browser goes back to Parley.
 */
async function loginAtProvider(
  email: string,
  subject: string,
  account: ProviderAccount = { email, email_verified: true },
) {
  idp.setAccount(subject, account);
  idp.loginAs(subject);
  const start = await ctx.request('GET', `/api/auth/sso/start?email=${encodeURIComponent(email)}`);
  expect(start.status, await start.clone().text()).toBe(302);
  const location = start.headers.get('location') ?? '';
  expect(location.startsWith(`${idp.issuer}/`)).toBe(true);
  const stateCookie = stateCookieOf(start);
  return { callbackUrl: await idp.completeLogin(location), stateCookie };
}

async function signInWithSso(email: string, subject = `sub-${uniqueSuffix()}`, account?: ProviderAccount) {
  const { callbackUrl, stateCookie } = await loginAtProvider(email, subject, account);
  return { res: await callback(callbackUrl, stateCookie), callbackUrl, stateCookie, subject };
}

async function auditEntries(chain: string, actionType: string) {
  return ctx.db
    .select({ details: auditLogs.details, actorId: auditLogs.actorId })
    .from(auditLogs)
    .where(and(eq(auditLogs.chain, chain), eq(auditLogs.actionType, actionType)))
    .orderBy(desc(auditLogs.seq));
}

describe('the provider settings', () => {
  it('are null before an admin saves them, and never show the client secret', async () => {
    const admin = await ctx.signInAs('admin');
    const empty = await ctx.request('GET', '/api/security/sso', { cookie: admin.cookie });
    expect(empty.status).toBe(200);
    expect(await json(empty)).toBeNull();

    const domain = newDomain();
    const saved = await ctx.request('PUT', '/api/security/sso', {
      cookie: admin.cookie,
      body: providerInput([domain.toUpperCase()], { email_claim: 'email' }),
    });
    expect(saved.status).toBe(200);
    const read = await ctx.request('GET', '/api/security/sso', { cookie: admin.cookie });
    const text = await read.clone().text();
    expect(text).not.toContain(idp.clientSecret);
    expect(await json(read)).toEqual({
      display_name: 'Acme Login',
      issuer: idp.issuer,
      client_id: idp.clientId,
      has_client_secret: true,
      allowed_domains: [domain],
      email_claim: 'email',
      enabled: true,
      updated_at: expect.any(String),
    });
    const [stored] = await ctx.db
      .select({ sealed: ssoProviders.clientSecretSealed })
      .from(ssoProviders)
      .where(eq(ssoProviders.orgId, admin.orgId));
    expect(stored?.sealed).not.toContain(idp.clientSecret);

    const [entry] = await auditEntries(admin.orgId, 'sso_provider_saved');
    expect(JSON.stringify(entry?.details)).not.toContain(idp.clientSecret);
    expect(entry?.details).toMatchObject({
      before: null,
      after: { issuer: idp.issuer },
      client_secret_changed: true,
    });
  });

  it('keep the secret when an update leaves it out, and record before and after', async () => {
    const { admin, domain, orgId } = await orgWithProvider();
    const { client_secret: _, ...withoutSecret } = providerInput([domain], { display_name: 'Acme SSO' });
    const res = await ctx.request('PUT', '/api/security/sso', { cookie: admin.cookie, body: withoutSecret });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await json(res)).toMatchObject({ display_name: 'Acme SSO', has_client_secret: true });
    const [entry] = await auditEntries(orgId, 'sso_provider_saved');
    expect(entry?.details).toMatchObject({
      before: { display_name: 'Acme Login' },
      after: { display_name: 'Acme SSO' },
      client_secret_changed: false,
    });
    // The kept secret still works: a member signs in with it.
    const member = await memberAt(orgId, domain);
    expect((await signInWithSso(member.email)).res.headers.get('location')).toBe('/inbox');
  });

  it('name each bad field: domains, the secret on creation, the claim', async () => {
    const admin = await ctx.signInAs('admin');
    const cases: [Record<string, unknown>, string][] = [
      [providerInput([]), 'allowed_domains'],
      [providerInput(['not a domain']), 'allowed_domains.0'],
      [providerInput(['a.example.com', 'a.example.com']), 'allowed_domains'],
      [providerInput(Array.from({ length: 21 }, (_, i) => `d${i}.example.com`)), 'allowed_domains'],
      [providerInput([newDomain()], { client_secret: undefined }), 'client_secret'],
      [providerInput([newDomain()], { issuer: 'ftp://example.com' }), 'issuer'],
      [providerInput([newDomain()], { email_claim: 'two words' }), 'email_claim'],
      [providerInput([newDomain()], { display_name: '' }), 'display_name'],
    ];
    for (const [body, field] of cases) {
      const res = await ctx.request('PUT', '/api/security/sso', { cookie: admin.cookie, body });
      expect(res.status, field).toBe(400);
      expect(Object.keys((await json(res)).error.fields), field).toContain(field);
    }
    expect(await json(await ctx.request('GET', '/api/security/sso', { cookie: admin.cookie }))).toBeNull();
  });

  it('are refused with 422 naming the issuer when it cannot be reached or is not a provider', async () => {
    const admin = await ctx.signInAs('admin');
    const nobody = `http://127.0.0.1:${await freePort()}`;
    for (const issuer of [nobody, `${idp.issuer}/not-here`]) {
      const res = await ctx.request('PUT', '/api/security/sso', {
        cookie: admin.cookie,
        body: providerInput([newDomain()], { issuer }),
      });
      expect(res.status, issuer).toBe(422);
      const body = await json(res);
      expect(body.error.code).toBe('SSO_ISSUER_INVALID');
      expect(Object.keys(body.error.fields)).toEqual(['issuer']);
    }
  });

  it('need an https issuer unless SSO_ALLOW_INSECURE_ISSUER is set', async () => {
    const admin = await ctx.createUser('admin');
    const strict = { ...serviceDeps, config: { ...ctx.config, ssoAllowInsecureIssuer: false } };
    const error = await saveSsoProvider(strict, admin, {
      ...providerInput([newDomain()]),
      email_claim: 'email',
      enabled: true,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { issuer: expect.any(String) } });
  });

  it('refuse with 409 naming allowed_domains a domain another organisation allows', async () => {
    const { domain } = await orgWithProvider();
    const other = await ctx.signInAs('admin');
    const res = await ctx.request('PUT', '/api/security/sso', {
      cookie: other.cookie,
      body: providerInput([newDomain(), domain]),
    });
    expect(res.status).toBe(409);
    const body = await json(res);
    expect(Object.keys(body.error.fields)).toEqual(['allowed_domains']);
    expect(body.error.fields.allowed_domains).toContain(domain);
  });

  it('are removed by DELETE, audited, and the domain then finds no provider', async () => {
    const { admin, domain, orgId } = await orgWithProvider();
    const removed = await ctx.request('DELETE', '/api/security/sso', { cookie: admin.cookie });
    expect(removed.status).toBe(204);
    expect(await json(await ctx.request('GET', '/api/security/sso', { cookie: admin.cookie }))).toBeNull();
    expect((await ctx.request('DELETE', '/api/security/sso', { cookie: admin.cookie })).status).toBe(404);
    const [entry] = await auditEntries(orgId, 'sso_provider_removed');
    expect(entry?.details).toMatchObject({ before: { issuer: idp.issuer, allowed_domains: [domain] } });
    const found = await ctx.request('GET', `/api/auth/sso?email=${encodeURIComponent(`a@${domain}`)}`);
    expect(await json(found)).toEqual({ sso: null });
  });

  it('are for admins only', async () => {
    await ctx.expectGuarded('GET', '/api/security/sso', 'admin.manage');
  });
});

describe('discovery on the sign-in page', () => {
  it("gives the button's name and start URL for an allowed domain, never the organisation", async () => {
    const { domain, orgId } = await orgWithProvider();
    const email = `Someone@${domain.toUpperCase()}`;
    const res = await ctx.request('GET', `/api/auth/sso?email=${encodeURIComponent(email)}`);
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toEqual({
      sso: {
        display_name: 'Acme Login',
        start_url: `/api/auth/sso/start?email=${encodeURIComponent(email.toLowerCase())}`,
      },
    });
    expect(JSON.stringify(body)).not.toContain(orgId);
  });

  it('finds nothing for another domain, nor for a provider turned off', async () => {
    const { admin, domain } = await orgWithProvider();
    const other = await ctx.request('GET', `/api/auth/sso?email=a@${newDomain()}`);
    expect(await json(other)).toEqual({ sso: null });
    const off = await ctx.request('PUT', '/api/security/sso', {
      cookie: admin.cookie,
      body: providerInput([domain], { enabled: false }),
    });
    expect(off.status).toBe(200);
    expect(await json(await ctx.request('GET', `/api/auth/sso?email=a@${domain}`))).toEqual({ sso: null });
    const start = await ctx.request('GET', `/api/auth/sso/start?email=a@${domain}`);
    expect(start.status).toBe(302);
    expect(start.headers.get('location')).toBe('/auth?sso_error=domain');
  });

  it('is limited per client address, high enough for an office behind one address', async () => {
    const clientAddress = `203.0.113.${Math.floor(Math.random() * 250)}`;
    expect(SSO_DISCOVERIES_PER_ADDRESS.limit).toBeGreaterThanOrEqual(SIGN_IN_PER_ADDRESS.limit);
    for (let i = 0; i < SSO_DISCOVERIES_PER_ADDRESS.limit; i++) {
      await discoverSsoForEmail(serviceDeps, { email: `a@${newDomain()}`, clientAddress });
    }
    const refused = await discoverSsoForEmail(serviceDeps, {
      email: `a@${newDomain()}`,
      clientAddress,
    }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) });
  });

  it('names the field of an address that is not one', async () => {
    const res = await ctx.request('GET', '/api/auth/sso?email=nope');
    expect(res.status).toBe(400);
    expect(Object.keys((await json(res)).error.fields)).toEqual(['email']);
  });
});

describe('signing in with the provider', () => {
  it('leaves each other way of signing in its own method (a password here)', async () => {
    const member = await ctx.signInAs('ir_associate');
    const [row] = await ctx.db
      .select({ method: sessions.method })
      .from(sessions)
      .where(eq(sessions.userId, member.userId));
    expect(row?.method).toBe('password');
  });

  it('opens a session with method sso for a member, links the identity and audits it', async () => {
    const { orgId, domain } = await orgWithProvider();
    const member = await memberAt(orgId, domain);
    const { res, subject } = await signInWithSso(member.email);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/inbox');
    const cookie = sessionCookieOf(res);
    const session = await ctx.request('GET', '/api/auth/session', { cookie });
    expect(session.status).toBe(200);
    expect(await json(session)).toMatchObject({ user: { id: member.userId }, mfa: 'none' });
    // The state cookie is spent.
    expect(res.headers.get('set-cookie')).toMatch(/parley_sso_state=;/);

    const [row] = await ctx.db
      .select({ method: sessions.method })
      .from(sessions)
      .where(eq(sessions.userId, member.userId));
    expect(row?.method).toBe('sso');
    const [identity] = await ctx.db
      .select({ issuer: userIdentities.issuer, subject: userIdentities.subject, email: userIdentities.email })
      .from(userIdentities)
      .where(eq(userIdentities.userId, member.userId));
    expect(identity).toEqual({ issuer: idp.issuer, subject, email: member.email });
    const [ssoEntry] = await auditEntries(orgId, 'sso_sign_in');
    expect(ssoEntry).toMatchObject({
      actorId: member.userId,
      details: { method: 'sso', issuer: idp.issuer, identity: 'linked_now' },
    });
    const [signIn] = await auditEntries(orgId, 'sign_in');
    expect(signIn?.details).toMatchObject({ method: 'sso' });
  });

  it('finds a linked identity by issuer and subject first, whatever e-mail the provider gives now', async () => {
    const { orgId, domain } = await orgWithProvider();
    const member = await memberAt(orgId, domain);
    const first = await signInWithSso(member.email);
    expect(first.res.headers.get('location')).toBe('/inbox');
    const again = await signInWithSso(member.email, first.subject, {
      email: `renamed@${newDomain()}`,
      email_verified: true,
    });
    expect(again.res.headers.get('location')).toBe('/inbox');
    const session = await ctx.request('GET', '/api/auth/session', { cookie: sessionCookieOf(again.res) });
    expect((await json(session)).user.id).toBe(member.userId);
    const [entry] = await auditEntries(orgId, 'sso_sign_in');
    expect(entry?.details).toMatchObject({ identity: 'linked' });
  });

  it("does not replace Parley's MFA: an admin's session still owes it", async () => {
    const { orgId, domain } = await orgWithProvider();
    const admin = await memberAt(orgId, domain, 'admin');
    const { res } = await signInWithSso(admin.email);
    expect(res.headers.get('location')).toBe('/inbox');
    const cookie = sessionCookieOf(res);
    expect(await json(await ctx.request('GET', '/api/auth/session', { cookie }))).toMatchObject({
      mfa: 'enroll',
      aal: 'aal1',
    });
    const inbox = await ctx.request('GET', '/api/messages', { cookie });
    expect(inbox.status).toBe(403);
    expect((await json(inbox)).error.code).toBe('MFA_REQUIRED');
  });

  it('accepts a pending invitation of the organisation, creating the account without a password', async () => {
    const { admin, orgId, domain } = await orgWithProvider();
    const email = `invitee.${uniqueSuffix()}@${domain}`;
    const invited = await ctx.request('POST', '/api/invitations', {
      cookie: admin.cookie,
      body: { email, role: 'ir_director' },
    });
    expect(invited.status).toBe(201);
    const { res } = await signInWithSso(email, undefined, {
      email,
      email_verified: true,
      name: 'Ivy Invitee',
    });
    expect(res.headers.get('location')).toBe('/inbox');
    const session = await json(
      await ctx.request('GET', '/api/auth/session', { cookie: sessionCookieOf(res) }),
    );
    expect(session).toMatchObject({ user: { email, name: 'Ivy Invitee' }, role: 'ir_director', orgId });
    const [user] = await ctx.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.email, email));
    expect(user?.passwordHash).toBeNull();
    const [invitation] = await ctx.db
      .select({ status: userInvitations.status })
      .from(userInvitations)
      .where(eq(userInvitations.email, email));
    expect(invitation?.status).toBe('accepted');
    const [accepted] = await auditEntries(orgId, 'invitation_accepted');
    expect(accepted?.details).toMatchObject({ email, method: 'sso' });
    const [entry] = await auditEntries(orgId, 'sso_sign_in');
    expect(entry?.details).toMatchObject({ invitation_accepted: true });
  });

  it('refuses an address of an allowed domain with no account and no invitation (invite-only)', async () => {
    const { orgId, domain } = await orgWithProvider();
    const email = `stranger.${uniqueSuffix()}@${domain}`;
    const { res } = await signInWithSso(email);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/auth?sso_error=not_invited');
    expect(res.headers.get('set-cookie')).not.toMatch(/parley_session=[^;]/);
    const [entry] = await auditEntries(orgId, 'sso_sign_in_failed');
    expect(entry?.details).toMatchObject({ reason: 'not_invited', email });
    expect(await ctx.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it("refuses a member of another organisation, even at the provider's domain", async () => {
    const { domain } = await orgWithProvider();
    const elsewhere = await ctx.createOrg();
    const member = await memberAt(elsewhere, domain);
    const { res } = await signInWithSso(member.email);
    expect(res.headers.get('location')).toBe('/auth?sso_error=not_invited');
  });

  it('refuses an e-mail of a domain the organisation does not allow', async () => {
    const { orgId, domain } = await orgWithProvider();
    const member = await memberAt(orgId, domain);
    const { res } = await signInWithSso(member.email, undefined, {
      email: `someone@${newDomain()}`,
      email_verified: true,
    });
    expect(res.headers.get('location')).toBe('/auth?sso_error=domain');
    const [entry] = await auditEntries(orgId, 'sso_sign_in_failed');
    expect(entry?.details).toMatchObject({ reason: 'domain' });
  });

  it('refuses an e-mail the provider does not say is verified, or none at all', async () => {
    const { orgId, domain } = await orgWithProvider();
    const member = await memberAt(orgId, domain);
    const unverified = await signInWithSso(member.email, undefined, {
      email: member.email,
      email_verified: false,
    });
    expect(unverified.res.headers.get('location')).toBe('/auth?sso_error=email_missing');
    const none = await signInWithSso(member.email, undefined, { name: 'No Mail' });
    expect(none.res.headers.get('location')).toBe('/auth?sso_error=email_missing');
  });

  it('refuses a deactivated member', async () => {
    const { admin, orgId, domain } = await orgWithProvider();
    const member = await memberAt(orgId, domain);
    const off = await ctx.request('POST', `/api/users/${member.userId}/deactivate`, { cookie: admin.cookie });
    expect(off.status).toBe(200);
    const { res } = await signInWithSso(member.email);
    expect(res.headers.get('location')).toBe('/auth?sso_error=deactivated');
  });

  it('sends the browser back with provider when the provider refuses the login', async () => {
    const { orgId, domain } = await orgWithProvider();
    const member = await memberAt(orgId, domain);
    idp.loginAs(null);
    const start = await ctx.request('GET', `/api/auth/sso/start?email=${encodeURIComponent(member.email)}`);
    const url = await idp.completeLogin(start.headers.get('location') ?? '');
    expect(url).toContain('error=access_denied');
    const res = await callback(url, stateCookieOf(start));
    expect(res.headers.get('location')).toBe('/auth?sso_error=provider');
  });
});

describe('the checks of the provider’s answer', () => {
  it('refuse an unknown state, in the system chain', async () => {
    const res = await callback(
      `${TEST_ORIGIN}/api/auth/sso/callback?code=whatever&state=made-up`,
      'parley_sso_state=made-up',
    );
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/auth?sso_error=state');
    const [entry] = await auditEntries(SYSTEM_CHAIN, 'sso_sign_in_failed');
    expect(entry?.details).toMatchObject({ reason: 'state', detail: 'unknown state' });
  });

  it('record made-up states of one address only up to its limit', async () => {
    const clientAddress = `198.51.100.${Math.floor(Math.random() * 250)}`;
    const recorded = async () =>
      (await auditEntries(SYSTEM_CHAIN, 'sso_sign_in_failed')).filter(
        (entry) => (entry.details as { client_address?: string }).client_address === clientAddress,
      ).length;
    for (let i = 0; i < 35; i++) {
      const outcome = await completeSsoCallback(serviceDeps, {
        clientAddress,
        userAgent: null,
        search: `?code=x&state=made-up-${i}`,
        state: `made-up-${i}`,
        browserState: `made-up-${i}`,
      });
      expect(outcome.redirect).toBe('/auth?sso_error=state');
    }
    expect(await recorded()).toBe(31);
  });

  it('refuse a callback in a browser that did not start the flow (no state cookie)', async () => {
    const { orgId, domain } = await orgWithProvider();
    const member = await memberAt(orgId, domain);
    const { callbackUrl } = await loginAtProvider(member.email, `sub-${uniqueSuffix()}`);
    const res = await callback(callbackUrl);
    expect(res.headers.get('location')).toBe('/auth?sso_error=state');
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, member.userId))).toEqual([]);
  });

  it('use a state once: the same callback URL a second time is refused', async () => {
    const { orgId, domain } = await orgWithProvider();
    const member = await memberAt(orgId, domain);
    const { res, callbackUrl, stateCookie } = await signInWithSso(member.email);
    expect(res.headers.get('location')).toBe('/inbox');
    const replay = await callback(callbackUrl, stateCookie);
    expect(replay.headers.get('location')).toBe('/auth?sso_error=state');
    expect(replay.headers.get('set-cookie') ?? '').not.toMatch(/parley_session=[^;]/);
  });

  it('refuse a state older than 10 minutes', async () => {
    const { orgId, domain } = await orgWithProvider();
    const member = await memberAt(orgId, domain);
    const { callbackUrl, stateCookie } = await loginAtProvider(member.email, `sub-${uniqueSuffix()}`);
    ctx.clock.advance(10 * MINUTE + 1000);
    const res = await callback(callbackUrl, stateCookie);
    expect(res.headers.get('location')).toBe('/auth?sso_error=state');
    const [entry] = await auditEntries(orgId, 'sso_sign_in_failed');
    expect(entry?.details).toMatchObject({ reason: 'state', detail: 'expired' });
  });

  it('refuse an ID token whose nonce is not the flow’s', async () => {
    const { orgId, domain } = await orgWithProvider();
    const member = await memberAt(orgId, domain);
    const { callbackUrl, stateCookie } = await loginAtProvider(member.email, `sub-${uniqueSuffix()}`);
    // The provider put the flow's nonce in the token; the flow now expects another one.
    await ctx.db.update(ssoFlows).set({ nonce: 'another-nonce' }).where(eq(ssoFlows.orgId, orgId));
    const res = await callback(callbackUrl, stateCookie);
    expect(res.headers.get('location')).toBe('/auth?sso_error=provider');
    const [entry] = await auditEntries(orgId, 'sso_sign_in_failed');
    expect(entry?.details).toMatchObject({ reason: 'provider', detail: expect.stringMatching(/nonce/) });
  });

  it('refuse an expired ID token', async () => {
    const { orgId, domain } = await orgWithProvider();
    const member = await memberAt(orgId, domain);
    const { callbackUrl, stateCookie } = await loginAtProvider(member.email, `sub-${uniqueSuffix()}`);
    // The token lives 60 s (and 30 s of tolerance); the flow 10 minutes.
    ctx.clock.advance(5 * MINUTE);
    const res = await callback(callbackUrl, stateCookie);
    expect(res.headers.get('location')).toBe('/auth?sso_error=provider');
    const [entry] = await auditEntries(orgId, 'sso_sign_in_failed');
    expect(entry?.details).toMatchObject({ reason: 'provider', detail: expect.stringMatching(/exp/) });
  });
});

describe('linked identities', () => {
  /** A member signed in with a password links an identity at the provider as `subject`. */
  async function link(member: { cookie: string; email: string }, subject: string) {
    idp.setAccount(subject, { email: member.email, email_verified: true });
    idp.loginAs(subject);
    const started = await ctx.request('POST', '/api/auth/identities/link', { cookie: member.cookie });
    expect(started.status, await started.clone().text()).toBe(200);
    const { url } = await json(started);
    const callbackUrl = await idp.completeLogin(url);
    return callback(callbackUrl, stateCookieOf(started));
  }

  it('link to the member who started, list, and sign that member in afterwards', async () => {
    const { orgId, domain } = await orgWithProvider();
    const member = await ctx.signInAs('ir_associate', orgId);
    const subject = `sub-${uniqueSuffix()}`;
    const res = await link(member, subject);
    expect(res.headers.get('location')).toBe('/settings?sso_linked=1');
    const list = await json(await ctx.request('GET', '/api/auth/identities', { cookie: member.cookie }));
    expect(list.items).toEqual([
      {
        id: expect.any(String),
        issuer: idp.issuer,
        email: member.email,
        created_at: expect.any(String),
        last_used_at: expect.any(String),
      },
    ]);
    const [entry] = await auditEntries(orgId, 'sso_identity_linked');
    expect(entry).toMatchObject({ actorId: member.userId, details: { issuer: idp.issuer, subject } });
    // The member's Parley address is not at the provider's domain: the linked identity finds them.
    const { res: signedIn } = await signInWithSso(`x@${domain}`, subject);
    expect(signedIn.headers.get('location')).toBe('/inbox');
    const session = await json(
      await ctx.request('GET', '/api/auth/session', { cookie: sessionCookieOf(signedIn) }),
    );
    expect(session.user.id).toBe(member.userId);
  });

  it('refuse an identity already linked to someone else', async () => {
    const { orgId } = await orgWithProvider();
    const first = await ctx.signInAs('ir_associate', orgId);
    const second = await ctx.signInAs('ir_associate', orgId);
    const subject = `sub-${uniqueSuffix()}`;
    expect((await link(first, subject)).headers.get('location')).toBe('/settings?sso_linked=1');
    const res = await link(second, subject);
    expect(res.headers.get('location')).toBe('/settings?sso_error=identity_taken');
    const list = await json(await ctx.request('GET', '/api/auth/identities', { cookie: second.cookie }));
    expect(list.items).toEqual([]);
  });

  it('unlink one’s own identity, audited; another user’s is a 404', async () => {
    const { orgId } = await orgWithProvider();
    const member = await ctx.signInAs('ir_associate', orgId);
    await link(member, `sub-${uniqueSuffix()}`);
    const [identity] = (
      await json(await ctx.request('GET', '/api/auth/identities', { cookie: member.cookie }))
    ).items;
    const other = await ctx.signInAs('ir_associate', orgId);
    const foreign = await ctx.request('DELETE', `/api/auth/identities/${identity.id}`, {
      cookie: other.cookie,
    });
    expect(foreign.status).toBe(404);
    const res = await ctx.request('DELETE', `/api/auth/identities/${identity.id}`, { cookie: member.cookie });
    expect(res.status).toBe(204);
    const list = await json(await ctx.request('GET', '/api/auth/identities', { cookie: member.cookie }));
    expect(list.items).toEqual([]);
    const [entry] = await auditEntries(orgId, 'sso_identity_unlinked');
    expect(entry).toMatchObject({ actorId: member.userId, details: { issuer: idp.issuer } });
  });

  it('refuse to unlink the last way to sign in (no password, no other identity)', async () => {
    const { admin, domain } = await orgWithProvider();
    const email = `newcomer.${uniqueSuffix()}@${domain}`;
    await ctx.request('POST', '/api/invitations', {
      cookie: admin.cookie,
      body: { email, role: 'ir_associate' },
    });
    const { res } = await signInWithSso(email);
    const cookie = sessionCookieOf(res);
    const list = await json(await ctx.request('GET', '/api/auth/identities', { cookie }));
    expect(list.provider).toEqual({ display_name: 'Acme Login' });
    const [identity] = list.items;
    const refused = await ctx.request('DELETE', `/api/auth/identities/${identity.id}`, { cookie });
    expect(refused.status).toBe(409);
    const body = await json(refused);
    expect(body.error.code).toBe('SSO_LAST_SIGN_IN_METHOD');
    expect(body.error.message).toMatch(/only way to sign in/);
    expect((await json(await ctx.request('GET', '/api/auth/identities', { cookie }))).items).toHaveLength(1);
  });

  it('cannot be started without a provider', async () => {
    const member = await ctx.signInAs('ir_associate');
    const res = await ctx.request('POST', '/api/auth/identities/link', { cookie: member.cookie });
    expect(res.status).toBe(404);
    // The list says so first, so Settings offers no link.
    const list = await ctx.request('GET', '/api/auth/identities', { cookie: member.cookie });
    expect(await json(list)).toEqual({ items: [], provider: null });
  });

  it('are for signed-in members', async () => {
    await ctx.expectGuarded('GET', '/api/auth/identities', 'signed-in');
  });
});
