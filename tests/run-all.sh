#!/usr/bin/env bash
# The whole test command: contract/codegen check, type-check, lint, unit + machine + server
# tests, the production build with its bundle budget, and the browser tests. Every suite runs
# even when an earlier one fails; the last line is the total over all of them.
#
# The steps run side by side, up to four at once (TEST_SLOTS), each as soon as the steps it needs
# have ended (see `steps` below). Each step's output goes to its own log under .tmp/test-logs and
# is printed in one piece when the step ends, followed by its time, so steps never interleave
# their lines; .tmp/test-logs/times has each step's wall and CPU seconds.
set -uo pipefail
cd "$(dirname "$0")/.."
results=.tmp/test-results
logs=.tmp/test-logs
# .tmp/transitions: what the unit lane's actors took, for the transition gate (a fresh list each run).
rm -rf "$results" "$logs" .tmp/transitions && mkdir -p "$results" "$logs"
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

# Suites that sign in hundreds of times but measure nothing about hashing run with a cheaper
# scrypt (server/features/identity/passwords.ts hashCost); the security files that measure hashing keep the real
# cost (see security below). The lowest cost hashCost takes (2^10, about 2 ms of CPU a hash against
# 36 ms at 2^14): eight sign-in-heavy server files 14.0 → 11.3 s of CPU, 16 → 10 s wall; the
# whole SQLite server suite passes the same 653 tests.
cheap_hash=1024

# PostgreSQL 15 for the server suite's second run and the one-file proof: a private cluster on a
# free port (Debian's package is installed first when missing), one database per test server,
# removed at the end. Started as a step of its own (initdb takes seconds) beside the first ones;
# the steps that need it wait for it and read its address from $logs/postgres.env.
postgres() {
  local env
  if env=$(bash tests/support/postgres.sh start); then echo "$env" > "$logs/postgres.env"; echo "$env"
  else echo "!!! PostgreSQL did not start"; fi
}
pg_var() { sed -n "s/^$1=//p" "$logs/postgres.env" 2>/dev/null; }
stop_postgres() {
  local dir; dir=$(pg_var PG_TEST_DIR)
  [ -n "$dir" ] && bash tests/support/postgres.sh stop "$dir"
  rm -f "$logs/postgres.env"
}
trap stop_postgres EXIT

# The server suite runs its files in one process, one after another (--isolate=false): each
# file started a fresh process that imported and evaluated the whole server again, about two
# thirds of the suite's CPU. Every file starts its own server on its own data dir or database, so
# nothing of one file's state reaches the next. A file that replaces a module with vi.mock needs
# a module graph of its own: those run in a second, isolated run (named <suite>-isolated), with
# the first shard.
# Each database's run is in two shards by file (vitest's --shard), each a step of its own: one
# process spends most of its time waiting on the database, on child processes and on the fakes'
# deliberate slowness, one request after another, so whole it was the run's longest step
# (server-pg 800 s of a quiet run's 804–842, at 177 s of CPU); two halves wait side by side for
# a second process's import of the server (about 8 s of CPU).
server_suite() { # name shard(i/n)
  local name=$1 shard=$2 mocked
  mocked=$(grep -rl --include='*.test.ts' 'vi\.mock(' tests/server)
  suite "$name" tests/server --isolate=false --shard="$shard" $(printf -- '--exclude=%s ' $mocked)
  [ -n "$mocked" ] && [ "${shard%/*}" = 1 ] && suite "$name-isolated" $mocked
}

