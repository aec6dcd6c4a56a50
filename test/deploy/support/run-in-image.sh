#!/bin/sh
# Runs a command inside a mounted image root as Kubernetes would run the chart's pods: uid/gid 1000, the root
# filesystem read-only, a writable tmpfs on /tmp, and the image's own environment. No container engine: a
# private mount namespace (`unshare --mount`, so every mount below disappears with the process) and chroot.
# The network namespace is the host's: whatever runs inside binds 127.0.0.1 only.
#   unshare --mount --propagation private sh run-in-image.sh <image root> <fixtures dir or -> <env file> <cmd> [args...]
# <fixtures dir> is mounted read-only at /mnt/fixtures; <env file> holds NAME=value lines (the image's Env plus
# the test's), passed through `env -i`.
set -eu
image_root="$1"; fixtures="$2"; env_file="$3"; shift 3
root="$(mktemp -d /tmp/exs-image-root.XXXXXX)"
mount --bind "$image_root" "$root"
mount -o remount,bind,ro "$root"
mount -t tmpfs -o size=512m,mode=1777 tmpfs "$root/tmp"
mount -t proc proc "$root/proc"
mount --rbind /dev "$root/dev"
if [ "$fixtures" != "-" ]; then
  mount -t tmpfs -o size=1m,mode=0755 tmpfs "$root/mnt"
  mkdir "$root/mnt/fixtures"
  mount --bind "$fixtures" "$root/mnt/fixtures"
  mount -o remount,bind,ro "$root/mnt/fixtures"
fi
set --  "$@"
# shellcheck disable=SC2046
exec chroot --userspec=1000:1000 "$root" /usr/bin/env -i $(cat "$env_file") "$@"
