import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../test/test-app';

const http = await createTestContext();
const https = await createTestContext({ APP_ORIGIN: 'https://parley.test' });
/** The page's origin is the configured one: writes from it pass the CSRF check. */
const headersOf = (ctx: typeof http) => ({ origin: ctx.config.appOrigin });

async function signedIn(ctx: typeof http) {
  const user = await ctx.createUser('ir_associate');
  const res = await ctx.request('POST', '/api/auth/sign-in', {
    body: { email: user.email, password: user.password },
    headers: headersOf(ctx),
  });
  expect(res.status).toBe(200);
  const setCookie = res.headers.get('set-cookie') ?? '';
  const token = /parley_session=([^;]+)/.exec(setCookie)?.[1] ?? '';
  return { setCookie, token };
}

const sessionWith = (ctx: typeof http, cookie: string) => ctx.request('GET', '/api/auth/session', { cookie });

describe('the session cookie name', () => {
  it('is __Host- prefixed over https: Secure, Path=/, no Domain, and only that name is read', async () => {
    const { setCookie, token } = await signedIn(https);
    expect(setCookie).toMatch(/^__Host-parley_session=[^;]+;/);
    expect(setCookie).toMatch(/; Secure/);
    expect(setCookie).toMatch(/; Path=\//);
    expect(setCookie).not.toMatch(/Domain=/i);
    expect((await sessionWith(https, `__Host-parley_session=${token}`)).status).toBe(200);
    expect((await sessionWith(https, `parley_session=${token}`)).status).toBe(401);

    const out = await https.request('POST', '/api/auth/sign-out', {
      cookie: `__Host-parley_session=${token}`,
      headers: headersOf(https),
    });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/^__Host-parley_session=;/);
    expect((await sessionWith(https, `__Host-parley_session=${token}`)).status).toBe(401);
  });

  it('is the plain name over http, where browsers refuse the prefix, and only that name is read', async () => {
    const { setCookie, token } = await signedIn(http);
    expect(setCookie).toMatch(/^parley_session=[^;]+;/);
    expect(setCookie).not.toMatch(/; Secure/);
    expect((await sessionWith(http, `parley_session=${token}`)).status).toBe(200);
    expect((await sessionWith(http, `__Host-parley_session=${token}`)).status).toBe(401);
  });
});
