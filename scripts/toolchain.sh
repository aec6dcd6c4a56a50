#!/usr/bin/env bash
# Ensures Node 24 and pnpm 12 (both shipped as npm packages) under .tools/, then installs the workspace.
# Sourced by every entry script so `npm start` / `npm test` work on a machine that only has an older Node.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TOOLS="$ROOT/.tools"
NODE_MAJOR="$(cat "$ROOT/.nvmrc")"
if [ ! -x "$TOOLS/node_modules/.bin/node" ] || [ ! -x "$TOOLS/node_modules/.bin/pnpm" ] \
   || [ "$("$TOOLS/node_modules/.bin/node" -p 'process.versions.node.split(".")[0]')" != "$NODE_MAJOR" ]; then
  echo "[toolchain] installing node@$NODE_MAJOR and pnpm@12 into .tools/" >&2
  mkdir -p "$TOOLS"
  npm install --no-save --prefix "$TOOLS" "node@$NODE_MAJOR" "pnpm@12" >&2
fi
export PATH="$TOOLS/node_modules/.bin:$ROOT/node_modules/.bin:$PATH"
export CHECKPOINT_DISABLE=1
# pnpm install only when the lockfile or a manifest changed since the last successful install.
stamp="$ROOT/node_modules/.install-stamp"
manifests=()
for f in "$ROOT/pnpm-lock.yaml" "$ROOT/pnpm-workspace.yaml" "$ROOT/package.json" "$ROOT"/libs/*/package.json "$ROOT"/services/*/package.json "$ROOT/test/package.json"; do
  [ -f "$f" ] && manifests+=("$f")
done
want="$(cat "${manifests[@]}" | sha1sum | cut -d' ' -f1)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "[toolchain] pnpm install" >&2
  # CI installs exactly the committed lockfile; a developer's install may update it.
  if [ -n "${CI:-}" ]; then frozen=--frozen-lockfile; else frozen=--no-frozen-lockfile; fi
  (cd "$ROOT" && flock "$TOOLS/install.lock" pnpm install "$frozen" >&2)
  echo "$want" > "$stamp"
fi
# Prisma's CLI downloads a native schema engine before every command unless this points at an existing
# file; generate/validate never run it, and migrations go through @exs/prisma-migrate (WASM engine).
if [ -z "${PRISMA_SCHEMA_ENGINE_BINARY:-}" ]; then
  export PRISMA_SCHEMA_ENGINE_BINARY="$TOOLS/prisma-schema-engine.placeholder"
  [ -f "$PRISMA_SCHEMA_ENGINE_BINARY" ] || echo "placeholder: see scripts/toolchain.sh" > "$PRISMA_SCHEMA_ENGINE_BINARY"
fi
