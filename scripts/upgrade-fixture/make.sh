#!/usr/bin/env bash
# Makes the data folder the upgrade test starts from: an older commit of the project is checked out
# into a temporary folder, installed, started on an empty data folder, filled through its API by
# seed.ts (of this checkout), and stopped; the folder and what seed.ts recorded are packed.
#
#   bash scripts/upgrade-fixture/make.sh <commit> <out.tar.gz>
set -euo pipefail

cd "$(dirname "$0")/../.."
root="$PWD"
commit="${1:?usage: make.sh <commit> <out.tar.gz>}"
out="${2:?usage: make.sh <commit> <out.tar.gz>}"
token='upgrade-fixture-admin-token-0123456789'
work="$(mktemp -d)"
server=''
cleanup() {
  if [ -n "$server" ]; then kill -TERM "$server" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

full="$(git rev-parse --verify "$commit^{commit}")"
echo "release: $full"
mkdir -p "$work/release" "$work/fixture/data"
git archive "$full" | tar -x -C "$work/release"
(cd "$work/release" && npm ci --silent >/dev/null 2>&1)

cd "$work/release"
SERVICE_PORT=0 SERVICE_DATA_DIR="$work/fixture/data" SERVICE_WEB_BUILD=false \
  SERVICE_ADMIN_PASSWORD='admin-password-of-the-fixture' SERVICE_ADMIN_TOKEN="$token" \
  scripts/with-node.sh node server/main.ts >"$work/server.log" 2>&1 &
server=$!
url=''
for _ in $(seq 1 240); do
  url="$(grep -o '"url":"[^"]*"' "$work/server.log" | head -1 | sed 's/"url":"//; s/"$//')" || true
  [ -n "$url" ] && break
  kill -0 "$server" 2>/dev/null || { cat "$work/server.log" >&2; exit 1; }
  sleep 0.25
done
[ -n "$url" ] || { cat "$work/server.log" >&2; exit 1; }
echo "release server: $url"

cd "$root"
scripts/with-node.sh node scripts/upgrade-fixture/seed.ts "$url" "$token" >"$work/fixture/expected.json"
# Let the background indexing of the last writes finish, as a running server would have.
sleep 5
kill -TERM "$server"
wait "$server" || true
server=''
grep -q '"msg":"stopped"' "$work/server.log" || { tail -20 "$work/server.log" >&2; exit 1; }

printf '{"commit":"%s","made":"%s"}\n' "$full" "$(date -u +%Y-%m-%d)" >"$work/fixture/release.json"
tar -czf "$out" -C "$work/fixture" --owner=0 --group=0 --numeric-owner release.json expected.json data
echo "fixture: $out ($(du -h "$out" | cut -f1))"
