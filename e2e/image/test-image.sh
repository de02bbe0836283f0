#!/usr/bin/env bash
# The container image, tested as the README's "Install with Docker" says to use it: the shell blocks
# of that section marked `docker-test:install` and `docker-test:backup` are run as written, with two
# changes this machine needs, made by the `docker` function below: the build starts from a local
# base image (no registry image can be pulled here; see make-test-base.sh), and containers use the
# host's network on loopback instead of a published port. Then, over HTTP: the health check, a
# sign-in, a page written, a backup taken in the container, a restart that keeps the page, and a
# clean stop on `docker stop`.
#
#   bash e2e/image/test-image.sh       (root; starts dockerd when no daemon answers)
#
# It uses the README's names: image `quire`, container `quire`, volume `quire-data`, port 8080.
set -euo pipefail

cd "$(dirname "$0")/../.."
root="$PWD"
export DOCKER_BUILDKIT=0 # the legacy builder: the Dockerfile must not need BuildKit
base="${QUIRE_TEST_BASE:-quire-test-base:bookworm}"
port=8080
url="http://127.0.0.1:$port"
password='choose a long one'
work="$(mktemp -d)"
dockerd_pid=''

say() { printf 'image test: %s\n' "$*"; }
fail() {
  printf 'image test: FAILED: %s\n' "$*" >&2
  if command docker inspect quire >/dev/null 2>&1; then
    echo '--- docker logs quire (last 40 lines) ---' >&2
    command docker logs --tail 40 quire >&2 || true
  fi
  exit 1
}

cleanup() {
  command docker rm -f quire >/dev/null 2>&1 || true
  command docker volume rm quire-data >/dev/null 2>&1 || true
  rm -rf "$work"
  if [ -n "$dockerd_pid" ]; then kill "$dockerd_pid" 2>/dev/null || true; fi
}
trap cleanup EXIT
trap 'printf "image test: FAILED: a command at line %s exited with %s\n" "$LINENO" "$?" >&2' ERR

# ---- the Docker daemon, and the tools to make the base image ----
if ! command -v dockerd >/dev/null 2>&1 || ! command -v debootstrap >/dev/null 2>&1 ||
  ! command -v docker-compose >/dev/null 2>&1; then
  say "installing Debian's docker.io, docker-compose and debootstrap"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq docker.io docker-compose debootstrap >/dev/null
fi
if ! command docker info >/dev/null 2>&1; then
  say "starting dockerd"
  # QUIRE_TEST_CGROUP_PARENT (set by .ci/run): the cgroup the containers run in, builds' included.
  start_dockerd() {
    dockerd ${QUIRE_TEST_CGROUP_PARENT:+--cgroup-parent "$QUIRE_TEST_CGROUP_PARENT"} >>"$work/dockerd.log" 2>&1 &
    dockerd_pid=$!
  }
  start_dockerd
  restarted=no
  for _ in $(seq 1 120); do
    command docker info >/dev/null 2>&1 && break
    # On a busy machine (the unit tests run beside it) containerd may start too slowly for dockerd,
    # which then gives up: it is started once more.
    if [ "$restarted" = no ] && ! kill -0 "$dockerd_pid" 2>/dev/null; then
      restarted=yes
      say "dockerd stopped while starting (see its log below if it fails again); starting it once more"
      start_dockerd
    fi
    sleep 0.5
  done
  command docker info >/dev/null 2>&1 || { cat "$work/dockerd.log" >&2; fail "dockerd did not start"; }
fi

if ! command docker image inspect "$base" >/dev/null 2>&1; then
  bash e2e/image/make-test-base.sh "$base"
fi

if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
  fail "port $port is already in use on this machine"
fi
command docker rm -f quire >/dev/null 2>&1 || true
command docker volume rm quire-data >/dev/null 2>&1 || true

# ---- the README's commands, with this machine's two changes ----
docker() {
  case "$1" in
    build)
      shift
      command docker build --network host --build-arg "BASE_IMAGE=$base" "$@"
      ;;
    run)
      shift
      local args=()
      while [ $# -gt 0 ]; do
        case "$1" in
          -p | --publish) args+=(--network host -e SERVICE_HOST=127.0.0.1); shift 2 ;;
          *) args+=("$1"); shift ;;
        esac
      done
      command docker run "${args[@]}"
      ;;
    *) command docker "$@" ;;
  esac
}

