#!/usr/bin/env bash
# npm test: every test, on a fresh machine after `npm install`. The store
# conformance suite runs on both databases in one go; the HTTP (integration)
# suite runs once on SQLite (the default), and its files whose behaviour
# depends on the database run on PostgreSQL too (PG_FILES and PG_BURST_FILES below: several
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
  read -r pg_version pg_cluster pg_port pg_status _ < <(pg_lsclusters -h | head -n 1) \
    || { echo "no PostgreSQL cluster (pg_lsclusters): make one (pg_createcluster) or set TEST_PG_URL" >&2; exit 1; } # the first, and only it
  if [ "$(id -u)" = 0 ]; then
    pg_sql() { su postgres -c "psql -p $pg_port -qtAc \"$1\""; }
    [ "$pg_status" = online ] || pg_ctlcluster "$pg_version" "$pg_cluster" start
    pg_sql "SELECT 1 FROM pg_roles WHERE rolname = 'sandbox'" | grep -q 1 || pg_sql "CREATE ROLE sandbox LOGIN CREATEDB PASSWORD 'sandbox'"
    # The two PostgreSQL passes run side by side, each in two workers whose tests start portals of their own (two or
    # three instances on one database, each with up to PG_POOL_MAX + 5 connections): at their peak they want about as
    # many as PostgreSQL's default 100 allows, and past it a test is refused one ("remaining connection slots are
    # reserved"). The cluster started here allows 300; the passes check the server allows TEST_PG_CONNECTIONS (below).
    max_connections=$(pg_sql "SHOW max_connections") || exit 1
    if [ "$max_connections" -lt 300 ]; then
      pg_sql "ALTER SYSTEM SET max_connections = 300"
      pg_ctlcluster "$pg_version" "$pg_cluster" restart
    fi
  fi
  export TEST_PG_URL="postgresql://sandbox:sandbox@127.0.0.1:$pg_port/postgres"
fi
# The connections the two PostgreSQL passes may hold at once (99 at the peak of both started together, 2026-11-30):
# their global set-up (tests/helpers/test-db.ts checkPgConnections) stops the run at once on a server allowing fewer.
export TEST_PG_CONNECTIONS="${TEST_PG_CONNECTIONS:-150}"

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
# The other PostgreSQL files, the bursts of 100 requests at once through two or three instances (caps, budgets, guards, a kill -9
# under 300 pushes, haproxy): last in their lane. A burst's requests hold row locks; on a machine oversubscribed (load 15 on
# two cores) a process holding one waits for a core, the others queue behind it, and a file that takes 47 s alone took 426 s
# (teams-caps).
PG_BURST_FILES=(multi-instance balancer limits-concurrency limits-budgets teams-caps totp verification)
paths() { local f; for f in "$@"; do printf 'tests/integration/%s.test.ts ' "$f"; done; }

