#!/usr/bin/env bash
# Starts Parley for the end-to-end tests on a fresh embedded database with the demo users.
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf "$DATA_DIR"
node --import tsx apps/server/src/seed/seed-demo.ts >/dev/null
# The compiled server, as `npm start` runs it (docs/decisions/045-compiled-server.md); built here when
# out of date, so `npm run test:e2e` alone works too.
node scripts/build.mjs server >/dev/null
exec node apps/server/dist/main.mjs
