import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { type Capability, ROLES, type Role, rolesWith, SESSION_COOKIE } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, expect, inject } from 'vitest';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Database, openPostgres, wrapPglite } from '../src/db/client';
import type { EmailDeps } from '../src/features/email/email.service';
import { createOutboxMailer, type Mailer } from '../src/features/email/mailer';
import { deriveUnsubscribeKey } from '../src/features/email/unsubscribe-token';
import { createOrganization } from '../src/features/organizations/organizations.service';
import { createMember } from '../src/features/users/users.service';
import { fixedClock } from '../src/lib/clock';
import { generateToken } from '../src/lib/crypto';
import { createLogger, type Logger } from '../src/lib/logger';

export const TEST_ORIGIN = 'http://parley.test';
export const TEST_ENCRYPTION_KEY = Buffer.alloc(32, 7);

/**
 * The database of this test file: a copy of the migrated PGlite template, or the CI PostgreSQL.
 * `empty` gives a PostgreSQL database of the file's own, for tests of what happens with no users.
 */
export async function openTestDatabase(options: { empty?: boolean } = {}): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB === 'postgres' && url) {
    if (!options.empty) return openPostgres(url, { max: 10 });
    const name = `${new URL(url).pathname.slice(1)}_${generateToken()
      .slice(0, 8)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, 'x')}`;
    const ownDatabase = async (statement: string) => {
      const admin = openPostgres(url, { max: 1 });
      await admin.db.execute(sql.raw(statement));
      await admin.close();
    };
    await ownDatabase(`create database "${name}"`);
    const own = new URL(url);
    own.pathname = `/${name}`;
    const database = openPostgres(own.toString(), { max: 10 });
    await database.migrate();
    return {
      ...database,
      close: async () => {
        await database.close();
        await ownDatabase(`drop database if exists "${name}" with (force)`);
      },
    };
  }
  const template = new Blob([readFileSync(inject('pgliteTemplate'))]);
  return wrapPglite(await PGlite.create({ loadDataDir: template }));
}

/** Errors go to console.error, which fails the test unless the test expects it. */
const testLogger: Logger = {
  ...createLogger('silent'),
  error: (message, fields) => console.error(message, fields),
};

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;

/**
 * A real app on a real database for one test file, with a clock the test moves. Each test makes
 * its own organisation and members, so tests share no rows and no order.
 */
export async function createTestContext(
  env: Record<string, string> = {},
  options: { webDist?: string; emptyDatabase?: boolean; mailer?: Mailer } = {},
) {
  const database = await openTestDatabase({ empty: options.emptyDatabase });
  const clock = fixedClock(new Date());
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_ORIGIN: TEST_ORIGIN, ...env });
  const mailer = options.mailer ?? createOutboxMailer({ announce: () => {} });
  const app = createApp({
    config,
    database,
    logger: testLogger,
    clock,
    mailer,
    encryptionKey: TEST_ENCRYPTION_KEY,
    webDist: options.webDist,
  });
  afterAll(() => database.close());
  const deps = { db: database.db, clock };
  const emailDeps: EmailDeps = {
    db: database.db,
    clock,
    mailer,
    logger: testLogger,
    appOrigin: TEST_ORIGIN,
    unsubscribeKey: deriveUnsubscribeKey(TEST_ENCRYPTION_KEY),
  };

  async function createOrg(name = `Org ${generateToken().slice(0, 8)}`) {
    return database.db.transaction((tx) => createOrganization(tx, clock, { name, actorId: null }));
  }

  async function createUser(role: Role, orgId?: string) {
    const org = orgId ?? (await createOrg());
    const email = `${role}.${generateToken()
      .slice(0, 10)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, 'x')}@parley.test`;
    const password = `pw-${generateToken()}`;
    const userId = await createMember(deps, {
      email,
      password,
      name: `Test ${role}`,
      role,
      orgId: org,
      actorId: null,
    });
    return { userId, orgId: org, email, password, role };
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

  /** A member of a fresh (or the given) organisation, signed in: its cookie header. */
  async function signInAs(role: Role, orgId?: string) {
    const user = await createUser(role, orgId);
    const res = await signIn(user.email, user.password);
    expect(res.status).toBe(200);
    return { ...user, cookie: sessionCookieOf(res) };
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
    db: database.db,
    clock,
    config,
    deps,
    emailDeps,
    createOrg,
    createUser,
    request,
    signIn,
    signInAs,
    expectGuarded,
  };
}

export function sessionCookieOf(res: Response): string {
  const setCookie = res.headers.get('set-cookie') ?? '';
  const match = new RegExp(`${SESSION_COOKIE}=([^;]*)`).exec(setCookie);
  if (!match?.[1]) throw new Error(`no session cookie in: ${setCookie}`);
  return `${SESSION_COOKIE}=${match[1]}`;
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
