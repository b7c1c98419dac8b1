import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  TEST_AUDIT_SIGNER,
  TEST_ENCRYPTION_KEY,
  TEST_ORIGIN,
  testLogger,
} from '../../test/test-app';
import { createApp } from '../app';
import { type Database, openPostgres } from '../db/client';
import { users, webauthnCredentials } from '../db/schema';
import { createOutboxMailer } from '../features/email/mailer';
import { SESSION_CACHE_TTL_MS, SessionCache } from './session-cache';
import { isSessionReadStatement } from './sessions';

let sessionReads = 0;
const countSessionReads = (statement: string) => {
  if (isSessionReadStatement(statement)) sessionReads += 1;
};

const ctx = await createTestContext({}, { onStatement: countSessionReads });

/**
 * A second server instance on the same database: its own pool on PostgreSQL (so its LISTEN and
 * queries are another client's), the same PGlite otherwise; always its own session cache.
 */
async function secondInstance(options: { monotonic?: () => number } = {}) {
  const url = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  const database: Database = url
    ? openPostgres(url, { max: 2, onStatement: countSessionReads })
    : ctx.database;
  if (url) afterAll(() => database.close());
  const sessionCache = new SessionCache({ database, logger: testLogger, ...options });
  await sessionCache.start();
  const app = createApp({
    config: ctx.config,
    database,
    logger: testLogger,
    clock: ctx.clock,
    mailer: createOutboxMailer({ from: 'Parley <no-reply@parley.test>', announce: () => {} }),
    encryptionKey: TEST_ENCRYPTION_KEY,
    auditSigner: TEST_AUDIT_SIGNER,
    sessionCache,
  });
  const session = (cookie: string) =>
    app.request(`${TEST_ORIGIN}/api/auth/session`, { headers: { cookie, origin: TEST_ORIGIN } });
  return { app, sessionCache, session };
}

/** Asks until the answer is 401; how long that took, or null if it never came within `limitMs`. */
async function msUntilRefused(
  ask: () => Response | Promise<Response>,
  limitMs: number,
): Promise<number | null> {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    if ((await ask()).status === 401) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return null;
}

