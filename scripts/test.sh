#!/usr/bin/env bash
# npm test: every test, on a fresh machine after `npm install`. The store
# conformance suite runs on both databases in one go; the HTTP (integration)
# suite runs once on SQLite (the default), then its files whose behaviour
# depends on the database run on PostgreSQL (PG_FILES and PG_BURST_FILES below: several
# instances on one database (also behind haproxy), outages, held resources, sweeps, limits and
# references under concurrency, the dispatcher). Set TEST_PG_URL to use your own
# PostgreSQL server; otherwise Debian's is installed and started (as root) and
# a `sandbox` role is made for the tests.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

as_root_install() { # package, what it is for
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "== installing Debian's $1 for $2"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$1" >/dev/null
  else
    echo "$1 is needed for $2: sudo apt-get install $1" >&2
    exit 1
  fi
}

# Debian's Chromium headless shell (the same Chromium without its windowing: a fifth less CPU than
# the full browser in headless mode, playwright.config.ts): CHROMIUM_PATH names another.
if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}" ]; then
  as_root_install chromium-headless-shell "the browser tests (or set CHROMIUM_PATH)"
fi

# The generated clients are tested with each language's own toolchain: PHP and mypy come from Debian.
if ! command -v php >/dev/null; then as_root_install php-cli "the PHP client's tests"; fi
if ! command -v mypy >/dev/null && ! python3 -m mypy --version >/dev/null 2>&1; then
  as_root_install mypy "type-checking the Python client (tests/unit/client-cores.test.ts)"
fi
for tool in python3 javac java; do
  command -v "$tool" >/dev/null || { echo "$tool is needed for the generated clients' tests (Python 3.8+, JDK 17+)" >&2; exit 1; }
done

# The load-balancer and scrape tests (tests/integration/balancer.test.ts) run Debian's haproxy and prometheus (with promtool).
if ! command -v haproxy >/dev/null; then as_root_install haproxy "the load-balancer test"; fi
if ! command -v prometheus >/dev/null || ! command -v promtool >/dev/null; then as_root_install prometheus "the Prometheus scrape test"; fi

if [ -z "${TEST_PG_URL:-}" ]; then
  if ! command -v pg_ctlcluster >/dev/null; then as_root_install postgresql "the PostgreSQL tests (or set TEST_PG_URL)"; fi
  if [ "$(id -u)" = 0 ]; then
    pg_lsclusters -h | awk 'NR==1 {exit $4 == "online" ? 0 : 1}' || pg_ctlcluster $(pg_lsclusters -h | awk 'NR==1 {print $1" "$2}') start
    su postgres -c "psql -qtAc \"SELECT 1 FROM pg_roles WHERE rolname = 'sandbox'\"" | grep -q 1 \
      || su postgres -c "psql -qc \"CREATE ROLE sandbox LOGIN CREATEDB PASSWORD 'sandbox'\""
  fi
  export TEST_PG_URL="postgresql://sandbox:sandbox@127.0.0.1:$(pg_lsclusters -h | awk 'NR==1 {print $3}')/postgres"
fi

# Suites at once where they share nothing (their own databases, servers and ports): the run is bound
# by the machine's CPU (/proc/stat; the browser's Chromium is a third of it), and a suite alone leaves
# a core idle while it waits (a callback at its scripted time, a browser page, a toolchain), so the
# two cores stay busy only with several at once. Each suite's output is printed when it has ended
# and is waited for, under its name; the run fails if any failed.
declare -A PIDS LOGS
failed=0
SUMMARY="" # each suite's exit and, for one that failed, its failing tests: printed last, so a log's tail shows them
start() { # name command
  LOGS[$1]=$(mktemp)
  ( began=$SECONDS; s=0; bash -c "$2" || s=$?; echo "(took $((SECONDS - began)) s)"; exit $s ) >"${LOGS[$1]}" 2>&1 &
  PIDS[$1]=$!
  echo "== started: $1"
}
finish() { # name
  local s=0
  wait "${PIDS[$1]}" || s=$?
  unset 'PIDS[$1]' # ended and waited for: its id may be another process's by the time a run is stopped
  echo "== $1 (exit $s)"; cat "${LOGS[$1]}"
  SUMMARY+="$1: exit $s"$'\n'
  if [ $s != 0 ]; then
    failed=1 # vitest's FAIL and × lines, Playwright's ✘ lines, then the errors (AssertionError: ...), without their colours
    local plain lines # none for a suite that failed without a test's failure (a lint or type error): its last lines instead
    plain=$(sed 's/\x1b\[[0-9;]*m//g' "${LOGS[$1]}")
    lines=$(grep -aE '^ *(FAIL|×|✘)' <<<"$plain" | sort -u | head -30) || true
    lines+=$(grep -aE '^ *[A-Za-z]*Error:' <<<"$plain" | cut -c1-300 | sort -u | head -10 | sed '1s/^/\n/') || true
    [ -n "$lines" ] || lines=$(tail -n 8 "${LOGS[$1]}")
    SUMMARY+="${lines:+$lines$'\n'}"
  fi
  rm -f "${LOGS[$1]}"
}

