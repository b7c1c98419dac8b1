import { describe, expect, it } from 'vitest';
import { createTestContext, json } from '../../test/test-app';

/** The addresses a member's sessions were signed in from, as Settings lists them. */
async function sessionAddresses(ctx: Awaited<ReturnType<typeof createTestContext>>, forwardedFor: string) {
  const user = await ctx.createUser('ir_associate');
  const res = await ctx.request('POST', '/api/auth/sign-in', {
    body: { email: user.email, password: user.password },
    headers: { 'x-forwarded-for': forwardedFor },
  });
  expect(res.status).toBe(200);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const list = await json(await ctx.request('GET', '/api/auth/sessions', { cookie }));
  return list.items.map((s: { client_address: string | null }) => s.client_address);
}

// Made before the tests, as each file's context is: on a loaded machine each start of an embedded
// database takes seconds, which a test's own time limit should not have to hold.
const untrusting = await createTestContext();
const one = await createTestContext({ TRUST_PROXY_HOPS: '1' });
const two = await createTestContext({ TRUST_PROXY_HOPS: '2' });

describe('the client address behind proxies (TRUST_PROXY_HOPS)', () => {
  it('ignores X-Forwarded-For unless proxies are trusted', async () => {
    // In-process requests have no TCP peer: nothing to record but what a header claims.
    expect(await sessionAddresses(untrusting, '203.0.113.7')).toEqual([null]);
  });

  it('takes the address the outermost trusted proxy saw, not what the client wrote before it', async () => {
    expect(await sessionAddresses(one, '198.51.100.9, 203.0.113.7')).toEqual(['203.0.113.7']);
    expect(await sessionAddresses(one, '::ffff:203.0.113.8')).toEqual(['203.0.113.8']);
    // Not an address where the proxy would have put one: the header did not come through it.
    expect(await sessionAddresses(one, 'evil, not-an-address')).toEqual([null]);
    expect(await sessionAddresses(two, '198.51.100.9, 203.0.113.7')).toEqual(['198.51.100.9']);
    // Fewer entries than trusted proxies: the request did not pass them all.
    expect(await sessionAddresses(two, '203.0.113.7')).toEqual([null]);
  });
});