# The suites, in two lanes after the build. Alone on two cores (2026-11-29) the browser suite took 437 s using under a core,
# the SQLite pass 390 s at 1.5, the PostgreSQL pass 122 s at 1, the bursts 152 s at 1.5, the unit suite 82 s at 1.2, the
# store suite 68 s at 1.3: two at a time keep both cores busy (99% throughout). All of them at once (load 10-15) kept them
# no busier and made each suite three to eight times slower: a run of 1,352-1,395 s then, 1,272 s in two lanes. Each suite has its own databases, servers and
# ports (the SQLite files data/test-integration*, the PostgreSQL databases sandbox_test_<pid>_*, the browser's portal on
# data/test-e2e.db). Outputs are printed at the end under each suite's name, then the summary; the run fails if any did.
declare -A NAME CMD
ORDER=() LANES=()
RUN=$(mktemp -d)
suite() { NAME[$1]=$2; CMD[$1]=$3; ORDER+=("$1"); } # id name command
run() { # id: the suite now, in this lane; its output and exit into $RUN
  local began=$SECONDS s=0
  echo "== started: ${NAME[$1]}"
  bash -c "${CMD[$1]}" >"$RUN/$1.log" 2>&1 || s=$?
  echo "(took $((SECONDS - began)) s)" >>"$RUN/$1.log"
  echo "$s" >"$RUN/$1.exit"
  echo "== ended: ${NAME[$1]} (exit $s, $((SECONDS - began)) s)"
}
# ids: one after another, beside the other lanes. A lane stopped (Ctrl-C reaches its suite too) starts no further suite:
# a background subshell ignores SIGINT, and would go on to its next suite while the run is being stopped.
lane() { (trap 'exit 130' INT; trap 'exit 143' TERM; for id in "$@"; do run "$id"; done) & LANES+=($!); }
lanes_end() { local pid; for pid in "${LANES[@]}"; do wait "$pid" || true; done; LANES=(); }
report() { # each suite's output, then the summary: a suite's exit and, for one that failed, its failing tests
  trap - INT TERM # once: a signal now ends the run
  local id s plain lines summary="" failed=0
  for id in "${ORDER[@]}"; do
    [ -f "$RUN/$id.log" ] || continue # not started
    s=$(cat "$RUN/$id.exit" 2>/dev/null) || s="stopped" # cut off by a stopped run: its output so far
    echo "== ${NAME[$id]} (exit $s)"; cat "$RUN/$id.log"
    summary+="${NAME[$id]}: exit $s"$'\n'
    if [ "$s" != 0 ]; then
      failed=1 # vitest's FAIL and × lines, Playwright's ✘ lines, then the errors (AssertionError: ..., PostgreSQL's error: ...), without their colours
      plain=$(sed 's/\x1b\[[0-9;]*m//g' "$RUN/$id.log") # none for a suite that failed without a test's failure (a lint or type error): its last lines instead
      lines=$(grep -aE '^ *(FAIL|×|✘)' <<<"$plain" | sort -u | head -30) || true
      lines+=$(grep -aE '^ *([A-Za-z]*Error|error):' <<<"$plain" | cut -c1-300 | sort -u | head -10 | sed '1s/^/\n/') || true
      [ -n "$lines" ] || lines=$(tail -n 8 "$RUN/$id.log")
      summary+="${lines:+$lines$'\n'}"
    fi
  done
  printf "== summary\n%s== npm test: %s s\n" "$summary" "$((SECONDS - started))"
  rm -rf "$RUN"
  return $failed
}

# A run stopped part way (Ctrl-C, a CI job cancelled) stops its suites with it: each lane's whole process tree, the browser
# tests' portal too (Playwright starts it in a process group of its own, so a signal to ours misses it).
tree() { local child; if command -v pgrep >/dev/null; then for child in $(pgrep -P "$1"); do tree "$child"; done; fi; echo "$1"; }
stopped() {
  echo "== stopped: ending the suites still running"
  local pids=() pid
  for pid in "${LANES[@]}"; do pids+=($(tree "$pid")); done
  [ ${#pids[@]} = 0 ] || kill -TERM "${pids[@]}" 2>/dev/null || true
  lanes_end; report || true; exit "$1"
}
started=$SECONDS
trap 'stopped 130' INT
trap 'stopped 143' TERM

suite stores "stores (SQLite and PostgreSQL)" "npx vitest run --config vitest.store.config.ts"
suite lint "lint" "npm run --silent lint"
# The one type check (the route types Next writes (next typegen), then tsc over every file); the build does not check again
# (next.config.mjs). The build writes the same route types: after it, not beside it.
suite types "types" "npm run --silent typecheck"
suite build "build" "npx next build"
# Everything below needs the build (the unit suite reads .next/types).
suite unit "unit" "npx vitest run"
suite browser "browser" "npx playwright test"
suite sqlite "integration (SQLite)" "env -u TEST_PG_URL npx vitest run --config vitest.integration.config.ts"
suite pg "integration (PostgreSQL: ${PG_FILES[*]})" "TEST_DB_FILE=data/test-integration-pg.db npx vitest run --config vitest.integration.config.ts $(paths "${PG_FILES[@]}")"
suite bursts "integration (PostgreSQL, bursts: ${PG_BURST_FILES[*]})" "TEST_DB_FILE=data/test-integration-pg-bursts.db npx vitest run --config vitest.integration.config.ts $(paths "${PG_BURST_FILES[@]}")"

# First the store suite (it needs no build) beside the checks and the build; then two lanes of about the same length
# (the unit suite, the browser tests and the PostgreSQL pass; the SQLite pass and the bursts).
lane stores; lane types build; lane lint; lanes_end
lane unit browser pg; lane sqlite bursts; lanes_end
report
