#!/usr/bin/env bash
# Property-based contract test of a running gateway against the OpenAPI document it serves, with schemathesis
# (https://schemathesis.readthedocs.io). Installs schemathesis from PyPI into .tools/schemathesis-venv (once).
#
#   bash test/contract/schemathesis.sh --url http://127.0.0.1:8080 --api-key exs_live_... [extra schemathesis args]
#
# Environment: SCHEMATHESIS_VERSION (pinned below), MAX_EXAMPLES (per operation, default 50), PYTHON (python3).
# Exit status is schemathesis': non-zero when a check failed. See docs/openapi.md.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
VENV="$ROOT/.tools/schemathesis-venv"
VERSION="${SCHEMATHESIS_VERSION:-4.32.5}"
PYTHON="${PYTHON:-python3}"

URL=""; API_KEY=""; EXTRA=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --url) URL="$2"; shift 2 ;;
    --url=*) URL="${1#*=}"; shift ;;
    --api-key) API_KEY="$2"; shift 2 ;;
    --api-key=*) API_KEY="${1#*=}"; shift ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) EXTRA+=("$1"); shift ;;
  esac
done
[[ -n "$URL" && -n "$API_KEY" ]] || { echo "usage: $0 --url <gateway base URL> --api-key <API key> [schemathesis args]" >&2; exit 2; }
URL="${URL%/}"

# Idempotent install: a venv with exactly this schemathesis version, made once (under a lock, so parallel runs wait).
if [[ ! -x "$VENV/bin/st" ]] || [[ "$("$VENV/bin/python" -c 'import importlib.metadata as m; print(m.version("schemathesis"))' 2>/dev/null)" != "$VERSION" ]]; then
  mkdir -p "$ROOT/.tools"
  exec 9>"$ROOT/.tools/schemathesis-venv.lock"
  flock 9
  if [[ ! -x "$VENV/bin/st" ]] || [[ "$("$VENV/bin/python" -c 'import importlib.metadata as m; print(m.version("schemathesis"))' 2>/dev/null)" != "$VERSION" ]]; then
    echo "installing schemathesis $VERSION into $VENV" >&2
    "$PYTHON" -m venv "$VENV"
    "$VENV/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$VERSION"
  fi
  flock -u 9
fi

# The document as the gateway serves it (unauthenticated).
SPEC="$(mktemp --suffix=.json)"
trap 'rm -f "$SPEC"' EXIT
curl -fsS "$URL/v1/openapi.json" -o "$SPEC"

# Checks: everything schemathesis has except
# - positive_data_acceptance: a request that matches the document can still be refused for reasons no schema can
#   express (random bytes are not a PDF: 400 unsupported_document; an unknown upload_key or job id: 400/404; a
#   wallet too small: 402), so "schema-valid data must get a 2xx" does not hold;
# - unsupported_method: the contract has no 405; a method a path does not serve is 404 not_found (docs/api.md);
# - use_after_free: DELETE /v1/keys/{id} revokes a key, which stays readable with `revoked_at` set (docs/api.md:
#   an account sees its revoked keys), so a GET after the DELETE is rightly 200, not the 404 the check wants.
# --phases: examples from the document, coverage of edge values, then random (fuzzing) and stateful.
exec "$VENV/bin/st" run "$SPEC" \
  --url "$URL" \
  --header "Authorization: Bearer $API_KEY" \
  --checks all \
  --exclude-checks positive_data_acceptance,unsupported_method,use_after_free \
  --max-examples "${MAX_EXAMPLES:-50}" \
  --request-timeout 30 \
  --workers 1 \
  --suppress-health-check all \
  "${EXTRA[@]}"