describe('session cache', () => {
  it('checks a session against the database once, then answers from memory', async () => {
    const { cookie } = await ctx.signInAs('ir_associate');
    // A sign-in is a write, which leaves the cache empty: the first check reads, the next ones do not.
    sessionReads = 0;
    for (let i = 0; i < 4; i++) {
      expect((await ctx.request('GET', '/api/auth/session', { cookie })).status).toBe(200);
    }
    expect(sessionReads).toBe(1);
    expect(ctx.sessionCache.size).toBeGreaterThan(0);
  });

  it('refuses a session revoked on one instance on another within a second', async () => {
    const other = await secondInstance();
    const { cookie } = await ctx.signInAs('ir_director');
    expect((await other.session(cookie)).status).toBe(200);
    expect(other.sessionCache.size).toBeGreaterThan(0);

    expect((await ctx.request('POST', '/api/auth/sign-out', { cookie })).status).toBe(204);
    // The generous limit is the wait's, the assertion is the second.
    const took = await msUntilRefused(() => other.session(cookie), 10_000);
    expect(took, 'the other instance still accepted the revoked session').not.toBeNull();
    expect(took).toBeLessThan(1_000);
  });

  it('refuses a deactivated member everywhere within a second, whoever changed the row', async () => {
    const other = await secondInstance();
    const { cookie, userId } = await ctx.signInAs('ir_associate');
    expect((await other.session(cookie)).status).toBe(200);
    expect((await ctx.request('GET', '/api/auth/session', { cookie })).status).toBe(200);

    await ctx.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, userId));
    for (const ask of [
      () => other.session(cookie),
      () => ctx.request('GET', '/api/auth/session', { cookie }),
    ]) {
      const took = await msUntilRefused(ask, 10_000);
      expect(took, 'a deactivated member was still let in').not.toBeNull();
      expect(took).toBeLessThan(1_000);
    }
  });

  it('asks for the second factor everywhere within a second once a passkey is added', async () => {
    const other = await secondInstance();
    const { cookie, userId } = await ctx.signInAs('ir_associate');
    const mfaOf = async (res: Response | Promise<Response>) =>
      ((await (await res).json()) as { mfa: string }).mfa;
    expect(await mfaOf(other.session(cookie))).toBe('none');

    await ctx.db.insert(webauthnCredentials).values({
      userId,
      credentialId: `cred-${userId}`,
      publicKey: Buffer.from([1, 2, 3]),
      deviceType: 'singleDevice',
      backedUp: false,
      name: 'Laptop',
    });
    const started = performance.now();
    while ((await mfaOf(other.session(cookie))) !== 'verify' && performance.now() - started < 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('refuses at once, on the instance that changed it, a session its own request revoked', async () => {
    const first = await ctx.signInAs('ir_associate');
    const second = await ctx.signInUser(first);
    expect((await ctx.request('GET', '/api/auth/session', { cookie: first.cookie })).status).toBe(200);
    const listed = await ctx.request('GET', '/api/auth/sessions', { cookie: second.cookie });
    const sessions = ((await listed.json()) as { items: { id: string; current: boolean }[] }).items;
    const firstSession = sessions.find((s) => !s.current);
    expect(firstSession).toBeDefined();

    const revoked = await ctx.request('DELETE', `/api/auth/sessions/${firstSession?.id}`, {
      cookie: second.cookie,
    });
    expect(revoked.status).toBe(204);
    expect((await ctx.request('GET', '/api/auth/session', { cookie: first.cookie })).status).toBe(401);
  });

  it('reads the database again once an entry is older than the TTL', async () => {
    let now = 0;
    const other = await secondInstance({ monotonic: () => now });
    const { cookie } = await ctx.signInAs('ir_associate');
    expect((await other.session(cookie)).status).toBe(200);
    sessionReads = 0;
    now += SESSION_CACHE_TTL_MS - 1;
    expect((await other.session(cookie)).status).toBe(200);
    expect(sessionReads).toBe(0);
    now += 1;
    expect((await other.session(cookie)).status).toBe(200);
    expect(sessionReads).toBe(1);
  });

  it('keeps nothing while its LISTEN is down, and starts again empty', async () => {
    let onState: (listening: boolean) => void = () => {};
    // The real database and LISTEN; the test only learns the state callback, to say the connection dropped.
    const database: Pick<Database, 'db' | 'listen'> = {
      db: ctx.db,
      listen: (channel, onPayload, state) => {
        onState = state ?? (() => {});
        return ctx.database.listen(channel, onPayload, state);
      },
    };
    const cache = new SessionCache({ database, logger: testLogger });
    await cache.start();
    const { cookie } = await ctx.signInAs('ir_associate');
    const token = decodeURIComponent(cookie.split('=')[1] ?? '');
    expect(await cache.find(ctx.clock, token)).not.toBeNull();
    expect(cache.size).toBe(1);

    onState(false);
    expect(cache.size).toBe(0);
    expect(await cache.find(ctx.clock, token)).not.toBeNull();
    expect(cache.size).toBe(0);

    onState(true);
    expect(await cache.find(ctx.clock, token)).not.toBeNull();
    expect(cache.size).toBe(1);
  });

  it('still refuses an idle session it holds, by the clock of the request', async () => {
    const { cookie } = await ctx.signInAs('ir_associate');
    expect((await ctx.request('GET', '/api/auth/session', { cookie })).status).toBe(200);
    expect((await ctx.request('GET', '/api/auth/session', { cookie })).status).toBe(200);
    ctx.clock.advance(31 * 60_000);
    expect((await ctx.request('GET', '/api/auth/session', { cookie })).status).toBe(401);
  });
});
