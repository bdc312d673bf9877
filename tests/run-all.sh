#!/usr/bin/env bash
# The whole test command: contract/codegen check, type-check, lint, unit + machine + server
# tests, the production build with its bundle budget, and the browser tests. Every suite runs
# even when an earlier one fails; the last line is the total over all of them.
set -uo pipefail
cd "$(dirname "$0")/.."
results=.tmp/test-results
rm -rf "$results" && mkdir -p "$results"

check() { # name, command...: a non-vitest check counts as one test
  local name=$1; shift
  echo "::: $name"
  if "$@"; then echo '{"passed":1,"failed":0,"skipped":0}' > "$results/$name.json"
  else echo '{"passed":0,"failed":1,"skipped":0}' > "$results/$name.json"; echo "!!! $name failed"; fi
}

suite() { # name, vitest args...
  local name=$1; shift
  echo "::: $name"
  npx vitest run "$@" --reporter=default --reporter=json --outputFile.json="$results/$name.vitest.json" || echo "!!! $name had failures"
  node -e '
    const fs = require("fs"); const [src, dst] = process.argv.slice(1);
    let r = { numPassedTests: 0, numFailedTests: 1, numPendingTests: 0, numTodoTests: 0 };
    try { r = JSON.parse(fs.readFileSync(src, "utf8")); } catch {}
    // A file that failed to load has no failed test of its own: count it once.
    const brokenFiles = (r.testResults || []).filter((f) => f.status === "failed" && !(f.assertionResults || []).some((a) => a.status === "failed")).length;
    fs.writeFileSync(dst, JSON.stringify({ passed: r.numPassedTests, failed: r.numFailedTests + brokenFiles, skipped: r.numPendingTests + r.numTodoTests }));
  ' "$results/$name.vitest.json" "$results/$name.json"
}

# Suites that sign in hundreds of times but measure nothing about hashing run with a cheaper
# scrypt (server/passwords.ts hashCost); the attack suites (security) keep the real cost.
cheap_hash=16384

check codegen-fresh npx tsx codegen/generate.ts --check
check typecheck npx tsc -p tsconfig.json
check lint npx eslint .
# The security and browser suites serve the built site.
check build npm run build --silent
PASSWORD_HASH_N=$cheap_hash suite unit tests/unit tests/machines tests/contract
PASSWORD_HASH_N=$cheap_hash suite server tests/server
# The same server suite on PostgreSQL 15: a private cluster on a free port (Debian's package is
# installed first when missing), one database per test server, removed at the end.
if pg_env=$(bash tests/support/postgres.sh start); then
  pg_dir=$(sed -n 's/^PG_TEST_DIR=//p' <<<"$pg_env")
  trap 'bash tests/support/postgres.sh stop "$pg_dir"' EXIT
  ( export PASSWORD_HASH_N=$cheap_hash TEST_DATABASE=postgres TEST_DATABASE_URL="$(sed -n 's/^TEST_DATABASE_URL=//p' <<<"$pg_env")"; suite server-pg tests/server )
  # The one-file proof (a new entity from one schema file, end to end in a copy of the project):
  # its schema-change migration runs on SQLite and on this PostgreSQL; needs Chromium.
  check chromium bash tests/support/ensure-chromium.sh
  ( export TEST_DATABASE_URL="$(sed -n 's/^TEST_DATABASE_URL=//p' <<<"$pg_env")"; suite engine tests/engine )
  bash tests/support/postgres.sh stop "$pg_dir"; trap - EXIT
else
  echo '{"passed":0,"failed":1,"skipped":0}' > "$results/server-pg.json"; echo "!!! server-pg: PostgreSQL did not start"
  check chromium bash tests/support/ensure-chromium.sh
  suite engine tests/engine
fi
suite security tests/security
# Needs the build above and Chromium: opens every public page and admin screen and sums the gzip
# JavaScript it fetched; prints the figures and fails when a budget is exceeded.
[ -f scripts/bundle-budget.ts ] && check bundle-budget npx tsx scripts/bundle-budget.ts
PASSWORD_HASH_N=$cheap_hash suite e2e --config tests/e2e/vitest.config.ts

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
