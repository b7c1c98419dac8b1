import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_ORIGIN } from '../../../test/test-app';
import { SIGN_IN_PER_ADDRESS } from '../../auth/rate-limit';
import { auditLogs, rateLimits } from '../../db/schema';

const ctx = await createTestContext();
// Over real TCP, so the limit sees the client address (127.0.0.1) as in production.
const server = serve({ fetch: ctx.app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((resolve) => server.once('listening', resolve));
const { port } = server.address() as AddressInfo;
afterAll(() => new Promise((resolve) => server.close(resolve)));

function signIn(email: string, password: string) {
  return fetch(`http://127.0.0.1:${port}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
    body: JSON.stringify({ email, password }),
  });
}

/** The e-mail an audit entry's details name. */
const sqlEmail = () => sql<string>`${auditLogs.details} ->> 'email'`;

/** Fills the address's window up to `left` failures short of the limit, as an office's morning would. */
async function failuresLeft(left: number) {
  const bucket = 'sign-in:address:127.0.0.1';
  await ctx.db.delete(rateLimits).where(eq(rateLimits.bucket, bucket)); // a rerun on one database
  await ctx.db.insert(rateLimits).values({
    bucket,
    count: SIGN_IN_PER_ADDRESS.limit - left,
    resetAt: new Date(ctx.clock.now().getTime() + SIGN_IN_PER_ADDRESS.windowSeconds * 1000),
  });
}

describe('sign-in attempts per client address', () => {
  it('let an office of many people behind one address fail 20 times and still sign in', async () => {
    const user = await ctx.createUser('ir_associate');
    await ctx.db.delete(rateLimits).where(eq(rateLimits.bucket, 'sign-in:address:127.0.0.1'));
    for (let i = 0; i < 20; i++) {
      const colleague = await ctx.createUser('ir_associate');
      expect((await signIn(colleague.email, 'mistyped password')).status).toBe(401);
    }
    expect((await signIn(user.email, user.password)).status).toBe(200);
  });

  it(`are limited to ${SIGN_IN_PER_ADDRESS.limit} failures in 15 minutes across different e-mails`, async () => {
    const user = await ctx.createUser('ir_associate');
    await failuresLeft(3);
    for (let i = 0; i < 3; i++) expect((await signIn(`guess${i}@parley.test`, 'password')).status).toBe(401);
    const res = await signIn(user.email, user.password);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('records each failure with the client address, and the lockout once in the member’s chain', async () => {
    const user = await ctx.createUser('ir_associate');
    await failuresLeft(5);
    const guesses = Array.from({ length: 5 }, (_, i) => `guess${i}.${user.userId}@parley.test`);
    for (const email of guesses) expect((await signIn(email, 'password')).status).toBe(401);
    expect((await signIn(user.email, user.password)).status).toBe(429);
    expect((await signIn(user.email, user.password)).status).toBe(429);

    // Unknown e-mails belong to no organisation: the system chain (decision 004).
    const unknown = await ctx.db
      .select({ orgId: auditLogs.orgId, details: auditLogs.details })
      .from(auditLogs)
      .where(and(eq(auditLogs.chain, 'system'), inArray(sqlEmail(), guesses)));
    expect(unknown).toHaveLength(5);
    for (const entry of unknown) {
      expect(entry.details).toMatchObject({ reason: 'unknown_email', client_address: '127.0.0.1' });
    }
    const lockouts = await ctx.db
      .select({ actorId: auditLogs.actorId, details: auditLogs.details })
      .from(auditLogs)
      .where(and(eq(auditLogs.orgId, user.orgId), eq(auditLogs.actionType, 'sign_in_failed')));
    expect(lockouts).toEqual([
      {
        actorId: user.userId,
        details: { email: user.email, reason: 'rate_limited', limit: 'address', client_address: '127.0.0.1' },
      },
    ]);
  });
});
