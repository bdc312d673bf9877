#!/usr/bin/env bash
# A supported Node for this project's commands, from the npm registry when the machine's does not
# meet package.json's `engines`.
#
#   bash scripts/ensure-node.sh cmd args...  runs cmd on a supported Node (./run and .ci/run use this)
#   bash scripts/ensure-node.sh              prints the PATH that puts it first
#
# When the machine's Node meets `engines`, it is used as it is. Otherwise Node 24
# LTS, the version the product is built and tested on, is unpacked from the registry's
# node-<os>-<cpu> package (the binary and Node's headers) into a cache every checkout shares
# (ACADEMY_NODE_CACHE, by default ~/.cache/academy-node), and its bin folder goes first on PATH:
# the machine's npm (`#!/usr/bin/env node`) then runs on Node 24 too. A command run through this
# script also gets npm_config_nodedir, so native modules (better-sqlite3) build from the shipped
# headers instead of downloading them (or taking an older Node's from a user's npmrc). The second
# time this takes a few milliseconds; two checkouts unpacking at once each unpack into a folder of
# their own and move it into place in one rename.
set -euo pipefail
node_version=24.21.0
root=$(cd "$(dirname "$0")/.." && pwd)

# Whether the machine's Node meets `engines` (before any install, so no semver package: the
# comparators package.json uses, `||`, `>=`, `>`, `<`, `<=`, `^`, `~`, exact).
wanted=$(sed -n 's/^ *"node": *"\([^"]*\)".*/\1/p' "$root/package.json" | head -1)
have=$(node -p 'process.versions.node' 2> /dev/null || true)
meets() {
  node -e '
    const num = (s) => { const p = s.split(".").map(Number); while (p.length < 3) p.push(0); return p; };
    const v = num(process.versions.node);
    const cmp = (a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
    const ok = process.argv[1].split("||").some((set) => set.trim().split(/\s+/).every((c) => {
      const m = /^(>=|<=|>|<|\^|~|=)?v?(\d+(?:\.\d+){0,2})$/.exec(c);
      if (!m) throw new Error("ensure-node: cannot read the engines comparator " + c);
      const w = num(m[2]), d = cmp(v, w);
      return { ">=": d >= 0, ">": d > 0, "<": d < 0, "<=": d <= 0, "^": d >= 0 && v[0] === w[0], "~": d >= 0 && v[0] === w[0] && v[1] === w[1] }[m[1]] ?? d === 0;
    }));
    process.exit(ok ? 0 : 1);
  ' "$wanted"
}

path=$PATH
if [ -z "$have" ] || ! meets; then
  case "$(uname -s)" in Linux) os=linux ;; Darwin) os=darwin ;; *) echo "ensure-node: no Node package for $(uname -s)" >&2; exit 1 ;; esac
  case "$(uname -m)" in x86_64 | amd64) cpu=x64 ;; aarch64 | arm64) cpu=arm64 ;; *) echo "ensure-node: no Node package for $(uname -m)" >&2; exit 1 ;; esac
  cache=${ACADEMY_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/academy-node}
  dir=$cache/node-v$node_version-$os-$cpu
  if [ ! -x "$dir/bin/node" ]; then
    command -v npm > /dev/null || { echo "ensure-node: Node ${have:-(none)} does not meet engines ($wanted) and there is no npm to fetch Node $node_version with" >&2; exit 1; }
    echo "ensure-node: Node ${have:-(none)} does not meet engines ($wanted); bringing Node $node_version from the npm registry into $dir" >&2
    mkdir -p "$cache"
    work=$(mktemp -d "$cache/.unpacking.XXXXXX")
    trap 'rm -rf "$work"' EXIT
    (cd "$work" && npm pack --silent "node-$os-$cpu@$node_version" > /dev/null)
    mkdir -p "$work/node"
    tar xzf "$work/node-$os-$cpu-$node_version.tgz" --strip-components=1 -C "$work/node"
    # rename(2) refuses a folder that is already there: then another checkout's rename won.
    "$work/node/bin/node" -e 'try { require("fs").renameSync(process.argv[1], process.argv[2]) } catch (e) { if (e.code !== "ENOTEMPTY" && e.code !== "EEXIST") throw e }' "$work/node" "$dir"
    rm -rf "$work"
  fi
  path=$dir/bin:$PATH
  export npm_config_nodedir=$dir
fi

if [ $# -eq 0 ]; then printf '%s\n' "$path"; else PATH=$path exec "$@"; fi
