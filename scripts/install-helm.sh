#!/usr/bin/env bash
# Installs the chart tooling into .tools/bin, built from the Go module proxy (no other download is needed):
#   helm          helm.sh/helm/v3/cmd/helm, with the version and Kubernetes version stamped as upstream's Makefile does
#   kubeconform   github.com/yannh/kubeconform/cmd/kubeconform
#   yaml2json     deploy/tools/yaml2json (multi-document YAML -> JSON array; the chart tests read helm's output with it)
# and the JSON schemas kubeconform validates against, generated offline into .tools/kube-schemas/<k8s version>:
#   core resources from the OpenAPI document in the k8s.io/kubernetes module (api/openapi-spec/swagger.json),
#   KEDA's ScaledObject from the CRD in the github.com/kedacore/keda/v2 module (config/crd/bases),
#   the Prometheus Operator's PodMonitor, ServiceMonitor and PrometheusRule from the CRDs in the
#   github.com/prometheus-operator/prometheus-operator module (example/prometheus-operator-crd).
# All are Go modules, so `go mod download` fetches them through the proxy; deploy/kubeconform/gen-schemas.mjs
# turns them into kubeconform's layout (`<kind>-<group>-<version>.json`, standalone, strict).
#
# Idempotent: each piece is skipped when its stamp for the pinned version is present. Needs `go` (>= 1.26) and `node`.
# Prints the tools' directory on stdout; progress goes to stderr.
set -euo pipefail

HELM_VERSION=v3.21.4
KUBECONFORM_VERSION=v0.8.0
# The Kubernetes minor version helm reports (.Capabilities.KubeVersion) and the schemas are generated for.
K8S_VERSION=v1.36.3
KEDA_VERSION=v2.21.0
PROMETHEUS_OPERATOR_VERSION=v0.85.0

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TOOLS="$ROOT/.tools"
BIN="$TOOLS/bin"
SCHEMAS="$TOOLS/kube-schemas/$K8S_VERSION"
mkdir -p "$BIN"

log() { echo "[install-helm] $*" >&2; }

# One install at a time (parallel test runs, several checkouts' scripts sharing .tools).
exec 9>"$TOOLS/install-helm.lock"
flock 9

# Go is only needed when something is missing.
GO=""
need_go() {
  [ -n "$GO" ] && return 0
  GO="$(command -v go || true)"
  [ -z "$GO" ] && [ -x /usr/local/go/bin/go ] && GO=/usr/local/go/bin/go
  if [ -z "$GO" ]; then log "go is not installed: cannot build the chart tools (install Go >= 1.26)"; exit 1; fi
  export GOFLAGS="${GOFLAGS:--buildvcs=false}"
  export CGO_ENABLED=0
}

stamp_ok() { [ -x "$BIN/$1" ] && [ "$(cat "$BIN/.$1.version" 2>/dev/null)" = "$2" ]; }

# --- helm ---------------------------------------------------------------------------------------------
if stamp_ok helm "$HELM_VERSION"; then
  log "helm $HELM_VERSION present"
else
  log "building helm $HELM_VERSION (go install, a few minutes on 2 cores)"
  need_go
  k8s_major="${K8S_VERSION#v}"; k8s_minor="${k8s_major#*.}"; k8s_major="${k8s_major%%.*}"; k8s_minor="${k8s_minor%%.*}"
  ldflags="-w -s -X helm.sh/helm/v3/internal/version.version=$HELM_VERSION -X helm.sh/helm/v3/internal/version.gitTreeState=clean"
  for pkg in helm.sh/helm/v3/pkg/lint/rules helm.sh/helm/v3/pkg/chartutil; do
    ldflags="$ldflags -X $pkg.k8sVersionMajor=$k8s_major -X $pkg.k8sVersionMinor=$k8s_minor"
  done
  GOBIN="$BIN" "$GO" install -trimpath -ldflags "$ldflags" "helm.sh/helm/v3/cmd/helm@$HELM_VERSION" >&2
  echo "$HELM_VERSION" > "$BIN/.helm.version"
fi

