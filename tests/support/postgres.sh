#!/usr/bin/env bash
# A private, throw-away PostgreSQL 15 cluster for the server suite.
#   tests/support/postgres.sh start   → prints `TEST_DATABASE_URL=… PG_TEST_DIR=…` lines to eval
#   tests/support/postgres.sh stop DIR
# Installs Debian's postgresql package when missing (CI machines start without it). The cluster
# lives in a temp dir, listens on 127.0.0.1 on a free port with its socket in the same dir, and
# never touches a system cluster or service.
set -euo pipefail

pgbin() {
  local dir
  for dir in /usr/lib/postgresql/*/bin; do
    [ -x "$dir/initdb" ] && { echo "$dir"; return 0; }
  done
  return 1
}

as_owner() { # runs a command as the cluster's owner: initdb refuses to run as root
  if [ "$(id -u)" = 0 ]; then su postgres -s /bin/sh -c "$1"; else sh -c "$1"; fi
}

case "${1:-}" in
  start)
    if ! pgbin >/dev/null; then
      echo "installing postgresql…" >&2
      (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql) >&2
    fi
    bin=$(pgbin)
    dir=$(mktemp -d /tmp/academy-pg-XXXXXX)
    mkdir -p "$dir/data" "$dir/sock"
    chmod 700 "$dir/data"
    [ "$(id -u)" = 0 ] && chown -R postgres:postgres "$dir"
    port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
    as_owner "'$bin/initdb' -D '$dir/data' -U postgres --auth=trust -E UTF8 --locale=C.UTF-8" >"$dir/initdb.log" 2>&1 \
      || { cat "$dir/initdb.log" >&2; exit 1; }
    # fsync off: a test cluster that is thrown away needs no durability, and it saves seconds.
    as_owner "'$bin/pg_ctl' -D '$dir/data' -l '$dir/log' -o \"-p $port -k '$dir/sock' -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300\" -w start" >&2 \
      || { cat "$dir/log" >&2; exit 1; }
    echo "TEST_DATABASE_URL=postgresql://postgres@127.0.0.1:$port/postgres"
    echo "PG_TEST_DIR=$dir"
    ;;
  stop)
    dir=${2:?usage: postgres.sh stop DIR}
    bin=$(pgbin)
    as_owner "'$bin/pg_ctl' -D '$dir/data' -m fast -w stop" >&2 || true
    rm -rf "$dir"
    ;;
  *)
    echo "usage: $0 start | stop DIR" >&2
    exit 2
    ;;
esac
