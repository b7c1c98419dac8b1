import { readFileSync } from 'node:fs';
import { type Capability, ROLES, type Role, rolesWith, SESSION_COOKIE } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, expect, inject } from 'vitest';
import { createApp } from '../src/app';
import { SessionCache } from '../src/auth/session-cache';
import { loadConfig } from '../src/config';
import { createPglite, type Database, openPostgres, type StatementHook, wrapPglite } from '../src/db/client';
import type { Drafter } from '../src/features/drafts/drafter';
import type { EmailDeps } from '../src/features/email/email.service';
import { createOutboxMailer, type Mailer } from '../src/features/email/mailer';
import { deriveUnsubscribeKey } from '../src/features/email/unsubscribe-token';
import { createOrganization } from '../src/features/organizations/organizations.service';
import type { DocumentExtractor } from '../src/features/projects/document-extractor';
import { settleReportGeneration } from '../src/features/reports/reports.service';
import { createMember } from '../src/features/users/users.service';
import { fixedClock } from '../src/lib/clock';
import { generateToken } from '../src/lib/crypto';
import { createLogger, type Logger } from '../src/lib/logger';
import { base32Decode, hotp, totpStep } from '../src/lib/totp';
import { TEST_AUDIT_SIGNER } from './audit-keys';
import { buildMember, uniqueSuffix } from './factories';

export { TEST_AUDIT_SIGNER };

export const TEST_ORIGIN = 'http://parley.test';
export const TEST_ENCRYPTION_KEY = Buffer.alloc(32, 7);

/**
 * The database of this test file: a copy of the migrated PGlite template, or the CI PostgreSQL.
 * `empty` gives a PostgreSQL database of the file's own, for tests of what happens with no users or
 * that start server processes on it (its `url`).
 */
export async function openTestDatabase(
  options: { empty?: boolean; onStatement?: StatementHook } = {},
): Promise<Database & { url?: string }> {
  const url = process.env.TEST_DATABASE_URL;
  const { onStatement } = options;
  if (process.env.TEST_DB === 'postgres' && url) {
    if (!options.empty) return openPostgres(url, { max: 10, onStatement });
    const name = `${new URL(url).pathname.slice(1)}_${uniqueSuffix()}`;
    const ownDatabase = async (statement: string) => {
      const admin = openPostgres(url, { max: 1 });
      await admin.db.execute(sql.raw(statement));
      await admin.close();
    };
    await ownDatabase(`create database "${name}"`);
    const own = new URL(url);
    own.pathname = `/${name}`;
    const database = openPostgres(own.toString(), { max: 10, onStatement });
    await database.migrate();
    return {
      ...database,
      /** For a process of its own (a second server instance) to open. */
      url: own.toString(),
      close: async () => {
        await database.close();
        await ownDatabase(`drop database if exists "${name}" with (force)`);
      },
    };
  }
  const template = new Blob([readFileSync(inject('pgliteTemplate'))]);
  return wrapPglite(await createPglite({ loadDataDir: template }), { onStatement });
}

/** Errors go to console.error, which fails the test unless the test expects it. */
export const testLogger: Logger = {
  ...createLogger('silent'),
  error: (message, fields) => console.error(message, fields),
};

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;

/**
 * The time limit of a test that makes a context of its own: starting an embedded database takes
 * seconds, and on a loaded 2-core machine more than a test's usual 30 (a wait, not an assertion).
 */
export const STARTS_A_DATABASE_MS = 120_000;

/**
 * A real app on a real database for one test file, with a clock the test moves. Each test makes
 * its own organisation and members, so tests share no rows and no order.
 */
