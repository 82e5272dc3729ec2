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

# The API integration tests run on the embedded database (the default engine) and, when
# TEST_DATABASE_URL is set, on PostgreSQL too. The two runs share nothing (PostgreSQL runs get a
# database of their own), and both mostly wait on jobs and timers, so they run side by side: the
# embedded run's output is kept and printed after the PostgreSQL run's. Any failure fails the
# step, and the output ends with a failing run's own summary.
if [ -z "${TEST_DATABASE_URL:-}" ]; then
  step "API integration tests on the embedded database"
  npx vitest run --project api-integration
else
  logs="$(mktemp -d)"
  env -u TEST_DATABASE_URL npx vitest run --project api-integration >"$logs/embedded" 2>&1 &
  embedded_pid=$!
  trap 'kill "$embedded_pid" 2>/dev/null || true; rm -rf "$logs"' EXIT
  step "API integration tests on PostgreSQL (TEST_DATABASE_URL; the embedded run's output follows)"
  postgres_status=0
  npx vitest run --project api-integration 2>&1 | tee "$logs/postgres" || postgres_status=$?
  embedded_status=0
  wait "$embedded_pid" || embedded_status=$?
  trap 'rm -rf "$logs"' EXIT
  step "API integration tests on the embedded database"
  cat "$logs/embedded"
  if [ "$postgres_status" -ne 0 ] && [ "$embedded_status" -eq 0 ]; then
    step "API integration tests on PostgreSQL: failed (its failures and summary again)"
    awk '/Failed Tests [0-9]+/ { show = 1 } show { print }' "$logs/postgres" | tail -n 200
  fi
  if [ "$postgres_status" -ne 0 ] || [ "$embedded_status" -ne 0 ]; then exit 1; fi
fi

step "browser tests"
npm run test:e2e
