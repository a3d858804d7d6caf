#!/usr/bin/env bash
# npm test: every check, cheapest first, stopping at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n\033[1m== %s ==\033[0m\n' "$1"; }

# The typecheck (tsc) and the lint (eslint, then prettier) use about one core each: side by side on a 2-core machine
# they took 86 s instead of 97 s one after the other (30 Nov 2026). Each one's output is shown whole.
step "typecheck and lint, side by side"
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
npm run --silent typecheck >"$logs/typecheck" 2>&1 &
typecheck=$!
npm run --silent lint >"$logs/lint" 2>&1 &
lint=$!
failed=0
finished() { # name pid
  if wait "$2"; then printf -- '-- %s: passed\n' "$1"; else printf -- '-- %s: failed\n' "$1"; failed=1; fi
  cat "$logs/$1"
}
finished typecheck "$typecheck"
finished lint "$lint"
((failed == 0))
step "unit and API tests (vitest)"
npx vitest run --project shared --project brand-model --project server --project server-isolated --project web --project web-isolated
step "build the web app"
npm run --silent build
step "browser tests (playwright on /usr/bin/chromium)"
npm run --silent test:e2e
