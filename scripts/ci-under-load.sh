#!/usr/bin/env bash
# Rehearses CI on a busy machine: clones this checkout's HEAD afresh N times (default 3) and runs
# `.ci/run` in each with CPU hogs running all along (HOGS, default six: three per core of a
# two-core machine), stopping at the first failure. A test must pass on a machine that is slow for
# reasons of its own; this is how that is shown. Each run's output is in
# /tmp/ci-under-load-<i>.out, one summary line per run on standard output.
set -uo pipefail
runs=${1:-3}
hogs=${HOGS:-6}
top=$(git rev-parse --show-toplevel)
hog_pids=()
for _ in $(seq 1 "$hogs"); do yes > /dev/null & hog_pids+=("$!"); done
trap 'kill "${hog_pids[@]}" 2>/dev/null' EXIT
# Every run tests the commit that was HEAD when this began, whatever is committed meanwhile.
commit=$(git -C "$top" rev-parse HEAD)
echo "at ${commit:0:7}, $hogs CPU hogs, $runs runs"
for i in $(seq 1 "$runs"); do
  dir=$(mktemp -d /tmp/ci-under-load-XXXXXX)
  git clone -q "$top" "$dir" && git -C "$dir" checkout -q "$commit"
  started=$SECONDS
  (cd "$dir" && CI=true bash .ci/run > "/tmp/ci-under-load-$i.out" 2>&1); rc=$?
  echo "run $i: exit $rc in $((SECONDS - started)) s: $(tail -1 "/tmp/ci-under-load-$i.out")"
  rm -rf "$dir"
  [ "$rc" = 0 ] || exit "$rc"
done