# Prints the README's shell block that follows the marker `<!-- docker-test:NAME -->`.
readme_block() {
  awk -v marker="<!-- docker-test:$1 -->" '
    $0 == marker { found = 1; next }
    found && /^```/ { if (inside) exit; inside = 1; next }
    inside { print }
  ' "$root/README.md"
}

run_block() {
  local block
  block="$(readme_block "$1")"
  [ -n "$block" ] || fail "the README has no block marked docker-test:$1"
  say "README block '$1':"
  printf '%s\n' "$block" | sed 's/^/    /'
  eval "$block"
}

wait_ready() {
  for _ in $(seq 1 120); do
    curl -fsS --max-time 2 "$url/readyz" >/dev/null 2>&1 && return 0
    [ "$(command docker inspect -f '{{.State.Running}}' quire 2>/dev/null)" = true ] || fail "the container is not running"
    sleep 0.5
  done
  fail "$url/readyz did not answer within 60 s"
}

# ---- compose.yaml is a valid Compose file (its PostgreSQL image cannot be pulled here) ----
mkdir -p "$work/compose/secrets"
cp compose.yaml "$work/compose/"
touch "$work/compose/secrets/"{database-url,admin-password,postgres-password}
(cd "$work/compose" && docker-compose config --quiet) || fail "compose.yaml is not a valid Compose file"
say "compose.yaml: valid"

started=$(date +%s)
run_block install
say "built and started in $(($(date +%s) - started)) s"
wait_ready
curl -fsS "$url/healthz" >/dev/null || fail "/healthz did not answer 200"

# ---- sign in and write a page ----
jar="$work/cookies"
api() { # METHOD PATH [JSON]
  local args=(-sS -o "$work/body" -w '%{http_code}' -b "$jar" -c "$jar" -X "$1" -H 'X-Requested-With: XMLHttpRequest')
  [ $# -ge 3 ] && args+=(-H 'Content-Type: application/json' --data "$3")
  curl "${args[@]}" "$url/api/v1$2"
}
expect() { # STATUS ACTUAL WHAT
  [ "$2" = "$1" ] || fail "$3 answered $2, not $1: $(head -c 400 "$work/body")"
}
expect 200 "$(api POST /session "{\"username\":\"admin\",\"password\":\"$password\"}")" "signing in"
expect 201 "$(api POST /organizations '{"slug":"docs","name":"Docs","join":true}')" "creating an organization"
expect 201 "$(api POST /organizations/docs/spaces '{"slug":"handbook","name":"Handbook"}')" "creating a space"
page='# Welcome\n\nWritten in the container.\n'
expect 201 "$(api PUT /organizations/docs/spaces/handbook/files/welcome.md "{\"content\":\"$page\",\"message\":\"Welcome\"}")" "writing a page"
say "signed in as admin and wrote docs/handbook/welcome.md"

# ---- a backup taken in the running container ----
cd "$work"
run_block backup
archive="$(ls "$work"/quire-*.tar 2>/dev/null | head -1)"
[ -n "$archive" ] || fail "the backup block left no quire-*.tar"
manifest="$(tar -xOf "$archive" manifest.json)"
grep -q '"handbook"' <<<"$manifest" || fail "the backup's manifest does not list the space"
say "backup $(basename "$archive"): $(du -h "$archive" | cut -f1)"
cd "$root"

# ---- the page survives a restart ----
# QUIRE_TEST_IMAGE_GATE (set by .ci/run): a file made once the tests that share the processor are
# done, and the image test's weight raised. The restart and the stop wait for it, so the times they
# take are the server's, not those of a daemon left the processor's crumbs.
if [ -n "${QUIRE_TEST_IMAGE_GATE:-}" ]; then
  say "waiting for the other tests to finish before the restart and the stop"
  for _ in $(seq 1 3600); do
    [ -e "$QUIRE_TEST_IMAGE_GATE" ] && break
    sleep 1
  done
  [ -e "$QUIRE_TEST_IMAGE_GATE" ] || fail "the other tests did not finish within an hour"
fi
command docker restart quire >/dev/null
wait_ready
expect 200 "$(api GET /organizations/docs/spaces/handbook/files/welcome.md)" "reading the page after a restart"
grep -q 'Written in the container.' "$work/body" || fail "the page read after the restart is not the one written"
say "the page reads back after a restart"

# ---- the health check reports healthy ----
health=''
for _ in $(seq 1 60); do
  health="$(command docker inspect -f '{{.State.Health.Status}}' quire)"
  [ "$health" = healthy ] && break
  sleep 1
done
[ "$health" = healthy ] || fail "the container's health is '$health', not healthy"
say "HEALTHCHECK: healthy"

# ---- it runs as a non-root user, and stops cleanly ----
user="$(command docker exec quire id -un)"
[ "$user" != root ] || fail "the server runs as root"
stop_started=$(date +%s%N)
command docker stop --time 10 quire >/dev/null
stop_ms=$((($(date +%s%N) - stop_started) / 1000000))
# Exit 0, not 137: the server was gone before docker's 10 s grace ran out and it had to kill it.
code="$(command docker inspect -f '{{.State.ExitCode}}' quire)"
[ "$code" = 0 ] || fail "the server exited with $code on docker stop (137: killed after 10 s)"
# Read whole first: with pipefail, grep -q leaving early would fail `docker logs` on a broken pipe.
logs="$(command docker logs quire 2>&1)"
grep -q '"msg":"stopped"' <<<"$logs" || fail "the server did not log \"stopped\""
# The server's own stop, from its log's times: docker stop's wall time also holds the daemon's
# work, which .ci/run leaves at the lowest processor weight while the tests run (seen: 15 s there
# for a server that stopped in 4 ms, 276 ms alone).
log_time() { grep "\"msg\":\"$1\"" <<<"$logs" | tail -1 | grep -oE '"time":[0-9]+' | grep -oE '[0-9]+'; }
shutdown_ms=$(($(log_time stopped) - $(log_time 'shutting down')))
[ "$shutdown_ms" -lt 10000 ] || fail "the server took $shutdown_ms ms to stop (it must stop within 10 s)"
say "runs as $user; docker stop: exit 0, the server stopped in $shutdown_ms ms ($stop_ms ms for docker stop)"
say "passed in $(($(date +%s) - started)) s"