# --- kubeconform ----------------------------------------------------------------------------------------
if stamp_ok kubeconform "$KUBECONFORM_VERSION"; then
  log "kubeconform $KUBECONFORM_VERSION present"
else
  log "building kubeconform $KUBECONFORM_VERSION"
  need_go
  GOBIN="$BIN" "$GO" install -trimpath -ldflags "-w -s -X main.version=$KUBECONFORM_VERSION" "github.com/yannh/kubeconform/cmd/kubeconform@$KUBECONFORM_VERSION" >&2
  echo "$KUBECONFORM_VERSION" > "$BIN/.kubeconform.version"
fi

# --- yaml2json (ours) -------------------------------------------------------------------------------------
Y2J_SRC="$ROOT/deploy/tools/yaml2json"
y2j_hash="$(cat "$Y2J_SRC/main.go" "$Y2J_SRC/go.mod" "$Y2J_SRC/go.sum" | sha256sum | cut -c1-16)"
if stamp_ok yaml2json "$y2j_hash"; then
  log "yaml2json present"
else
  log "building yaml2json"
  need_go
  (cd "$Y2J_SRC" && "$GO" build -trimpath -ldflags "-w -s" -o "$BIN/yaml2json" .) >&2
  echo "$y2j_hash" > "$BIN/.yaml2json.version"
fi

# --- schemas for kubeconform -------------------------------------------------------------------------------
GEN="$ROOT/deploy/kubeconform/gen-schemas.mjs"
schema_stamp="$K8S_VERSION+keda-$KEDA_VERSION+prometheus-operator-$PROMETHEUS_OPERATOR_VERSION+$(sha256sum "$GEN" | cut -c1-16)"
if [ -f "$SCHEMAS/.stamp" ] && [ "$(cat "$SCHEMAS/.stamp")" = "$schema_stamp" ]; then
  log "kubeconform schemas for $K8S_VERSION present"
else
  log "generating kubeconform schemas for $K8S_VERSION (+ KEDA $KEDA_VERSION, Prometheus Operator $PROMETHEUS_OPERATOR_VERSION)"
  need_go
  moddir() { "$GO" mod download -json "$1" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p'; }
  k8s_dir="$(cd "$TOOLS" && moddir "k8s.io/kubernetes@$K8S_VERSION")"
  keda_dir="$(cd "$TOOLS" && moddir "github.com/kedacore/keda/v2@$KEDA_VERSION")"
  promop_dir="$(cd "$TOOLS" && moddir "github.com/prometheus-operator/prometheus-operator@$PROMETHEUS_OPERATOR_VERSION")"
  [ -f "$k8s_dir/api/openapi-spec/swagger.json" ] || { log "no swagger.json in k8s.io/kubernetes@$K8S_VERSION"; exit 1; }
  crd_json="$(mktemp)"
  "$BIN/yaml2json" < "$keda_dir/config/crd/bases/keda.sh_scaledobjects.yaml" > "$crd_json"
  # The monitoring objects the chart renders (metrics.serviceMonitor: a PodMonitor; metrics.prometheusRule).
  crd_args=(--crd "$crd_json")
  for kind in podmonitors servicemonitors prometheusrules; do
    f="$(mktemp)"
    "$BIN/yaml2json" < "$promop_dir/example/prometheus-operator-crd/monitoring.coreos.com_$kind.yaml" > "$f"
    crd_args+=(--crd "$f")
  done
  NODE="$(command -v node || true)"
  [ -z "$NODE" ] && NODE="$(ls -d "$TOOLS"/node_modules/node/bin/node 2>/dev/null | head -1)"
  rm -rf "$SCHEMAS.tmp"
  "$NODE" "$GEN" --swagger "$k8s_dir/api/openapi-spec/swagger.json" "${crd_args[@]}" --out "$SCHEMAS.tmp" >&2
  for ((i = 1; i < ${#crd_args[@]}; i += 2)); do rm -f "${crd_args[$i]}"; done
  echo "$schema_stamp" > "$SCHEMAS.tmp/.stamp"
  rm -rf "$SCHEMAS" && mv "$SCHEMAS.tmp" "$SCHEMAS"
fi

echo "$BIN"
