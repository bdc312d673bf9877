#!/usr/bin/env bash
# `npm run bench`: builds the site and the server, then runs every benchmark and prints its
# figures (BENCHMARKS.md records them). Not part of `npm test`: the figures depend on the machine.
set -euo pipefail
cd "$(dirname "$0")/.."
npm run --silent build >/dev/null
bash tests/support/ensure-chromium.sh >/dev/null 2>&1
pg_dir=''
cleanup() {
  if [[ -n "$pg_dir" ]]; then bash tests/support/postgres.sh stop "$pg_dir"; fi
  if [[ -n "${BENCH_BASELINE:-}" ]]; then rm -rf "$BENCH_BASELINE"; fi
}
trap cleanup EXIT
# A private PostgreSQL cluster (tests/support/postgres.sh) for the figures taken on PostgreSQL too.
if pg_env=$(bash tests/support/postgres.sh start 2>/dev/null); then
  pg_dir=$(sed -n 's/^PG_TEST_DIR=//p' <<<"$pg_env")
  export TEST_DATABASE_URL; TEST_DATABASE_URL=$(sed -n 's/^TEST_DATABASE_URL=//p' <<<"$pg_env")
fi
# The tree the lighter-and-quicker figures are compared with (scripts/bench-budgets.ts), built into
# a temporary directory: by default the commit before that work; BENCH_BASELINE_REF= (empty) skips it.
baseline_ref=${BENCH_BASELINE_REF-96760f5}
if [[ -n "$baseline_ref" ]] && git cat-file -e "$baseline_ref^{commit}" 2>/dev/null; then
  export BENCH_BASELINE; BENCH_BASELINE=$(mktemp -d)
  git archive "$baseline_ref" | tar -x -C "$BENCH_BASELINE"
  # Its own dependencies, as its lock file names them: a package this tree has since dropped (or
  # moved to another version) must still resolve for that tree's server.
  (cd "$BENCH_BASELINE" && npm ci --silent --no-audit --no-fund >/dev/null 2>&1)
  (cd "$BENCH_BASELINE" && npm run --silent build >/dev/null 2>&1)
fi
run() { echo; echo "=== $1"; shift; "$@" 2>&1 | grep -v 'unexpected operator' || true; }
run "bundle (npx tsx scripts/bundle-budget.ts)" npx tsx scripts/bundle-budget.ts
run "API (npx tsx scripts/bench-api.ts)" npx tsx scripts/bench-api.ts
run "public pages under a crowd (npx tsx scripts/bench-pages.ts)" npx tsx scripts/bench-pages.ts
run "lighter and quicker, side by side with $baseline_ref (npx tsx scripts/bench-budgets.ts)" npx tsx scripts/bench-budgets.ts
run "start-up (npx tsx scripts/bench-startup.ts)" npx tsx scripts/bench-startup.ts
run "admin tables (npx tsx scripts/bench-tables.ts)" npx tsx scripts/bench-tables.ts
run "admin lists at scale (npx tsx scripts/bench-admin-scale.ts)" npx tsx scripts/bench-admin-scale.ts
run "fonts (npx tsx scripts/bench-fonts.ts)" npx tsx scripts/bench-fonts.ts
run "Lighthouse (npx tsx scripts/bench-lighthouse.ts)" npx tsx scripts/bench-lighthouse.ts
