#!/usr/bin/env bash
# Cuts @fontsource/vazirmatn's faces down to the characters the academy's pages use, into
# src/assets/fonts/ (committed, so the build needs no Python). src/styles/fonts.css inlines them
# into the stylesheet every page carries, so the first layout already has Vazirmatn: no fallback
# font on any load, nothing to swap, no shift (BENCHMARKS.md, "Fonts"). Run it again after an
# upgrade of @fontsource/vazirmatn or a change of the ranges; the ranges here and the
# `unicode-range` of each face in fonts.css must agree (tests/e2e/site-fonts.test.ts checks it).
# Needs fontTools with brotli: `python3 -m venv /tmp/ft && /tmp/ft/bin/pip install fonttools brotli`,
# then `PYFTSUBSET=/tmp/ft/bin/pyftsubset bash scripts/subset-fonts.sh`.
set -euo pipefail
cd "$(dirname "$0")/.."
pyftsubset="${PYFTSUBSET:-pyftsubset}"
from=node_modules/@fontsource/vazirmatn/files
to=src/assets/fonts
# Persian letters and marks, Arabic letters a Persian text may carry (ي ك ة ى), both kinds of
# digits, Persian punctuation, the joiners and direction marks; the space and no-break space.
persian='U+0020,U+00A0,U+060C,U+061B,U+061F,U+0621-063A,U+0640-0655,U+0660-066C,U+0670,U+067E,U+0686,U+0698,U+06A9,U+06AF,U+06C0,U+06CC,U+06F0-06F9,U+200C-200F'
# Basic Latin (punctuation, Latin digits and words inside Persian text), guillemets, ×, ©, ·,
# dashes, quotes, bullet, ellipsis.
latin='U+0020-007E,U+00A0,U+00A9,U+00AB,U+00B7,U+00BB,U+00D7,U+2013-2014,U+2018-201D,U+2022,U+2026'
mkdir -p "$to"
for weight in 400 700; do
  "$pyftsubset" "$from/vazirmatn-arabic-$weight-normal.woff2" --unicodes="$persian" --flavor=woff2 --output-file="$to/vazirmatn-persian-$weight.woff2"
  "$pyftsubset" "$from/vazirmatn-latin-$weight-normal.woff2" --unicodes="$latin" --flavor=woff2 --output-file="$to/vazirmatn-latin-$weight.woff2"
done
ls -l "$to"
