import { NodeSDK } from '@opentelemetry/sdk-node';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { BatchSpanProcessor, NoopSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { GrpcInstrumentation } from '@opentelemetry/instrumentation-grpc';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';

let sdk: NodeSDK | undefined;

export interface TelemetryOptions {
  /** Span processors used instead of the OTLP exporter (tests: an in-memory exporter). */
  spanProcessors?: SpanProcessor[];
}

/** Requests that are not traced: health probes and metrics scrapes would drown real traffic in Tempo. */
export const UNTRACED_PATHS = /^\/(healthz|v1\/health|metrics)\b/;

/**
 * Starts tracing for this process: W3C trace context over HTTP and gRPC (NATS headers are handled by
 * the JetStream helpers), and the time spent in PostgreSQL (pg, under Prisma's driver adapter: queries and
 * waits for a pooled connection) and Redis (ioredis). Spans are exported over OTLP/HTTP when
 * OTEL_EXPORTER_OTLP_ENDPOINT (or ..._TRACES_ENDPOINT) is set; without it, context still propagates but
 * nothing is exported.
 */
export function startTelemetry(serviceName: string, options: TelemetryOptions = {}): void {
  if (sdk) return;
  const exporting = Boolean(process.env.OTEL_EXPORTER_OTLP_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
  // Traces only: without these the SDK would also start metric and log exporters aimed at localhost.
  // Metrics are pulled instead, from /metrics, each app with its own provider (metrics/service-metrics.ts).
  process.env.OTEL_METRICS_EXPORTER ??= 'none';
  process.env.OTEL_LOGS_EXPORTER ??= 'none';
  sdk = new NodeSDK({
    resource: resourceFromAttributes({
      [ATTR_SERVICE_NAME]: process.env.OTEL_SERVICE_NAME ?? serviceName,
      [ATTR_SERVICE_VERSION]: process.env.BUILD_ID ?? 'dev',
    }),
    // Without an endpoint spans are still made (their ids go into logs and propagate) but not exported;
    // the SDK's default would be an OTLP exporter retrying against localhost:4318 forever.
    spanProcessors: options.spanProcessors ?? [exporting
      ? new BatchSpanProcessor({ exporter: new OTLPTraceExporter(), scheduledDelayMillis: Number(process.env.OTEL_BSP_SCHEDULE_DELAY ?? 5000) })
      : new NoopSpanProcessor()],
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => UNTRACED_PATHS.test(req.url ?? '') }),
      new GrpcInstrumentation({ ignoreGrpcMethods: ['Check', 'Watch'] }),
      // Only inside a request, job or call: readiness pings, sweeps and scrape-time gauges would otherwise
      // each start a trace of their own. Statements carry placeholders, never parameter values.
      new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false }),
      // The command name only: arguments are keys and values (API key hashes, bucket names).
      new IORedisInstrumentation({ requireParentSpan: true, dbStatementSerializer: (command) => command }),
    ],
  });
  sdk.start();
}

export async function shutdownTelemetry(): Promise<void> {
  await sdk?.shutdown().catch(() => undefined);
  sdk = undefined;
}
