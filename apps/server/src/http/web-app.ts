import { createReadStream, existsSync, readFileSync, type Stats, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import type { createApiRouter } from './router';

/**
 * The built SPA (apps/web/dist) as the server serves it (docs/architecture.md, "Static files"): files with
 * their precompressed copies, index.html for client routes, a plain 404 for a file that is not there.
 */
export type WebApp = {
  root: string;
  /** The build the SPA was stamped with (docs/decisions/047-build-id-and-new-version-offer.md); null if none. */
  buildId: string | null;
};

/** Sent on every answer, so an open tab learns of a deploy from the calls it makes anyway (decision 047). */
export const BUILD_HEADER = 'X-Parley-Build';

/** Hashed file names: a changed file gets a new name, so a copy may be kept for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and the unhashed files beside it: kept, but asked about (a 304) before each use. */
const REVALIDATE = 'no-cache';

/** Precompressed copies the build writes (scripts/precompress.mjs), in the order we prefer them. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;
type Encoding = (typeof ENCODINGS)[number];

/** Reads the built app's index.html and the build id stamped in it; throws when the app is not built. */
export function loadWebApp(webDist: string): WebApp {
  const root = path.resolve(webDist);
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile))
    throw new Error(`The web app is not built: ${indexFile} is missing (npm run build)`);
  const buildId = /<meta name="parley-build" content="([^"]+)"/.exec(readFileSync(indexFile, 'utf8'));
  return { root, buildId: buildId?.[1] ?? null };
}

/**
 * The encodings a request's Accept-Encoding allows among ours, best first: by its q-values, then brotli
 * before gzip. `*` stands for any encoding it does not name; `q=0` refuses one.
 */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  if (!header) return [];
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    if (name) weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  return ENCODINGS.map((encoding) => ({
    encoding,
    weight: weights.get(encoding.name) ?? weights.get('*') ?? 0,
  }))
    .filter(({ weight }) => weight > 0)
    .sort((a, b) => b.weight - a.weight)
    .map(({ encoding }) => encoding);
}

function statFile(file: string): Stats | null {
  try {
    const stats = statSync(file);
    return stats.isFile() ? stats : null;
  } catch {
    return null;
  }
}

/** Size and time of the representation sent: each encoding of a file has its own tag. */
function entityTag(stats: Stats): string {
  return `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
}

function isNotModified(c: Context, etag: string, stats: Stats): boolean {
  const ifNoneMatch = c.req.header('If-None-Match');
  if (ifNoneMatch) return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
  const ifModifiedSince = Date.parse(c.req.header('If-Modified-Since') ?? '');
  return Number.isFinite(ifModifiedSince) && Math.floor(stats.mtimeMs / 1000) * 1000 <= ifModifiedSince;
}

type SendOptions = {
  cacheControl: string;
  /** Answers a Range request (the plain file's bytes, through @hono/node-server); without it, ranges are ignored. */
  ranges?: MiddlewareHandler;
};

/**
 * Sends `file` (under the app's root), or its precompressed copy when the request accepts that encoding;
 * null when there is no such file.
 */
async function sendFile(c: Context, root: string, relative: string, options: SendOptions) {
  const file = path.join(root, relative);
  const stats = statFile(file);
  if (!stats) return null;
  c.header('Cache-Control', options.cacheControl);
  const variants = ENCODINGS.filter((encoding) => statFile(file + encoding.suffix));
  if (variants.length > 0) c.header('Vary', 'Accept-Encoding');
  if (options.ranges && c.req.header('Range')) {
    const ranged = await options.ranges(c, async () => {});
    if (ranged) return ranged;
  }

  const chosen = acceptedEncodings(c.req.header('Accept-Encoding')).find((encoding) =>
    variants.includes(encoding),
  );
  const sentFile = chosen ? file + chosen.suffix : file;
  const sentStats = chosen ? (statFile(sentFile) ?? stats) : stats;
  const etag = entityTag(sentStats);
  c.header('ETag', etag);
  c.header('Last-Modified', sentStats.mtime.toUTCString());
  if (isNotModified(c, etag, sentStats)) return c.body(null, 304);

  c.header('Content-Type', getMimeType(file) ?? 'application/octet-stream');
  if (chosen) c.header('Content-Encoding', chosen.name);
  c.header('Content-Length', String(sentStats.size));
  if (c.req.method === 'HEAD') return c.body(null, 200);
  return c.body(Readable.toWeb(createReadStream(sentFile)) as ReadableStream, 200);
}

/** The decoded path of a request, or null when it cannot name one of our files. */
function decodedPath(urlPath: string): string | null {
  try {
    const decoded = decodeURIComponent(urlPath);
    return decoded.includes('\\') || decoded.includes('\0') ? null : path.posix.normalize(decoded);
  } catch {
    return null;
  }
}

/** A path naming a file (under /assets/, a dot-file, or with an extension) rather than a client route. */
export function isFilePath(urlPath: string): boolean {
  return urlPath.startsWith('/assets/') || urlPath.includes('/.') || /\.[a-z0-9]+$/i.test(urlPath);
}

/**
 * Registers the web app after the API: its files, then index.html for any other GET (the SPA's client
 * routes). A file that is not there — an old tab asking for a chunk a deploy replaced — is a plain 404,
 * never the page, whose HTML the browser would fail to run as a script.
 */
export function serveWebApp(app: ReturnType<typeof createApiRouter>, web: WebApp) {
  const ranges = serveStatic({ root: web.root });
  app.get('*', async (c) => {
    const urlPath = decodedPath(c.req.path);
    // The build's bookkeeping (.vite/manifest.json, .source-fingerprint) and the compressed copies are
    // not addressed directly.
    if (urlPath && !urlPath.includes('/.') && !/\.(br|gz)$/.test(urlPath)) {
      const cacheControl = urlPath.startsWith('/assets/') ? IMMUTABLE : REVALIDATE;
      const sent = await sendFile(c, web.root, urlPath, { cacheControl, ranges });
      if (sent) return sent;
    }
    if (!urlPath || isFilePath(urlPath)) {
      c.header('Cache-Control', 'no-store');
      return c.text('Not found', 404);
    }
    return (
      (await sendFile(c, web.root, 'index.html', { cacheControl: REVALIDATE })) ?? c.text('Not found', 404)
    );
  });
}
