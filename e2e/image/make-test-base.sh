#!/usr/bin/env bash
# Makes the local base image the container test builds on, where no registry image can be pulled:
# Debian bookworm from Debian's packages (debootstrap), Node.js 24 from the npm package the project's
# wrapper already uses, and npm from the npm registry. It stands for the official Node 24 Debian image.
#
# It also carries this machine's CA certificates (NODE_EXTRA_CA_CERTS, npm's cafile) so that `npm ci`
# inside the build reaches the registry through a TLS-inspecting network. They belong to this test
# base only: the Dockerfile and the images people build from it never get them.
#
#   bash e2e/image/make-test-base.sh [TAG]      (default quire-test-base:bookworm; needs root)
set -euo pipefail

cd "$(dirname "$0")/../.."
tag="${1:-quire-test-base:bookworm}"
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
ca_bundle="${TEST_BASE_CA_BUNDLE:-/etc/ssl/certs/ca-certificates.crt}"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
rootfs="$work/rootfs"

echo "test base: debootstrap bookworm (minbase) from $mirror"
debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 || {
  tail -20 "$work/debootstrap.log" >&2
  exit 1
}
rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*

node_bin="$(scripts/with-node.sh node -p process.execPath)"
echo "test base: Node.js $("$node_bin" --version) from $node_bin"
install -m 0755 "$node_bin" "$rootfs/usr/local/bin/node"

npm_version="${TEST_BASE_NPM_VERSION:-11}"
(cd "$work" && npm pack --silent "npm@$npm_version" >"$work/npm-pack.txt")
npm_tgz="$work/$(tail -1 "$work/npm-pack.txt")"
mkdir -p "$rootfs/usr/local/lib/node_modules/npm"
tar -xzf "$npm_tgz" -C "$rootfs/usr/local/lib/node_modules/npm" --strip-components=1
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
echo "test base: npm $(tail -1 "$work/npm-pack.txt" | sed 's/^npm-//; s/\.tgz$//')"

mkdir -p "$rootfs/usr/local/share/quire-test-ca"
cp "$ca_bundle" "$rootfs/usr/local/share/quire-test-ca/ca.crt"

tar -C "$rootfs" --numeric-owner -c . | docker import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'ENV NODE_EXTRA_CA_CERTS=/usr/local/share/quire-test-ca/ca.crt' \
  --change 'ENV npm_config_cafile=/usr/local/share/quire-test-ca/ca.crt' \
  --change 'CMD ["bash"]' \
  - "$tag" >/dev/null
echo "test base: $tag"
