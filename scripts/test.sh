#!/usr/bin/env bash
# npm test: every check, cheapest first, stopping at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n\033[1m== %s ==\033[0m\n' "$1"; }

step "typecheck"
npm run --silent typecheck
step "lint"
npm run --silent lint
step "unit and API tests (vitest)"
npx vitest run --project shared --project brand-model --project server --project server-isolated --project web --project web-isolated
step "build the web app"
npm run --silent build
step "browser tests (playwright on /usr/bin/chromium)"
npm run --silent test:e2e
