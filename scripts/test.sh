#!/bin/sh
# The whole test suite: typecheck, lint, a lint of the API's OpenAPI document, then every vitest
# test. Run through `npm test`.
set -eu
echo "== typecheck"
tsc --noEmit -p .
echo "== lint"
biome check .
echo "== OpenAPI document (redocly lint, recommended rules; offline)"
# Written under out/ (build output, not kept): .redocly.lint-ignore.yaml names its exceptions by this path.
mkdir -p out
node scripts/openapi.ts out/openapi.json
REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true redocly lint --config redocly.yaml out/openapi.json
echo "== tests"
vitest run "$@"