export async function createTestContext(
  env: Record<string, string> = {},
  options: {
    webDist?: string;
    emptyDatabase?: boolean;
    mailer?: Mailer;
    /** A test that reads the log lines passes its own (keep errors on console.error, like testLogger). */
    logger?: Logger;
    /** A drafter other than the one config chooses (a remote one with short time limits, say). */
    drafter?: Drafter;
    /** A document extractor with other limits (short time, small memory) than the process's own. */
    documentExtractor?: DocumentExtractor;
    /** Sees every statement the app sends, before it runs (the crash-safety test). */
    onStatement?: StatementHook;
  } = {},
) {
  const logger = options.logger ?? testLogger;
  const database = await openTestDatabase({ empty: options.emptyDatabase, onStatement: options.onStatement });
  const clock = fixedClock(new Date());
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_ORIGIN: TEST_ORIGIN, ...env });
  const mailer =
    options.mailer ?? createOutboxMailer({ from: 'Parley <no-reply@parley.test>', announce: () => {} });
  // Started like the server's (main.ts), so session checks are cached from the first request.
  const sessionCache = new SessionCache({ database, logger });
  await sessionCache.start();
  const app = createApp({
    config,
    database,
    logger,
    clock,
    mailer,
    sessionCache,
    encryptionKey: TEST_ENCRYPTION_KEY,
    auditSigner: TEST_AUDIT_SIGNER,
    webDist: options.webDist,
    ...(options.drafter ? { drafter: options.drafter } : {}),
    ...(options.documentExtractor ? { documentExtractor: options.documentExtractor } : {}),
  });
  // A report a request started generating in the background ends before its database closes.
  afterAll(async () => {
    await settleReportGeneration(database.db);
    await database.close();
  });
  const deps = { db: database.db, clock };
  /** What the audit services need: the database, the clock and the test signing key. */
  const auditDeps = { db: database.db, clock, auditSigner: TEST_AUDIT_SIGNER, logger };
  const emailDeps: EmailDeps = {
    db: database.db,
    clock,
    mailer,
    logger,
    appOrigin: TEST_ORIGIN,
    unsubscribeKey: deriveUnsubscribeKey(TEST_ENCRYPTION_KEY),
  };

  async function createOrg(name = `Org ${generateToken().slice(0, 8)}`) {
    return database.db.transaction((tx) => createOrganization(tx, clock, { name, actorId: null }));
  }

  async function createUser(role: Role, orgId?: string) {
    const member = buildMember({ role, orgId: orgId ?? (await createOrg()) });
    const userId = await createMember(deps, { ...member, actorId: null });
    return { userId, orgId: member.orgId, email: member.email, password: member.password, role };
  }

  /** A same-origin JSON request, as the web app sends it. */
  function request(
    method: string,
    path: string,
    options: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { origin: TEST_ORIGIN, ...options.headers };
    if (method !== 'GET' && method !== 'HEAD') headers['content-type'] ??= 'application/json';
    if (options.cookie) headers.cookie = options.cookie;
    const body =
      options.body === undefined ? (method === 'GET' ? undefined : '{}') : JSON.stringify(options.body);
    return app.request(`${TEST_ORIGIN}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
  }

  async function signIn(email: string, password: string) {
    return request('POST', '/api/auth/sign-in', { body: { email, password } });
  }

  /** The TOTP secrets of users enrolled through these helpers, and the last step each one used. */
  const totpOf = new Map<string, { secret: string; lastStep: number }>();

  /**
   * A code of the user's authenticator that the server has not accepted yet: the current step, or
   * the next one (the window accepts one step ahead); past that, the clock moves on a step.
   */
  function nextTotpCode(userId: string): string {
    const totp = totpOf.get(userId);
    if (!totp) throw new Error(`no TOTP secret known for ${userId}`);
    let now = totpStep(clock.now());
    if (totp.lastStep >= now + 1) {
      clock.advance((totp.lastStep - now) * 30_000);
      now = totpStep(clock.now());
    }
    const step = Math.max(now, totp.lastStep + 1);
    totp.lastStep = step;
    return hotp(base32Decode(totp.secret), step);
  }

  /** Enrols the signed-in user's authenticator; returns the new (aal2) cookie and the recovery codes. */
  async function enrolTotp(cookie: string, userId: string, headers?: Record<string, string>) {
    const setup = await request('POST', '/api/mfa/totp/setup', { cookie, headers });
    expect(setup.status, 'MFA setup').toBe(200);
    const { secret } = (await setup.json()) as { secret: string };
    totpOf.set(userId, { secret, lastStep: -1 });
    const res = await request('POST', '/api/mfa/totp/verify-enrollment', {
      cookie,
      headers,
      body: { code: nextTotpCode(userId) },
    });
    expect(res.status, 'MFA enrolment').toBe(200);
    const body = (await res.json()) as { success: boolean; recovery_codes: string[] };
    expect(body.success, 'MFA enrolment').toBe(true);
    return { cookie: sessionCookieOf(res), secret, recoveryCodes: body.recovery_codes };
  }

  /** Verifies a signed-in (aal1) session with the next code; returns the new (aal2) cookie. */
  async function verifyTotp(cookie: string, userId: string, headers?: Record<string, string>) {
    const res = await request('POST', '/api/mfa/totp/verify-login', {
      cookie,
      headers,
      body: { code: nextTotpCode(userId), use_recovery: false },
    });
    expect(res.status, 'MFA verification').toBe(200);
    expect(((await res.json()) as { success: boolean }).success, 'MFA verification').toBe(true);
    return sessionCookieOf(res);
  }

  /**
   * Signs a user in with their password and, unless told to stop at aal1, finishes the MFA step the
   * server asks for (enrol or verify) the way the web app does: the cookie returned is usable.
   */
  async function signInUser(
    user: { userId: string; email: string; password: string },
    options: { mfa?: 'complete' | 'pending'; headers?: Record<string, string> } = {},
  ) {
    const res = await request('POST', '/api/auth/sign-in', {
      body: { email: user.email, password: user.password },
      headers: options.headers,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { mfa: 'none' | 'verify' | 'enroll' };
    let cookie = sessionCookieOf(res);
    if (options.mfa !== 'pending') {
      if (body.mfa === 'enroll') cookie = (await enrolTotp(cookie, user.userId, options.headers)).cookie;
      if (body.mfa === 'verify') cookie = await verifyTotp(cookie, user.userId, options.headers);
    }
    return { cookie, mfa: body.mfa };
  }

  /**
   * A member of a fresh (or the given) organisation, signed in: its cookie header. Admins (and
   * everyone where MFA is enforced) are enrolled with a computed code, so the session is complete;
   * `{ mfa: 'pending' }` stops at the aal1 session the password gives.
   */
  async function signInAs(role: Role, orgId?: string, options: { mfa?: 'complete' | 'pending' } = {}) {
    const user = await createUser(role, orgId);
    const { cookie, mfa } = await signInUser(user, options);
    return { ...user, cookie, mfa };
  }

  /**
   * STYLE.md's shared authorization test: 401 without a session, 403 for every role that lacks
   * the capability, and not 401/403 for the roles that have it.
   */
  async function expectGuarded(
    method: string,
    path: string,
    capability: Capability | 'signed-in',
    body?: unknown,
  ) {
    const anonymous = await request(method, path, { body });
    expect(anonymous.status, `${method} ${path} without a session`).toBe(401);
    const allowed = capability === 'signed-in' ? [...ROLES] : rolesWith(capability);
    for (const role of ROLES) {
      const { cookie } = await signInAs(role);
      const res = await request(method, path, { body, cookie });
      if (allowed.includes(role))
        expect([401, 403], `${method} ${path} as ${role}`).not.toContain(res.status);
      else expect(res.status, `${method} ${path} as ${role}`).toBe(403);
    }
  }

  return {
    app,
    database,
    sessionCache,
    db: database.db,
    clock,
    config,
    deps,
    auditDeps,
    emailDeps,
    createOrg,
    createUser,
    request,
    signIn,
    signInAs,
    signInUser,
    enrolTotp,
    verifyTotp,
    nextTotpCode,
    totpOf,
    expectGuarded,
  };
}

/** The session cookie a response set, under the name it used (`__Host-` prefixed over https). */
export function sessionCookieOf(res: Response): string {
  const setCookie = res.headers.get('set-cookie') ?? '';
  const match = new RegExp(`((?:__Host-)?${SESSION_COOKIE})=([^;]*)`).exec(setCookie);
  if (!match?.[2]) throw new Error(`no session cookie in: ${setCookie}`);
  return `${match[1]}=${match[2]}`;
}

/** The database's own message of a failed query (Drizzle wraps it as the cause). */
export async function databaseErrorOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    return cause instanceof Error ? cause.message : String(error);
  }
  throw new Error('expected the query to fail');
}

/** A response body for assertions: tests reach into it freely and let the assertions check shapes. */
// biome-ignore lint/suspicious/noExplicitAny: assertions check the shape
export async function json(res: Response): Promise<any> {
  return res.json();
}
