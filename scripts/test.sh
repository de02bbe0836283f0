#!/bin/sh
# The whole test suite: typecheck, lint, then every vitest test. Run through `npm test`.
set -eu
echo "== typecheck"
tsc --noEmit -p .
echo "== lint"
biome check .
echo "== tests"
vitest run "$@"
