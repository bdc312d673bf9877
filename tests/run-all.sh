#!/usr/bin/env bash
# The whole test command: contract/codegen check, type-check, lint, unit + machine + server
# tests, the production build with its bundle budget, and the browser tests. Every suite runs
# even when an earlier one fails; the last line is the total over all of them.
#
# The suites run in two lanes side by side (the machine has two cores and no suite keeps both
# busy alone). Each step's output goes to its own log under .tmp/test-logs and is printed in one
# piece when the step ends, followed by its time, so the two lanes never interleave their lines.
set -uo pipefail
cd "$(dirname "$0")/.."
results=.tmp/test-results
logs=.tmp/test-logs
rm -rf "$results" "$logs" && mkdir -p "$results" "$logs"
started=$SECONDS

check() { # name, command...: a non-vitest check counts as one test
  local name=$1; shift
  echo "::: $name"
  if "$@"; then echo '{"passed":1,"failed":0,"skipped":0}' > "$results/$name.json"
  else echo '{"passed":0,"failed":1,"skipped":0}' > "$results/$name.json"; echo "!!! $name failed"; fi
}

suite() { # name, vitest args...
  local name=$1; shift
  echo "::: $name"
  # --cache=false: two suites of one checkout run at once and would share vitest's results cache
  # file (node_modules/.vite/vitest); without it, files are ordered as on a clean clone.
  npx vitest run "$@" --cache=false --reporter=default --reporter=json --outputFile.json="$results/$name.vitest.json" || echo "!!! $name had failures"
  node -e '
    const fs = require("fs"); const [src, dst] = process.argv.slice(1);
    let r = { numPassedTests: 0, numFailedTests: 1, numPendingTests: 0, numTodoTests: 0 };
    try { r = JSON.parse(fs.readFileSync(src, "utf8")); } catch {}
    // A file that failed to load has no failed test of its own: count it once.
    const brokenFiles = (r.testResults || []).filter((f) => f.status === "failed" && !(f.assertionResults || []).some((a) => a.status === "failed")).length;
    fs.writeFileSync(dst, JSON.stringify({ passed: r.numPassedTests, failed: r.numFailedTests + brokenFiles, skipped: r.numPendingTests + r.numTodoTests }));
  ' "$results/$name.vitest.json" "$results/$name.json"
}

step() { # name, command...: runs one step with its output in a log, printed whole when it ends
  local name=$1; shift
  local t0=$SECONDS TIMEFORMAT='%0U %0S'
  { time "$@" > "$logs/$name.log" 2>&1; } 2> "$logs/$name.cpu"
  local cpu; cpu=$(awk '{ print $1 + $2 }' "$logs/$name.cpu")
  echo "$name $((SECONDS - t0)) $cpu" >> "$logs/times"
  {
    flock 9
    cat "$logs/$name.log"
    echo "::: $name took $((SECONDS - t0)) s, $cpu s of CPU (ended at $((SECONDS - started)) s)"
  } 9> "$logs/.print-lock"
}

after() { # waits until step $1 of the other lane has ended
  while ! grep -q "^$1 " "$logs/times" 2>/dev/null; do sleep 1; done
}

# Suites that sign in hundreds of times but measure nothing about hashing run with a cheaper
# scrypt (server/passwords.ts hashCost); the attack suites (security) keep the real cost, all but
# the hostile-input fuzzer, which checks answers and rows, not time (88 → 50 s at the cheap cost).
cheap_hash=16384

# PostgreSQL 15 for the server suite's second run and the one-file proof: a private cluster on a
# free port (Debian's package is installed first when missing), one database per test server,
# removed at the end.
pg_url='' pg_dir=''
if pg_env=$(bash tests/support/postgres.sh start); then
  pg_dir=$(sed -n 's/^PG_TEST_DIR=//p' <<<"$pg_env")
  pg_url=$(sed -n 's/^TEST_DATABASE_URL=//p' <<<"$pg_env")
  trap 'bash tests/support/postgres.sh stop "$pg_dir"' EXIT
fi

