#!/usr/bin/env bash
# Every check and test the project has, in the order a failure is cheapest to find.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s ==\033[0m\n' "$1"; }

step "lint"
npm run lint
step "format"
npm run format:check
step "typecheck"
npm run typecheck

step "unit tests"
npx vitest run --project contracts --project web --project api-unit

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "API integration tests on PostgreSQL (TEST_DATABASE_URL)"
else
  step "API integration tests on the embedded database"
fi
npx vitest run --project api-integration

step "browser tests"
npm run test:e2e
