import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createTestContext, TEST_ORIGIN } from '../../test/test-app';

// A built web app as scripts/build-web.mjs leaves it: a stamped index.html, hashed assets with their
// precompressed copies, an unhashed file too small to compress, and the build's bookkeeping.
const BUILD_ID = '0123456789abcdef';
const script = `export const greeting = 'Hello from Parley';\n`.repeat(64);
const indexHtml = `<!doctype html><meta name="parley-build" content="${BUILD_ID}"><title>Parley</title><div id="root"></div>${'<!-- padding -->'.repeat(80)}`;
const webDist = mkdtempSync(path.join(tmpdir(), 'parley-web-'));
mkdirSync(path.join(webDist, 'assets'));
mkdirSync(path.join(webDist, '.vite'));
const write = (file: string, content: string | Buffer) => writeFileSync(path.join(webDist, file), content);
for (const [file, content] of [
  ['index.html', indexHtml],
  ['assets/app-123.js', script],
] as const) {
  write(file, content);
  write(`${file}.br`, brotliCompressSync(content));
  write(`${file}.gz`, gzipSync(content));
}
write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
write('.vite/manifest.json', '{"src/main.tsx":{}}');
write('.source-fingerprint', 'abc');

const ctx = await createTestContext({}, { webDist });

function get(url: string, headers: Record<string, string> = {}) {
  return ctx.app.request(`${TEST_ORIGIN}${url}`, { headers });
}

async function bytesOf(res: Response) {
  return Buffer.from(await res.arrayBuffer());
}

describe('precompressed static files', () => {
  it('sends the brotli copy when the browser accepts it, with the type and caching of the file', async () => {
    const res = await get('/assets/app-123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = await bytesOf(res);
    expect(res.headers.get('content-length')).toBe(String(body.length));
    expect(brotliDecompressSync(body).toString()).toBe(script);
  });

  it('sends the gzip copy to a browser without brotli, or one that refuses it', async () => {
    for (const accept of ['gzip, deflate', 'br;q=0, gzip', 'gzip;q=1, br;q=0.5']) {
      const res = await get('/assets/app-123.js', { 'accept-encoding': accept });
      expect(res.headers.get('content-encoding'), accept).toBe('gzip');
      expect(gunzipSync(await bytesOf(res)).toString()).toBe(script);
    }
  });

  it('sends the file as it is without Accept-Encoding, still saying that the answer varies by it', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'gzip;q=0, br;q=0' },
    ]) {
      const res = await get('/assets/app-123.js', headers);
      expect(res.headers.get('content-encoding')).toBeNull();
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      expect(await res.text()).toBe(script);
    }
  });

  it('answers HEAD with the headers of the GET and no body', async () => {
    const res = await ctx.app.request(`${TEST_ORIGIN}/assets/app-123.js`, {
      method: 'HEAD',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-length')).toBe(String(brotliCompressSync(script).length));
    expect((await bytesOf(res)).length).toBe(0);
  });

  it('answers a byte range from the plain file', async () => {
    const res = await get('/assets/app-123.js', { range: 'bytes=0-9', 'accept-encoding': 'br' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('content-range')).toBe(`bytes 0-9/${Buffer.byteLength(script)}`);
    expect(await res.text()).toBe(script.slice(0, 10));
  });

  it('tags each encoding apart and answers a matching If-None-Match or If-Modified-Since with 304', async () => {
    const br = await get('/assets/app-123.js', { 'accept-encoding': 'br' });
    const plain = await get('/assets/app-123.js');
    const etag = br.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(plain.headers.get('etag')).not.toBe(etag);

    const again = await get('/assets/app-123.js', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect((await bytesOf(again)).length).toBe(0);
    const otherTag = await get('/assets/app-123.js', { 'if-none-match': etag });
    expect(otherTag.status).toBe(200);
    const since = await get('/favicon.svg', {
      'if-modified-since': new Date(Date.now() + 60_000).toUTCString(),
    });
    expect(since.status).toBe(304);
  });

  it('sends a file without copies as it is, and an unhashed one to be revalidated', async () => {
    const res = await get('/favicon.svg', { 'accept-encoding': 'br, gzip' });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toBeNull();
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('last-modified')).toBeTruthy();
  });
});

describe('the SPA and missing files', () => {
  it('serves index.html, compressed, for a client route, to be revalidated before each use', async () => {
    const res = await get('/inbox/123', { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(brotliDecompressSync(await bytesOf(res)).toString()).toBe(indexHtml);
    expect(await (await get('/')).text()).toBe(indexHtml);
  });

  it.each([
    '/assets/app-old.js',
    '/assets/index-old.css',
    '/assets/',
    '/logo.png',
    '/assets/app-123.js.br',
    '/.vite/manifest.json',
    '/.source-fingerprint',
    '/..%2f..%2fpackage.json',
    '/assets/%E0%A4%A.js',
  ])('answers %s, a file that is not there to be had, with a plain 404', async (url) => {
    const res = await get(url, { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).not.toContain('<div id="root">');
  });
});

describe('the build id', () => {
  it('is named on API answers and on the page, as index.html was stamped', async () => {
    for (const url of ['/api/health', '/api/no-such-thing', '/inbox', '/assets/app-123.js']) {
      expect((await get(url)).headers.get('x-parley-build'), url).toBe(BUILD_ID);
    }
    const head = await ctx.app.request(`${TEST_ORIGIN}/`, { method: 'HEAD' });
    expect(head.headers.get('x-parley-build')).toBe(BUILD_ID);
  });
});
