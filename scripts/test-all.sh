#!/usr/bin/env bash
# Everything CI checks, in the order that fails fastest: lint, import rules, types, unit and API tests, build and
# its size budget, E2E.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

bash scripts/ensure-chromium.sh
npx biome check --error-on-warnings .
npm run lint:imports
npm run test:scripts
npm run typecheck
npx vitest run
npm run build
npm run check:bundle-size
npx playwright test
