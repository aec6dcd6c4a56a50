#!/usr/bin/env bash
# Installs Mailpit (an SMTP sink with an HTTP API) into .tools/bin, built from the Go module proxy: the local
# stack's mail server, so the dashboard's e-mails go through real SMTP and can be read through its API
# (/api/v1/messages, /view/<ID>.txt). Its web inbox stays blank in this build: the Go module has no built UI
# assets (docs/dashboard.md, "E-mail"). Idempotent: skipped when .tools/bin/mailpit carries the pinned version's stamp.
# Needs `go` (>= 1.25). Prints the binary's path on stdout; progress goes to stderr.
set -euo pipefail

MAILPIT_VERSION=v1.33.1

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BIN="$ROOT/.tools/bin"
mkdir -p "$BIN"
log() { echo "[install-mailpit] $*" >&2; }

exec 9>"$ROOT/.tools/install-mailpit.lock"
flock 9

if [ -x "$BIN/mailpit" ] && [ "$(cat "$BIN/.mailpit.version" 2>/dev/null)" = "$MAILPIT_VERSION" ]; then
  log "mailpit $MAILPIT_VERSION present"
else
  GO="$(command -v go || true)"
  [ -z "$GO" ] && [ -x /usr/local/go/bin/go ] && GO=/usr/local/go/bin/go
  if [ -z "$GO" ]; then log "go is not installed: cannot build mailpit (install Go >= 1.25)"; exit 1; fi
  log "building mailpit $MAILPIT_VERSION (go install, a few minutes on 2 cores)"
  GOFLAGS="${GOFLAGS:--buildvcs=false}" CGO_ENABLED=0 GOBIN="$BIN" "$GO" install -trimpath -ldflags "-w -s" "github.com/axllent/mailpit@$MAILPIT_VERSION" >&2
  echo "$MAILPIT_VERSION" > "$BIN/.mailpit.version"
fi
echo "$BIN/mailpit"
