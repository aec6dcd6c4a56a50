#!/usr/bin/env bash
# Installs moto's S3-compatible server (PyPI `moto[server]`) into a private virtualenv under .tools/,
# for the S3 blob store's integration test. Idempotent; prints the path of `moto_server`.
#   bash services/uploads/scripts/install-moto.sh
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
VENV="$ROOT/.tools/moto-venv"
if [ ! -x "$VENV/bin/moto_server" ]; then
  python3 -m venv "$VENV" >&2
  "$VENV/bin/pip" install --quiet --disable-pip-version-check 'moto[server]>=5,<6' >&2
fi
echo "$VENV/bin/moto_server"
