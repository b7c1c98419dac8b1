#!/usr/bin/env bash
# Starts Parley for the end-to-end tests on a fresh embedded database with the demo users.
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf "$DATA_DIR"
node --import tsx apps/server/src/seed/seed-demo.ts >/dev/null
exec node --import tsx apps/server/src/main.ts
