#!/usr/bin/env node
// `npm run build` and the first half of `npm start`: the web app (apps/web/dist) and the compiled
// server (apps/server/dist), each only when its sources changed since its last build
// (docs/decisions/045-compiled-server.md).
//   node scripts/build.mjs [web|server] [--force]
import { buildServer } from './build-server.mjs';
import { buildWeb } from './build-web.mjs';

const args = process.argv.slice(2);
const force = args.includes('--force');
const only = args.filter((arg) => arg !== '--force');
const targets = { web: buildWeb, server: buildServer };
const unknown = only.filter((name) => !(name in targets));
if (unknown.length > 0) {
  console.error(`Unknown build target ${unknown.join(', ')}: use web, server or neither (both).`);
  process.exit(2);
}
for (const [name, build] of Object.entries(targets)) {
  if (only.length === 0 || only.includes(name)) await build({ force });
}
if (!force) console.log('`npm run build -- --force` rebuilds even what is up to date.');
