#!/usr/bin/env bash
# Installs stripe-mock (Stripe's own mock of its API, built from Stripe's OpenAPI document) into .tools/bin,
# built from the Go module proxy: the local stack's and the tests' payment processor, so billing's Stripe
# provider runs against the real request/response shapes without reaching Stripe. Idempotent: skipped when
# .tools/bin/stripe-mock carries the pinned version's stamp.
# Needs `go` (>= 1.22). Prints the binary's path on stdout; progress goes to stderr.
set -euo pipefail

STRIPE_MOCK_VERSION=v0.203.0

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BIN="$ROOT/.tools/bin"
mkdir -p "$BIN"
log() { echo "[install-stripe-mock] $*" >&2; }

exec 9>"$ROOT/.tools/install-stripe-mock.lock"
flock 9

if [ -x "$BIN/stripe-mock" ] && [ "$(cat "$BIN/.stripe-mock.version" 2>/dev/null)" = "$STRIPE_MOCK_VERSION" ]; then
  log "stripe-mock $STRIPE_MOCK_VERSION present"
else
  GO="$(command -v go || true)"
  [ -z "$GO" ] && [ -x /usr/local/go/bin/go ] && GO=/usr/local/go/bin/go
  if [ -z "$GO" ]; then log "go is not installed: cannot build stripe-mock (install Go >= 1.22)"; exit 1; fi
  log "building stripe-mock $STRIPE_MOCK_VERSION (go install, a minute or two on 2 cores)"
  GOFLAGS="${GOFLAGS:--buildvcs=false}" CGO_ENABLED=0 GOBIN="$BIN" "$GO" install -trimpath -ldflags "-w -s" "github.com/stripe/stripe-mock@$STRIPE_MOCK_VERSION" >&2
  echo "$STRIPE_MOCK_VERSION" > "$BIN/.stripe-mock.version"
fi
echo "$BIN/stripe-mock"
