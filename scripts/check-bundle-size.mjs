#!/usr/bin/env node
// Prints the JavaScript each route downloads before it can be used (gzip), from the built web app
// (apps/web/dist): the entry and what index.html preloads, plus the route's lazily loaded chunks and
// everything they import statically. Fails when the sign-in page's exceeds its budget: it is the page
// every user opens first, often on a phone (docs/architecture.md, "Code splitting").
//
// Usage: node scripts/check-bundle-size.mjs [--dist <apps/web/dist>]   (exit 1 over budget or on a stale table)
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

/**
 * The sign-in page's budget for its first download of JavaScript, gzip (kB of 1000 bytes, as Vite prints).
 * The entry holds the router, whose map of lazy chunks grows by some 60–100 bytes a page: 176 kB leaves
 * room for about ten more pages (docs/architecture.md, "Code splitting").
 */
export const SIGN_IN_BUDGET_BYTES = 176_000;

/** What the signed-in frame loads besides the page (apps/web/src/app/router.tsx). */
const WORKSPACE = ['src/app/guards/require-session.tsx', 'src/app/layout/app-layout.tsx'];

/**
 * Routes of apps/web/src/app/router.tsx and the modules it loads lazily for them (paths relative to apps/web,
 * as the Vite manifest names them). The sign-in page is part of the entry. A module missing from the
 * manifest, or no longer loaded lazily, fails the check: the table has to follow the router.
 */
export const ROUTES = [
  { route: '/auth', lazy: [] },
  { route: '/setup', lazy: ['src/features/setup/setup-page.tsx'] },
  { route: '/inbox', lazy: [...WORKSPACE, 'src/features/inbox/inbox-page.tsx'] },
  { route: '/inbox/:threadId', lazy: [...WORKSPACE, 'src/features/inbox/thread-page.tsx'] },
  { route: '/compose', lazy: [...WORKSPACE, 'src/features/compose/compose-page.tsx'] },
  { route: '/approvals', lazy: [...WORKSPACE, 'src/features/approvals/approvals-page.tsx'] },
  { route: '/projects', lazy: [...WORKSPACE, 'src/features/projects/projects-page.tsx'] },
  { route: '/projects/:id', lazy: [...WORKSPACE, 'src/features/projects/project-page.tsx'] },
  {
    route: '/projects/:id/disclosures',
    lazy: [...WORKSPACE, 'src/features/projects/disclosures-page.tsx'],
  },
  { route: '/analytics', lazy: [...WORKSPACE, 'src/features/analytics/analytics-page.tsx'] },
  { route: '/compliance', lazy: [...WORKSPACE, 'src/features/compliance/compliance-page.tsx'] },
  { route: '/audit', lazy: [...WORKSPACE, 'src/features/audit/audit-page.tsx'] },
  { route: '/reports', lazy: [...WORKSPACE, 'src/features/reports/reports-page.tsx'] },
  { route: '/admin', lazy: [...WORKSPACE, 'src/features/system/admin-page.tsx'] },
  { route: '/admin/invite', lazy: [...WORKSPACE, 'src/features/invitations/invite-users-page.tsx'] },
  { route: '/admin/security', lazy: [...WORKSPACE, 'src/features/system/security-settings-page.tsx'] },
  { route: '/admin/retention', lazy: [...WORKSPACE, 'src/features/system/data-retention-page.tsx'] },
  { route: '/admin/system/email-health', lazy: [...WORKSPACE, 'src/features/email/email-health-page.tsx'] },
  { route: '/settings', lazy: [...WORKSPACE, 'src/features/settings/settings-page.tsx'] },
  { route: '/help', lazy: [...WORKSPACE, 'src/features/help/help-page.tsx'] },
];

/** The files index.html loads as JavaScript at once: its module script and its modulepreload links. */
export function findEntryScripts(indexHtml) {
  const scripts = [...indexHtml.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)].map(
    (m) => m[1],
  );
  const preloads = [...indexHtml.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map(
    (m) => m[1],
  );
  return [...new Set([...scripts, ...preloads])].map((href) => href.replace(/^\//, ''));
}

/**
 * The files a lazily loaded module brings: its chunk and, recursively, the chunks it imports statically
 * (Vite preloads those with it). Throws when the module is not a lazily loaded chunk of the manifest.
 */
export function findLazyFiles(manifest, moduleId) {
  const chunk = manifest[moduleId];
  if (!chunk)
    throw new Error(`${moduleId} is not in the build's manifest: update ROUTES to follow the router`);
  if (!chunk.isDynamicEntry)
    throw new Error(`${moduleId} is no longer loaded lazily: the first page pays for it`);
  const files = new Set();
  const visit = (key) => {
    const entry = manifest[key];
    if (files.has(entry.file)) return;
    files.add(entry.file);
    for (const imported of entry.imports ?? []) visit(imported);
  };
  visit(moduleId);
  return [...files];
}

/** Each route's first JavaScript: the entry's files plus its lazy modules' files, counted once each. */
export function measureRoutes({ indexHtml, manifest, routes, sizeOf }) {
  const entryFiles = findEntryScripts(indexHtml);
  return routes.map(({ route, lazy }) => {
    const files = new Set([...entryFiles, ...lazy.flatMap((moduleId) => findLazyFiles(manifest, moduleId))]);
    const jsFiles = [...files].filter((file) => file.endsWith('.js'));
    return { route, files: jsFiles.length, gzipBytes: jsFiles.reduce((sum, file) => sum + sizeOf(file), 0) };
  });
}

function formatKilobytes(bytes) {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

function main() {
  const { values: args } = parseArgs({ options: { dist: { type: 'string' } } });
  const dist = path.resolve(args.dist ?? path.join(import.meta.dirname, '../apps/web/dist'));
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (!existsSync(manifestFile)) {
    console.error(`No ${manifestFile}: build the web app first (npm run build).`);
    process.exit(1);
  }
  const sizes = new Map();
  const sizeOf = (file) => {
    if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(path.join(dist, file))).length);
    return sizes.get(file);
  };
  let measured;
  try {
    measured = measureRoutes({
      indexHtml: readFileSync(path.join(dist, 'index.html'), 'utf8'),
      manifest: JSON.parse(readFileSync(manifestFile, 'utf8')),
      routes: ROUTES,
      sizeOf,
    });
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  console.log('First JavaScript per route (gzip):');
  for (const { route, files, gzipBytes } of measured) {
    console.log(`  ${route.padEnd(28)} ${formatKilobytes(gzipBytes).padStart(9)}  (${files} files)`);
  }
  const signIn = measured.find(({ route }) => route === '/auth');
  if (signIn.gzipBytes > SIGN_IN_BUDGET_BYTES) {
    console.error(
      `The sign-in page loads ${formatKilobytes(signIn.gzipBytes)} of JavaScript, over its budget of ` +
        `${formatKilobytes(SIGN_IN_BUDGET_BYTES)} (docs/architecture.md, "Code splitting").`,
    );
    process.exit(1);
  }
  console.log(`Sign-in page within its budget of ${formatKilobytes(SIGN_IN_BUDGET_BYTES)}.`);
}

if (import.meta.filename === process.argv[1]) main();
