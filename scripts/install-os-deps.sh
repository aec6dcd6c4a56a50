#!/usr/bin/env bash
# Installs the OS packages the local stack needs (Debian/Ubuntu, apt). Idempotent: a package is only
# installed when its command is missing, and `apt-get update` only runs when something is to be installed.
# Runs as root, or through `sudo -n` when available. Non-interactive.
set -euo pipefail

SUDO=""
if [ "$(id -u)" != "0" ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo -n"; else
    echo "[install-os-deps] not root and no sudo: install the packages listed below yourself" >&2
  fi
fi

# pairs "command:package" (command probed on PATH and /usr/sbin, /usr/bin)
WANTED=(
  "redis-server:redis-server"
  "nats-server:nats-server"
  # ---- other packages go here, one "command:package" per line (e.g. OCR) ----
  # <<< other-os-packages
  # OCR for @exs/engine ingest (Debian's tesseract-ocr depends on tesseract-ocr-eng and -osd)
  "tesseract:tesseract-ocr"
  # the browser of the browser end-to-end tests (playwright-core drives /usr/bin/chromium; ensureChromium in libs/devinfra)
  "chromium:chromium"
  # >>> other-os-packages
)

have() { command -v "$1" >/dev/null 2>&1 || [ -x "/usr/sbin/$1" ] || [ -x "/usr/bin/$1" ]; }

missing=()
for pair in "${WANTED[@]}"; do
  cmd="${pair%%:*}"; pkg="${pair#*:}"
  have "$cmd" || missing+=("$pkg")
done

# The engine's OCR reads with `-l eng`, detects orientation with osd and re-reads pages in their language
# (fra deu spa ita nld por pol ces swe dan nor fin ron hun tur): a tesseract without that data is as useless as none (same list and check as
# ensureTesseract in libs/devinfra/src/tesseract.ts).
for lang in eng osd fra deu spa ita nld por pol ces swe dan nor fin ron hun tur; do
  if ! { have tesseract && tesseract --list-langs 2>/dev/null | grep -qx "$lang"; }; then missing+=("tesseract-ocr-$lang"); fi
done

if [ "${#missing[@]}" -eq 0 ]; then
  echo "[install-os-deps] all present" >&2
else
  echo "[install-os-deps] installing: ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get -o DPkg::Lock::Timeout=300 update -q >&2
  $SUDO apt-get -o DPkg::Lock::Timeout=300 install -y -q --no-install-recommends "${missing[@]}" >&2
fi

# Fallback for nats-server when apt could not provide it: build it from the Go module proxy.
if ! have nats-server && command -v go >/dev/null 2>&1; then
  echo "[install-os-deps] nats-server via go install" >&2
  GOBIN="${GOBIN:-$(go env GOPATH)/bin}" go install github.com/nats-io/nats-server/v2@latest >&2
fi