# The server suite runs its files in one process, one after another (--isolate=false): each
# file started a fresh process that imported and evaluated the whole server again, about two
# thirds of the suite's CPU. Every file starts its own server on its own data dir or database, so
# nothing of one file's state reaches the next. A file that replaces a module with vi.mock needs
# a module graph of its own: those run in a second, isolated run (named <suite>-isolated).
server_suite() { # name
  local name=$1 mocked
  mocked=$(grep -l 'vi\.mock(' tests/server/*.test.ts)
  suite "$name" tests/server --isolate=false $(printf -- '--exclude=%s ' $mocked)
  [ -n "$mocked" ] && suite "$name-isolated" $mocked
}

server_pg() {
  if [ -z "$pg_url" ]; then
    echo '{"passed":0,"failed":1,"skipped":0}' > "$results/server-pg.json"; echo "!!! server-pg: PostgreSQL did not start"; return
  fi
  ( export PASSWORD_HASH_N=$cheap_hash TEST_DATABASE=postgres TEST_DATABASE_URL="$pg_url"; server_suite server-pg )
}

engine() {
  # The one-file proof (a new entity from one schema file, end to end in a copy of the project):
  # its schema-change migration runs on SQLite and on this PostgreSQL; needs Chromium.
  if [ -n "$pg_url" ]; then ( export TEST_DATABASE_URL="$pg_url"; suite engine tests/engine )
  else suite engine tests/engine; fi
}

# The one-file proof runs in whichever lane is free first (mkdir is the lock): which lane that is
# depends on the machine's load (the browser tests alone were once as long as all of lane 1, and
# on a quiet machine lane 1 is the longer by ~3 minutes).
engine_in_free_lane() {
  mkdir "$logs/.engine-claimed" 2>/dev/null || return 0
  after chromium
  step engine engine
}

# Lane 1: the static checks, then the suites that need neither the build nor a browser, then the
# security suite (serves the build).
lane1() {
  step codegen-fresh check codegen-fresh npx tsx codegen/generate.ts --check
  step typecheck check typecheck npx tsc -p tsconfig.json
  step lint check lint npx eslint .
  PASSWORD_HASH_N=$cheap_hash step unit suite unit tests/unit tests/machines tests/contract
  PASSWORD_HASH_N=$cheap_hash step server server_suite server
  step server-pg server_pg
  after build
  step security suite security tests/security --exclude=tests/security/fuzz.test.ts
  PASSWORD_HASH_N=$cheap_hash step security-fuzz suite security-fuzz tests/security/fuzz.test.ts
  engine_in_free_lane
}

# Lane 2: the build (the security and browser suites serve it), Chromium, the bundle budget,
# the browser tests (and the one-file proof when lane 1 has not taken it).
lane2() {
  step build check build npm run build --silent
  step chromium check chromium bash tests/support/ensure-chromium.sh
  # Opens every public page and admin screen and sums the gzip JavaScript it fetched; prints the
  # figures and fails when a budget is exceeded.
  [ -f scripts/bundle-budget.ts ] && E2E_BUILT_SERVER=1 step bundle-budget check bundle-budget npx tsx scripts/bundle-budget.ts
  # E2E_BUILT_SERVER: the browser tests start the server just built (tests/e2e/harness.ts).
  E2E_BUILT_SERVER=1 PASSWORD_HASH_N=$cheap_hash step e2e suite e2e --config tests/e2e/vitest.config.ts
  engine_in_free_lane
}

lane1 & lane1_pid=$!
lane2 & lane2_pid=$!
wait "$lane1_pid" "$lane2_pid"
if [ -n "$pg_dir" ]; then bash tests/support/postgres.sh stop "$pg_dir"; trap - EXIT; fi

echo "::: wall $((SECONDS - started)) s; each step's wall and CPU seconds: $(sort -k2 -n -r "$logs/times" | awk '{ printf "%s %s/%s  ", $1, $2, $3 }')"
node -e '
  const fs = require("fs"); const dir = process.argv[1];
  let passed = 0, failed = 0, skipped = 0;
  for (const f of fs.readdirSync(dir).filter((f) => f.endsWith(".json") && !f.endsWith(".vitest.json"))) {
    const r = JSON.parse(fs.readFileSync(dir + "/" + f, "utf8"));
    passed += r.passed; failed += r.failed; skipped += r.skipped;
    console.log(`${f.replace(/\.json$/, "").padEnd(16)} ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ""}`);
  }
  console.log(`${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ""));
  process.exit(failed ? 1 : 0);
' "$results"
