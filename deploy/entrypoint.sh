#!/bin/sh
# Container entrypoint: one image, eight services. $SERVICE picks the service (gateway, uploads, extraction,
# billing, ratelimit, webhooks, mcp, dashboard); the first argument picks what to do:
#   start    (default) run the service: node --enable-source-maps --import @exs/platform/telemetry-preload dist/main.js
#   migrate  apply the service's Prisma migrations to $DATABASE_URL, then exit (the Helm pre-install/pre-upgrade hook)
#   <other>  run that command as is (e.g. `sh`, `node services/gateway/dist/admin/cli.js ...`)
set -eu

APP_ROOT="${APP_ROOT:-/app}"

need_service() {
  case "${SERVICE:-}" in
    gateway|uploads|extraction|billing|ratelimit|webhooks|mcp|dashboard) ;;
    "") echo "exs-entrypoint: SERVICE is not set (gateway, uploads, extraction, billing, ratelimit, webhooks, mcp, dashboard)" >&2; exit 64 ;;
    *) echo "exs-entrypoint: unknown SERVICE \"$SERVICE\" (gateway, uploads, extraction, billing, ratelimit, webhooks, mcp, dashboard)" >&2; exit 64 ;;
  esac
}

cmd="${1:-start}"
case "$cmd" in
  start)
    need_service
    cd "$APP_ROOT/services/$SERVICE"
    export SERVICE_NAME="${SERVICE_NAME:-$SERVICE}"
    export OTEL_SERVICE_NAME="${OTEL_SERVICE_NAME:-$SERVICE}"
    exec node --enable-source-maps --import @exs/platform/telemetry-preload dist/main.js
    ;;
  migrate)
    need_service
    schema="$APP_ROOT/services/$SERVICE/prisma/schema.prisma"
    if [ ! -f "$schema" ]; then
      echo "exs-entrypoint: $SERVICE has no database (no $schema): nothing to migrate" >&2
      exit 0
    fi
    if [ -z "${DATABASE_URL:-}" ]; then
      echo "exs-entrypoint: DATABASE_URL is not set" >&2
      exit 64
    fi
    echo "exs-entrypoint: applying migrations of $SERVICE" >&2
    # The CLI reads DATABASE_URL itself (no credentials on the command line, where `ps` would show them).
    exec node --enable-source-maps "$APP_ROOT/libs/prisma-migrate/dist/cli.js" deploy --schema "$schema"
    ;;
  *)
    exec "$@"
    ;;
esac
