#!/usr/bin/env bash
# Every check and test the project has, in the order a failure is cheapest to find. Each step's
# time is printed when it ends, and all of them together when the run ends (passed or not).
set -euo pipefail
cd "$(dirname "$0")/.."

timings=()
step_name=""
step_started=0

step() {
  end_step
  step_name="$1"
  step_started=$SECONDS
  printf '\n\033[1m== %s ==\033[0m\n' "$1"
}

end_step() {
  if [ -n "$step_name" ]; then
    local took=$((SECONDS - step_started))
    timings+=("$(printf '%4d s  %s' "$took" "$step_name")")
    printf '\033[2m(%s: %d s)\033[0m\n' "$step_name" "$took"
    step_name=""
  fi
}

# The exit status to report is the first argument, else the status the trap was entered with.
summary() {
  local status=${1:-$?}
  end_step
  printf '\n\033[1m== step times (%s after %d s) ==\033[0m\n' \
    "$([ "$status" -eq 0 ] && echo passed || echo FAILED)" "$SECONDS"
  printf '%s\n' "${timings[@]}"
}
trap summary EXIT

# Lint, typecheck and the format check read the sources and change nothing: they run side by
# side, and each one's output is printed whole, in this order, once all have ended.
step "lint, typecheck and format"
checks="$(mktemp -d)"
npm run lint >"$checks/lint" 2>&1 &
lint_pid=$!
npm run typecheck >"$checks/typecheck" 2>&1 &
typecheck_pid=$!
npm run format:check >"$checks/format" 2>&1 &
format_pid=$!
checks_failed=0
for check in lint typecheck format; do
  pid_var="${check}_pid"
  check_status=0
  wait "${!pid_var}" || check_status=$?
  printf '\n\033[1m-- %s (%s) --\033[0m\n' "$check" "$([ "$check_status" -eq 0 ] && echo passed || echo FAILED)"
  cat "$checks/$check"
  [ "$check_status" -eq 0 ] || checks_failed=1
done
rm -rf "$checks"
[ "$checks_failed" -eq 0 ] || exit 1

step "unit tests"
npx vitest run --project contracts --project web --project web-module-mocks --project api-unit

# The build comes before the integration tests: the tests that start the server in a process of
# its own start the built one, and the PostgreSQL and embedded runs below, started together,
# then find it up to date instead of both building it.
step "build"
npm run build

# The API integration tests run on the embedded database (the default engine) and, when
# TEST_DATABASE_URL is set, on PostgreSQL too. The two runs share nothing (PostgreSQL runs get a
# database of their own, and each test file a copy of it), so they run side by side: the
# embedded run's output is kept and printed after the PostgreSQL run's. The files whose subject
# is not storage run on PostgreSQL alone (engineIndependent in vitest.config.ts), and the
# property tests, whose random sequences exercise the same code on either engine, make their
# full count of runs on PostgreSQL and a quarter of it (with a seed of its own) on the embedded
# database. The files whose subject is the embedded engine itself (embeddedEngineOnly) run in
# the embedded run alone. Any failure fails the step, and the output ends with a failing run's own summary.
if [ -z "${TEST_DATABASE_URL:-}" ]; then
  step "API integration tests on the embedded database"
  npx vitest run --project api-integration
else
  logs="$(mktemp -d)"
  env -u TEST_DATABASE_URL API_INTEGRATION_STORAGE_ONLY=1 \
    LEDGER_PROPERTY_RUNS="${LEDGER_PROPERTY_RUNS:-5}" WALLET_PROPERTY_RUNS="${WALLET_PROPERTY_RUNS:-3}" \
    npx vitest run --project api-integration \
    >"$logs/embedded" 2>&1 &
  embedded_pid=$!
  trap 'status=$?; kill "$embedded_pid" 2>/dev/null || true; rm -rf "$logs"; summary "$status"' EXIT
  step "API integration tests on PostgreSQL and on the embedded database (its output follows)"
  postgres_status=0
  API_INTEGRATION_BESIDE_EMBEDDED=1 npx vitest run --project api-integration 2>&1 \
    | tee "$logs/postgres" || postgres_status=$?
  embedded_status=0
  wait "$embedded_pid" || embedded_status=$?
  trap 'status=$?; rm -rf "$logs"; summary "$status"' EXIT
  printf '\n\033[1m== API integration tests on the embedded database ==\033[0m\n'
  cat "$logs/embedded"
  if [ "$postgres_status" -ne 0 ] && [ "$embedded_status" -eq 0 ]; then
    printf '\n\033[1m== API integration tests on PostgreSQL: failed (its failures and summary again) ==\033[0m\n'
    awk '/Failed Tests [0-9]+/ { show = 1 } show { print }' "$logs/postgres" | tail -n 200
  fi
  if [ "$postgres_status" -ne 0 ] || [ "$embedded_status" -ne 0 ]; then exit 1; fi
fi

step "browser tests"
bash scripts/ensure-chromium.sh
npm test -w @refund/e2e
