#!/usr/bin/env bash
# Installs promtool (Prometheus' rule checker) into .tools/bin, built from the Go module proxy:
#   github.com/prometheus/prometheus/cmd/promtool (the module's versions are v0.<minor>.<patch> for Prometheus
#   3.<minor>.<patch>). test/deploy/helm-monitoring.test.ts runs `promtool check rules` on the chart's alert
#   rules and on the dashboard's queries when it is present. The build takes ~12 minutes on a busy 2-core
#   machine (a large module graph), so the tests do not start it themselves. Needs `go` (>= 1.26).
set -euo pipefail

PROMETHEUS_VERSION=v0.316.0   # Prometheus 3.16.0

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BIN="$ROOT/.tools/bin"
mkdir -p "$BIN"
if [ -x "$BIN/promtool" ] && [ "$(cat "$BIN/.promtool.version" 2>/dev/null)" = "$PROMETHEUS_VERSION" ]; then
  echo "[install-promtool] promtool $PROMETHEUS_VERSION present" >&2
  exit 0
fi
GO="$(command -v go || true)"
[ -z "$GO" ] && [ -x /usr/local/go/bin/go ] && GO=/usr/local/go/bin/go
[ -z "$GO" ] && { echo "[install-promtool] go is not installed" >&2; exit 1; }
echo "[install-promtool] building promtool $PROMETHEUS_VERSION (go install, ~12 min on 2 busy cores)" >&2
GOBIN="$BIN" GOFLAGS="${GOFLAGS:--buildvcs=false}" CGO_ENABLED=0 "$GO" install -trimpath -ldflags "-w -s" \
  "github.com/prometheus/prometheus/cmd/promtool@$PROMETHEUS_VERSION" >&2
echo "$PROMETHEUS_VERSION" > "$BIN/.promtool.version"
