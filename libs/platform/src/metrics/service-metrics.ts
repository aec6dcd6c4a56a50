import { createNoopMeter, type Meter } from '@opentelemetry/api';
import { MeterProvider } from '@opentelemetry/sdk-metrics';
import { PrometheusExporter, PrometheusSerializer } from '@opentelemetry/exporter-prometheus';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';

/** The Prometheus text exposition format, version 0.0.4 (what every Prometheus scrapes). */
export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/** Histogram buckets in seconds, from a fast HTTP call to the gateway's 120 s extraction timeout. */
export const REQUEST_SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

/** How long a scrape-time sample (JetStream consumer info, a row count) may take before it is skipped. */
export const SAMPLE_DEADLINE_MS = 1000;

/**
 * One service's metrics: an OpenTelemetry MeterProvider of its own whose only reader is a Prometheus
 * exporter that never starts a server; `/metrics` on the service's HTTP port renders it (MetricsModule).
 * One provider per application rather than the global one, so two services built in one process (tests)
 * never mix their series, and instruments are reached through dependency injection.
 */
export class ServiceMetrics {
  readonly meter: Meter;
  private readonly provider: MeterProvider;
  private readonly reader: PrometheusExporter;
  // Scope labels on every series would only repeat the service name; target_info carries the resource.
  private readonly serializer = new PrometheusSerializer('', false, undefined, false, true);

  constructor(readonly service: string, version = process.env.BUILD_ID ?? 'dev') {
    this.reader = new PrometheusExporter({ preventServerStart: true, withoutScopeInfo: true });
    this.provider = new MeterProvider({
      resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: process.env.OTEL_SERVICE_NAME ?? service, [ATTR_SERVICE_VERSION]: version }),
      readers: [this.reader],
    });
    this.meter = this.provider.getMeter(`exs-${service}`);
  }

  /** The current values in the Prometheus text format; observable gauges are sampled now. */
  async render(): Promise<string> {
    const { resourceMetrics, errors } = await this.reader.collect({ timeoutMillis: SAMPLE_DEADLINE_MS * 2 });
    const text = this.serializer.serialize(resourceMetrics);
    return errors.length ? `${text}# ${errors.length} metric callbacks failed\n` : text;
  }

  async shutdown(): Promise<void> {
    await this.provider.shutdown().catch(() => undefined);
  }
}

const NOOP_METER = createNoopMeter();

/** The service's meter, or one that records nothing where a class is built without metrics (unit tests, CLIs). */
export function meterOf(metrics?: ServiceMetrics): Meter {
  return metrics?.meter ?? NOOP_METER;
}

/** Resolves `fn`, or rejects after `ms`: a scrape must not hang on a slow dependency. */
export async function withinDeadline<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([fn(), new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms); })]);
  } finally {
    clearTimeout(timer);
  }
}
