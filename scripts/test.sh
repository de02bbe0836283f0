#!/bin/sh
# The whole test suite: typecheck, lint, a lint of the API's OpenAPI document, then every vitest
# test. Run through `npm test`.
set -eu
echo "== typecheck"
tsc --noEmit -p .
echo "== lint"
biome check .
echo "== OpenAPI document (redocly lint, recommended rules; offline)"
openapi_dir="$(mktemp -d)"
trap 'rm -rf "$openapi_dir"' EXIT
node scripts/openapi.ts "$openapi_dir/openapi.json"
REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true redocly lint --config redocly.yaml "$openapi_dir/openapi.json"
echo "== tests"
vitest run "$@"
