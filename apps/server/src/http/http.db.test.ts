import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { describe, expect, it } from 'vitest';
import { createTestContext, json, TEST_ORIGIN } from '../../test/test-app';
import type { AppEnv } from './env';
import { createErrorHandler } from './errors';
import { apiRoutesOf, assertEveryRouteHasPolicy, ROUTE_POLICIES } from './policy';

const webDist = mkdtempSync(path.join(tmpdir(), 'parley-web-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Parley</title><div id="root"></div>');
writeFileSync(path.join(webDist, 'assets', 'app-123.js'), 'console.log(1)');
mkdirSync(path.join(webDist, '.vite'));
writeFileSync(path.join(webDist, '.vite', 'manifest.json'), '{"src/main.tsx":{}}');
writeFileSync(path.join(webDist, '.source-fingerprint'), 'abc');

const ctx = await createTestContext({}, { webDist });

describe('security headers', () => {
  it.each(['/api/health', '/inbox', '/'])('are on every response (%s)', async (url) => {
    const res = await ctx.request('GET', url);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('forbids caching of API answers but lets hashed assets be cached', async () => {
    expect((await ctx.request('GET', '/api/health')).headers.get('cache-control')).toBe('no-store');
    const asset = await ctx.request('GET', '/assets/app-123.js');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await ctx.request('GET', '/inbox/123')).headers.get('cache-control')).toBe('no-cache');
  });

  it('serves the SPA for client routes and a JSON 404 for unknown API paths', async () => {
    expect(await (await ctx.request('GET', '/no/such/page')).text()).toContain('<div id="root">');
    // The build's bookkeeping files stay on the server (more in web-app.db.test.ts).
    for (const file of ['/.vite/manifest.json', '/.source-fingerprint']) {
      expect((await ctx.request('GET', file)).status).toBe(404);
    }
    const api = await ctx.request('GET', '/api/no-such-thing');
    expect(api.status).toBe(404);
    expect((await json(api)).error.code).toBe('NOT_FOUND');
  });
});

describe('cross-origin and content-type protection', () => {
  const post = (headers: Record<string, string>, body = '{}') =>
    ctx.app.request(`${TEST_ORIGIN}/api/auth/sign-out`, { method: 'POST', headers, body });

  it('refuses a state-changing JSON request from another origin', async () => {
    const res = await post({ 'content-type': 'application/json', origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect((await json(res)).error.code).toBe('CROSS_ORIGIN');
  });

  it('refuses a request the browser marks cross-site, whatever its Origin', async () => {
    const res = await post({ 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' });
    expect(res.status).toBe(403);
  });

  it('refuses a form-encoded or text body, which a plain HTML form could send', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await post({ 'content-type': type, origin: TEST_ORIGIN });
      expect(res.status, type).toBe(415);
    }
  });

  it('accepts same-origin requests, by the configured origin or by the Host they were sent to', async () => {
    expect((await post({ 'content-type': 'application/json', origin: TEST_ORIGIN })).status).toBe(204);
    const viaHost = await ctx.app.request('http://127.0.0.1:3000/api/auth/sign-out', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: 'http://127.0.0.1:3000',
        host: '127.0.0.1:3000',
      },
      body: '{}',
    });
    expect(viaHost.status).toBe(204);
  });

  it('refuses a cookie-carrying write with neither Origin nor Sec-Fetch-Site, under either cookie name', async () => {
    const { cookie } = await ctx.signInAs('ir_associate');
    const token = cookie.split('=')[1] ?? '';
    for (const sent of [cookie, `__Host-parley_session=${token}`]) {
      const res = await post({ 'content-type': 'application/json', cookie: sent });
      expect(res.status, sent).toBe(403);
      expect((await json(res)).error).toMatchObject({
        code: 'CROSS_ORIGIN',
        message: 'Cross-origin requests are not allowed.',
      });
    }
    // The refused sign-out did not happen.
    expect((await ctx.request('GET', '/api/auth/session', { cookie })).status).toBe(200);
    const fetchSiteOnly = await post({
      'content-type': 'application/json',
      'sec-fetch-site': 'same-origin',
      cookie,
    });
    expect(fetchSiteOnly.status).toBe(204);
  });

  it('lets a write without a session cookie through with neither header, as API tools send it', async () => {
    expect((await post({ 'content-type': 'application/json' })).status).toBe(204);
  });

  it('refuses bodies over 64 KB with 413', async () => {
    const res = await post(
      { 'content-type': 'application/json', origin: TEST_ORIGIN },
      JSON.stringify({ x: 'a'.repeat(70_000) }),
    );
    expect(res.status).toBe(413);
    expect((await json(res)).error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('access policies', () => {
  it('has a policy for every API route, and every non-public route refuses an anonymous call', async () => {
    const routes = apiRoutesOf(ctx.app.routes);
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) {
      const policy = ROUTE_POLICIES[route.key];
      expect(policy, route.key).toBeDefined();
      if (policy === 'public') continue;
      const res = await ctx.request(
        route.method,
        route.path.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000'),
      );
      expect(res.status, `${route.method} ${route.path}`).toBe(401);
    }
  });

  it('fails the start when a route has no policy or a policy has no route', () => {
    const known = Object.keys(ROUTE_POLICIES).map((key) => {
      const [method = '', routePath = ''] = key.split(' ');
      return { method, path: routePath };
    });
    expect(() => assertEveryRouteHasPolicy(known)).not.toThrow();
    expect(() => assertEveryRouteHasPolicy([...known, { method: 'DELETE', path: '/api/users/:id' }])).toThrow(
      /without an access policy: DELETE \/api\/users\/:id/,
    );
    expect(() => assertEveryRouteHasPolicy(known.slice(1))).toThrow(/naming no route/);
  });
});

describe('GET /api/health', () => {
  it('names the database it runs on', async () => {
    const res = await ctx.request('GET', '/api/health');
    expect(await json(res)).toEqual({
      status: 'ok',
      database: process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite',
    });
  });
});

describe('unexpected errors', () => {
  it('answer a bare 500 with a request id and log the detail instead of returning it', async () => {
    const logged: Record<string, unknown>[] = [];
    const logger = {
      debug() {},
      info() {},
      warn() {},
      error: (_m: string, f?: Record<string, unknown>) => logged.push(f ?? {}),
    };
    const app = new Hono<AppEnv>()
      .use(requestId())
      .get('/boom', () => {
        throw new Error('connection string postgres://secret');
      })
      .onError(createErrorHandler(logger));
    const res = await app.request('/boom');
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain('secret');
    const { error } = JSON.parse(text);
    expect(error.code).toBe('INTERNAL');
    expect(logged).toEqual([
      expect.objectContaining({ requestId: error.requestId, error: expect.stringContaining('secret') }),
    ]);
  });
});
