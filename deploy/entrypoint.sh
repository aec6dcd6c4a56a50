#!/bin/sh
# Container entrypoint: one image, eight services. $SERVICE picks the service (gateway, uploads, extraction,
# billing, ratelimit, webhooks, mcp, dashboard); the first argument picks what to do:
#   start    (default) run the service: node --enable-source-maps --import @exs/platform/telemetry-preload dist/main.js
#   migrate  apply the service's Prisma migrations to $DATABASE_URL, then exit (the Helm pre-install/pre-upgrade hook)
#   healthcheck  exit 0 when the service's GET /healthz/live answers 2xx within 4 s (the image's HEALTHCHECK)
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

# The HTTP port each service listens on unless HTTP_PORT says otherwise (services/<service>/src/config.ts).
http_port() {
  case "$SERVICE" in
    gateway) echo 8080 ;; uploads) echo 9101 ;; extraction) echo 9102 ;; billing) echo 9103 ;;
    ratelimit) echo 9104 ;; webhooks) echo 9105 ;; dashboard) echo 8090 ;; mcp) echo 8091 ;;
  esac
}

cmd="${1:-start}"
case "$cmd" in
  healthcheck)
    need_service
    # node is the one HTTP client in the image (no curl). Liveness, not readiness: a dependency outage must
    # not mark the container unhealthy (an orchestrator may restart unhealthy containers).
    HC_URL="http://127.0.0.1:${HTTP_PORT:-$(http_port)}/healthz/live" exec node -e '
      fetch(process.env.HC_URL, { signal: AbortSignal.timeout(4000) })
        .then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1));'
    ;;
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
