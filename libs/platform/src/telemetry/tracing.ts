import { NodeSDK } from '@opentelemetry/sdk-node';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { BatchSpanProcessor, NoopSpanProcessor } from '@opentelemetry/sdk-trace';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { GrpcInstrumentation } from '@opentelemetry/instrumentation-grpc';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';

let sdk: NodeSDK | undefined;

/**
 * Starts tracing for this process: W3C trace context over HTTP and gRPC (NATS headers are handled by
 * the JetStream helpers). Spans are exported over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT (or
 * ..._TRACES_ENDPOINT) is set; without it, context still propagates but nothing is exported.
 */
export function startTelemetry(serviceName: string): void {
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
    spanProcessors: [exporting
      ? new BatchSpanProcessor({ exporter: new OTLPTraceExporter(), scheduledDelayMillis: Number(process.env.OTEL_BSP_SCHEDULE_DELAY ?? 5000) })
      : new NoopSpanProcessor()],
    instrumentations: [
      new HttpInstrumentation({
        // Health probes would drown real traffic in Tempo.
        ignoreIncomingRequestHook: (req) => /^\/(healthz|v1\/health)\b/.test(req.url ?? ''),
      }),
      new GrpcInstrumentation({ ignoreGrpcMethods: ['Check', 'Watch'] }),
    ],
  });
  sdk.start();
}

export async function shutdownTelemetry(): Promise<void> {
  await sdk?.shutdown().catch(() => undefined);
  sdk = undefined;
}