# Not on PostgreSQL, as their statements are the store suite's on both databases: the developer tools
# (dev-callbacks: its wait across instances is in multi-instance), the account guards
# (limits-accounts: the sign-in guard under concurrency on two instances is in limits-concurrency),
# our clients in their languages (clients, clients-languages, client-rehearsal: what they test is
# the client; their verdicts across PostgreSQL instances are in multi-instance and balancer), the
# gateway's faults and the float a payout met (gateway-faults, gateway-faults-every-operation,
# float-met: what a fault writes is the gateway store's, under the store suite) and single sign-on
# (oidc: an account found or made by its email, as a sign-up is). receiver-checks runs there only
# its count kept in the database; teams-caps runs only there (two instances on one database). In
# fault-plan, callbacks, verification, teams, passkeys, sandboxes, held, totp, sessions and audit only
# the tests whose subject is the database run there (it.skipIf(onPg()) on the rest): counts and caps
# exact under concurrency or across two instances, a callback sent and resent through the dispatcher,
# an entry and its change in one transaction, a search or a page whose query differs by database; their
# routes, refusals and pages are the same code on both.
PG_FILES=(db-outage busy-probe held float fault-plan limits-held rate-limit sandbox-sweep
  sandboxes at-rest references reference-verdicts callbacks durability receiver-checks nul-text schema-drift passkeys
  teams teams-migration audit account-deletion sessions)
# The other PostgreSQL files, the bursts of 100 requests at once through two or three instances (caps, budgets, guards, a kill -9 under
# 300 pushes, haproxy): they run once the browser and unit suites have ended, beside the SQLite pass only. A burst's
# requests hold row locks; on a machine oversubscribed by every suite at once (load 15 on two cores) a process holding
# one waits for a core, the others queue behind it, and a file that takes 47 s alone took 426 s (teams-caps). The
# machine's work is the same either way: it is moved to where it is not waiting behind Chromium and the compilers.
PG_BURST_FILES=(multi-instance balancer limits-concurrency limits-budgets teams-caps totp verification)
paths() { local f; for f in "$@"; do printf 'tests/integration/%s.test.ts ' "$f"; done; }

# A run stopped part way (Ctrl-C, a CI job cancelled) stops its suites with it: each suite's whole process tree, the
# browser tests' portal too (Playwright starts it in a process group of its own, so a signal to ours misses it).
tree() { local child; if command -v pgrep >/dev/null; then for child in $(pgrep -P "$1"); do tree "$child"; done; fi; echo "$1"; }
stop_suites() {
  local pids=() pid
  for pid in "${PIDS[@]}"; do pids+=($(tree "$pid")); done
  [ ${#pids[@]} = 0 ] || kill -TERM "${pids[@]}" 2>/dev/null || true
}
started=$SECONDS
trap 'printf "== summary\n%s== npm test: %s s\n" "$SUMMARY" "$((SECONDS - started))"' EXIT
stopped() { echo "== stopped: ending the suites still running"; stop_suites; exit "$1"; }
trap 'stopped 130' INT
trap 'stopped 143' TERM
# The store suite needs no build and no server: from the start. The one type check (the route types
# Next writes (next typegen), then tsc over every file; the build does not check again:
# next.config.mjs) beside the lint, then the build (it writes the same route types: not beside it).
start "stores (SQLite and PostgreSQL)" "npx vitest run --config vitest.store.config.ts"
start "lint" "npm run --silent lint"
start "types" "npm run --silent typecheck"
finish "types"
start "build" "npx next build"
finish "lint"
finish "build"
# Then everything that needs the build at once, each on databases and ports of its own (the SQLite
# files data/test-integration*, the PostgreSQL databases sandbox_test_<pid>_*, the browser's portal
# on data/test-e2e.db): the HTTP suite on SQLite, its files whose behaviour depends on the database
# (PG_FILES above: outages, held resources, sweeps, references under concurrency, the dispatcher) on
# PostgreSQL, the browser tests and the unit suite (it reads .next/types, which the build writes); once
# the browser and unit suites have ended, the bursts on PostgreSQL (PG_BURST_FILES above).
start "integration (SQLite)" "env -u TEST_PG_URL npx vitest run --config vitest.integration.config.ts"
start "browser" "npx playwright test"
start "integration (PostgreSQL: ${PG_FILES[*]})" "TEST_DB_FILE=data/test-integration-pg.db npx vitest run --config vitest.integration.config.ts $(paths "${PG_FILES[@]}")"
start "unit" "npx vitest run"
finish "stores (SQLite and PostgreSQL)"
finish "unit"
finish "browser"
start "integration (PostgreSQL, bursts: ${PG_BURST_FILES[*]})" "TEST_DB_FILE=data/test-integration-pg-bursts.db npx vitest run --config vitest.integration.config.ts $(paths "${PG_BURST_FILES[@]}")"
finish "integration (PostgreSQL: ${PG_FILES[*]})"
finish "integration (SQLite)"
finish "integration (PostgreSQL, bursts: ${PG_BURST_FILES[*]})"
exit $failed
