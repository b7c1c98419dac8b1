import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_ORIGIN } from '../../../test/test-app';
import { rateLimits } from '../../db/schema';

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

describe('sign-in attempts per client address', () => {
  it('are limited to 20 failures in 15 minutes across different e-mails', async () => {
    const user = await ctx.createUser('ir_associate');
    await ctx.db.delete(rateLimits).where(eq(rateLimits.bucket, 'sign-in:address:127.0.0.1')); // a rerun on one database
    for (let i = 0; i < 20; i++) expect((await signIn(`guess${i}@parley.test`, 'password')).status).toBe(401);
    const res = await signIn(user.email, user.password);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
