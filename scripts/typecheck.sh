#!/usr/bin/env bash
# The three type-check programs: the browser's (no Node types), the server's (no DOM), and
# everything with the tests. Checked by TypeScript 7, the native compiler (package
# `typescript-native`), at a fifth of TypeScript 6's CPU; `typescript` stays 6 for the tools that
# use its JavaScript API (typescript-eslint, openapi-typescript, the boundary tests). One thread
# each: the test command runs this beside other suites on two busy cores, where more threads only
# add CPU.
set -euo pipefail
cd "$(dirname "$0")/.."
for config in tsconfig.browser.json tsconfig.server.json tsconfig.json; do
  node node_modules/typescript-native/bin/tsc -p "$config" --singleThreaded "$@"
done
