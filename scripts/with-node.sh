#!/bin/sh
# Runs the given command with Node >= 22.12 first on PATH.
# When the machine's node is older, Node 24 LTS is installed from the npm registry
# (package node-linux-<arch>) into a cache folder outside the checkout, once.
set -eu

is_recent() {
  "$1" -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=12)?0:1)' 2>/dev/null
}

if command -v node >/dev/null 2>&1 && is_recent node; then
  exec "$@"
fi

case "$(uname -m)" in
  x86_64|amd64) arch=x64 ;;
  aarch64|arm64) arch=arm64 ;;
  *) echo "with-node: no Node 24 package for $(uname -m); install Node >= 22.12" >&2; exit 1 ;;
esac
os=$(uname -s | tr '[:upper:]' '[:lower:]')
pkg="node-$os-$arch"
cache="${XDG_CACHE_HOME:-$HOME/.cache}/kb-node/24-$os-$arch"
bin="$cache/node_modules/$pkg/bin"

if ! is_recent "$bin/node"; then
  mkdir -p "$cache"
  # One installer at a time when several scripts start together.
  (
    if command -v flock >/dev/null 2>&1; then flock 9; fi
    if ! is_recent "$bin/node"; then
      echo "with-node: installing $pkg@24 into $cache" >&2
      npm install --prefix "$cache" --no-save --no-package-lock --no-audit --no-fund \
        --loglevel=error "$pkg@24" >&2
    fi
  ) 9>"$cache/.lock"
fi

PATH="$bin:$PATH"
export PATH
exec "$@"