server_pg() { # shard(i/n)
  local url name=server-pg-${1%/*}; url=$(pg_var TEST_DATABASE_URL)
  if [ -z "$url" ]; then
    echo '{"passed":0,"failed":1,"skipped":0}' > "$results/$name.json"; echo "!!! $name: PostgreSQL did not start"; return
  fi
  ( export PASSWORD_HASH_N=$cheap_hash TEST_DATABASE=postgres TEST_DATABASE_URL="$url"; server_suite "$name" "$1" )
}

# Two machines, rehearsed: two API processes (the server just built) behind Debian's nginx with
# the deployment's own site configuration, sharing only this PostgreSQL and the media store
# (tests/deploy/two-machines.test.ts); nginx is installed first when missing.
two_machines() {
  local url; url=$(pg_var TEST_DATABASE_URL)
  if [ -z "$url" ]; then
    echo '{"passed":0,"failed":1,"skipped":0}' > "$results/two-machines.json"; echo "!!! two-machines: PostgreSQL did not start"; return
  fi
  if ! bash tests/support/ensure-nginx.sh; then
    echo '{"passed":0,"failed":1,"skipped":0}' > "$results/two-machines.json"; echo "!!! two-machines: nginx could not be installed"; return
  fi
  ( export PASSWORD_HASH_N=$cheap_hash TEST_DATABASE=postgres TEST_DATABASE_URL="$url"; suite two-machines tests/deploy )
}

# The unit, machine and contract files share one module graph (--isolate=false), as the server
# suite's do: a fresh graph (jsdom, React, the schemas) per file was three quarters of the lane's
# CPU (94 → 22 s alone on a quiet machine). The msw double serves them all and each file starts
# from its seed (tests/support/unit-setup.ts). A file that replaces a global or a module, or starts
# an msw server of its own, needs a graph of its own: those run in a second, isolated run.
unit_suite() {
  local isolated
  isolated=$(grep -rlE 'vi\.stubGlobal|vi\.mock\(|letMswReadUploads|setupServer\(' tests/unit tests/machines tests/contract | grep -v '^tests/machines/server\.ts$')
  suite unit tests/unit tests/machines tests/contract --isolate=false $(printf -- '--exclude=%s ' $isolated)
  [ -n "$isolated" ] && suite unit-isolated $isolated
}

engine() {
  # The one-file proof (a new entity from one schema file, end to end in a copy of the project):
  # its schema-change migration runs on SQLite and on this PostgreSQL; needs Chromium.
  local url; url=$(pg_var TEST_DATABASE_URL)
  if [ -n "$url" ]; then ( export TEST_DATABASE_URL="$url"; suite engine tests/engine )
  else suite engine tests/engine; fi
}

# The security suite: the files that measure something about password hashing (the cost stored,
# equal time for unknown accounts and wrong passwords, a flood of sign-ups hashed one at a time)
# keep the real scrypt cost; the others check answers and rows, not hashing, and run at the cheap
# cost like the server suite (the hostile-input fuzzer: 88 → 50 s). It starts the server just
# built (E2E_BUILT_SERVER: tests/e2e/harness.ts), without tsx's transform at each start.
hashing_files='tests/security/passwords.test.ts tests/security/abuse.test.ts'
security() { suite security $hashing_files; }
# The cheap-cost files run in one process, one after another (--isolate=false), as the server
# suite's do: each starts its own server, and none replaces a module (six of them: 17 → 12 s of CPU).
security_cheap() {
  ( export PASSWORD_HASH_N=$cheap_hash; suite security-cheap tests/security --isolate=false $(printf -- '--exclude=%s ' $hashing_files) )
}

# The steps, each with the steps it needs first ("-" for none), in the order they are started:
# the longest chain first (the build, then the browser tests), then the other steps longest
# first, so the short ones fill the gaps at the end. Up to $TEST_SLOTS steps (default 5) run at
# once on the machine's two cores: the browser tests leave a core idle much of their time (they
# wait on Chromium and on pages), and the server suites wait on their databases, so the further
# steps take up what the first two leave. Five, since the server suites follow the build: the
# unit suite and the short checks start at once and the four server halves by the time those
# checks end, instead of the last half waiting for a whole suite to end.
slots=${TEST_SLOTS:-5}
# The longest chain's steps start as soon as they can, even with every slot taken, and take none
# of the slots: counted, they held the second PostgreSQL half back until three of them had ended
# (it started at 514 s of a 787 s run, and ended last); so does the one-file proof,
# one long sequence of builds and runs after Chromium that, left for a free slot behind the server
# suites' halves, would end the run alone.
chain='build chromium e2e-1 e2e-2 engine'
steps=(
  'build|-|check build npm run build --silent'
  'postgres|-|postgres'
  'chromium|build|check chromium bash tests/support/ensure-chromium.sh'
  # E2E_BUILT_SERVER: the browser tests start the server just built (tests/e2e/harness.ts). In
  # two halves by file (vitest's --shard), each a step: alone they were the longest chain, about
  # 500 s of a quiet run's 700, with a core idle much of the time.
  'e2e-1|chromium|with E2E_BUILT_SERVER=1 PASSWORD_HASH_N='$cheap_hash' suite e2e-1 --config tests/e2e/vitest.config.ts --shard=1/2'
  'e2e-2|chromium|with E2E_BUILT_SERVER=1 PASSWORD_HASH_N='$cheap_hash' suite e2e-2 --config tests/e2e/vitest.config.ts --shard=2/2'
  # The server suites' four halves first: they wait on their databases more than they compute,
  # so started late one of them ended the run alone. After the build: the files that start the
  # server as a process of its own (a start, a crash, a stop) start the bundle just built
  # (E2E_BUILT_SERVER, tests/support/server-entry.ts), not the sources through tsx (seven
  # files: 49.4 → 33.1 s of CPU on SQLite, in three vitest runs).
  'server-pg-1|build postgres|with E2E_BUILT_SERVER=1 server_pg 1/2'
  'server-pg-2|build postgres|with E2E_BUILT_SERVER=1 server_pg 2/2'
  'server-1|build|with E2E_BUILT_SERVER=1 PASSWORD_HASH_N='$cheap_hash' server_suite server-1 1/2'
  'server-2|build|with E2E_BUILT_SERVER=1 PASSWORD_HASH_N='$cheap_hash' server_suite server-2 2/2'
  # The one-file proof: a new entity from one schema file, end to end in a copy of the project.
  'engine|chromium postgres|engine'
  'unit|-|with PASSWORD_HASH_N='$cheap_hash' unit_suite'
  # Every transition of every machine in src/machines taken by a test of the unit lane (scripts/transition-gate.ts).
  'transitions|unit|check transitions npx tsx scripts/transition-gate.ts'
  'security-cheap|build|with E2E_BUILT_SERVER=1 security_cheap'
  'security|build|with E2E_BUILT_SERVER=1 security'
  'two-machines|build postgres|two_machines'
  # Three programs: the browser's (no Node types), the server's (no DOM), and everything with the tests.
  'typecheck|-|check typecheck npm run --silent typecheck'
  # Opens every public page and admin screen and sums the gzip JavaScript it fetched; prints the
  # figures and fails when a budget is exceeded.
  'bundle-budget|chromium|with E2E_BUILT_SERVER=1 check bundle-budget npx tsx scripts/bundle-budget.ts'
  'lint|-|check lint npx eslint .'
  'codegen-fresh|-|check codegen-fresh npx tsx codegen/generate.ts --check'
)
# `with VAR=value… command…`: the command (a shell function too: suite, check …) with those set.
with() {
  local assignments=()
  while [[ $1 == *=* ]]; do assignments+=("$1"); shift; done
  ( for a in "${assignments[@]}"; do export "${a?}"; done; "$@" )
}

declare -A started_steps=()
ended() { grep -q "^$1 " "$logs/times" 2>/dev/null; }
ready() { local need; for need in $1; do [ "$need" = - ] || ended "$need" || return 1; done; }
running=0
others_running() { # the steps started and not ended, the chain's aside
  local name n=0
  for name in "${!started_steps[@]}"; do
    [[ " $chain " == *" $name "* ]] || ended "$name" || n=$((n + 1))
  done
  echo "$n"
}
while :; do
  pending=0
  for entry in "${steps[@]}"; do
    IFS='|' read -r name needs command <<<"$entry"
    [ -n "${started_steps[$name]:-}" ] && continue
    pending=$((pending + 1))
    if { [ "$(others_running)" -lt "$slots" ] || [[ " $chain " == *" $name "* ]]; } && ready "$needs"; then
      # shellcheck disable=SC2086 # the command is words, split on purpose
      step "$name" $command &
      started_steps[$name]=1 running=$((running + 1)) pending=$((pending - 1))
    fi
  done
  [ "$pending" -eq 0 ] && [ "$running" -eq 0 ] && break
  # A step ended (or, while one waits for another, a second passed): look again.
  if [ "$running" -gt 0 ]; then wait -n; running=$(jobs -rp | wc -l); else sleep 1; fi
done
wait
stop_postgres; trap - EXIT

echo "::: wall $((SECONDS - started)) s; each step's wall and CPU seconds: $(sort -k2 -n -r "$logs/times" | awk '{ printf "%s %s/%s  ", $1, $2, $3 }')"
node -e '
  const fs = require("fs"); const dir = process.argv[1];
  let passed = 0, failed = 0, skipped = 0;
  // The failures by name, just above the totals: a CI log that keeps only its tail still says
  // which test failed and why.
  for (const f of fs.readdirSync(dir).filter((f) => f.endsWith(".vitest.json"))) {
    let r; try { r = JSON.parse(fs.readFileSync(dir + "/" + f, "utf8")); } catch { continue; }
    for (const file of r.testResults || []) {
      const failedTests = (file.assertionResults || []).filter((a) => a.status === "failed");
      if (file.status === "failed" && !failedTests.length) {
        // A failed beforeAll leaves the JSON report with no message (its tests are "skipped"):
        // the log of the step has the error, so its first error line is shown instead.
        const step = f.replace(/\.vitest\.json$/, "");
        let why = (file.message || "").split("\n")[0];
        if (!why) {
          let log = ""; try { log = fs.readFileSync(dir + "/../test-logs/" + step + ".log", "utf8"); } catch {}
          why = (log.replace(/\x1b\[[0-9;]*m/g, "").split("\n").find((line) => /\b\w*Error\b|did not|exited with/.test(line)) || "").trim();
        }
        console.log(`!!! ${step}: ${file.name}: ${why.slice(0, 300)}`);
      }
      for (const a of failedTests) {
        // vitest writes a time-out as this placeholder, its message left out.
        const first = String((a.failureMessages || [])[0] || "").split("\n")[0].replace(/^Error: STACK_TRACE_ERROR$/, "timed out");
        console.log(`!!! ${f.replace(/\.vitest\.json$/, "")}: ${file.name.replace(process.cwd() + "/", "")} > ${a.fullName}: ${first.slice(0, 300)} (after ${Math.round((a.duration || 0) / 1000)} s)`);
      }
    }
  }
  for (const f of fs.readdirSync(dir).filter((f) => f.endsWith(".json") && !f.endsWith(".vitest.json"))) {
    const r = JSON.parse(fs.readFileSync(dir + "/" + f, "utf8"));
    passed += r.passed; failed += r.failed; skipped += r.skipped;
    console.log(`${f.replace(/\.json$/, "").padEnd(16)} ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ""}`);
  }
  console.log(`${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ""));
  process.exit(failed ? 1 : 0);
' "$results"
