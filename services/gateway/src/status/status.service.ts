import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { GRPC_SERVICES } from '@exs/contracts';
import { prismaPing } from '@exs/platform';
import { PrismaClient } from '../generated/prisma/client.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { GrpcHealthProbe } from './grpc-health.js';
import { buildReport, runChecks, type DeployedComponent, type StatusCheck, type StatusReport } from './status-report.js';

/** A report is reused this long, so polling the page (by people or monitors) never fans out per request. */
export const STATUS_CACHE_MS = 5_000;
/** Each check's deadline: a hung service shows as down within this, and the page still answers. */
export const STATUS_CHECK_TIMEOUT_MS = 1_500;

export const STATUS_CHECKS = Symbol('STATUS_CHECKS');

export interface StatusChecks {
  checks: StatusCheck[];
  /** Components deployed beside the API (absent or empty: none). */
  components?: ComponentProbe[];
  close(): void;
}

/** The extraction API's name in grpc.health.v1 (its engine's state; '' is the process's). */
const EXTRACTION_API = `${GRPC_SERVICES.extraction.package}.${GRPC_SERVICES.extraction.service}`;

/** A separately deployed component's probe: its HTTP readiness endpoint answering 2xx within the deadline. */
export interface ComponentProbe {
  id: string;
  run(): Promise<void>;
}

async function httpReady(url: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(STATUS_CHECK_TIMEOUT_MS) });
  } catch (err) {
    throw new Error((err as Error).name === 'TimeoutError' ? 'timed out' : 'unreachable');
  }
  await res.body?.cancel();
  if (!res.ok) throw new Error('not ready');
}

/** The components deployed beside the API that this gateway is told to probe. */
export function componentProbes(config: GatewayConfig): ComponentProbe[] {
  const probes: ComponentProbe[] = config.MCP_HEALTH_URL ? [{ id: 'mcp', run: () => httpReady(config.MCP_HEALTH_URL!) }] : [];
  if (config.DASHBOARD_HEALTH_URL) probes.push({ id: 'dashboard', run: () => httpReady(config.DASHBOARD_HEALTH_URL!) });
  return probes;
}

/**
 * The API's checks: the gateway's own database (nothing authenticates without it, bar cached keys) and
 * each internal service's grpc.health.v1 answer. Extraction and billing are critical (no extraction can
 * run without them); uploads, ratelimit (fails open) and webhooks degrade the API without stopping it.
 */
export function apiChecks(config: GatewayConfig, db: PrismaClient): StatusChecks {
  const ping = prismaPing(db);
  const services = [
    { name: 'extraction', url: config.EXTRACTION_GRPC_URL, critical: true },
    { name: 'billing', url: config.BILLING_GRPC_URL, critical: true },
    { name: 'uploads', url: config.UPLOADS_GRPC_URL, critical: false },
    { name: 'ratelimit', url: config.RATELIMIT_GRPC_URL, critical: false },
    { name: 'webhooks', url: config.WEBHOOKS_GRPC_URL, critical: false },
  ].map((s) => ({ ...s, probe: new GrpcHealthProbe(s.url) }));
  const extraction = services.find((s) => s.name === 'extraction')!.probe;
  const checks: StatusCheck[] = [
    { name: 'gateway', critical: true, run: async () => { await ping().catch(() => { throw new Error('database unreachable'); }); } },
    ...services.map((s) => ({ name: s.name, critical: s.critical, run: () => s.probe.check(STATUS_CHECK_TIMEOUT_MS) })),
    // Extraction answers, but its API is NOT_SERVING while no engine thread can take work (stuck, or all
    // busy past a short probe): extractions wait or fail while job reads still work, so the API is degraded.
    { name: 'extraction_engine', critical: false, run: () => extraction.check(STATUS_CHECK_TIMEOUT_MS, EXTRACTION_API) },
  ];
  return { checks, components: componentProbes(config), close: () => services.forEach((s) => s.probe.close()) };
}

/** The status report, probed at most once per STATUS_CACHE_MS; concurrent callers share one probe. */
@Injectable()
export class StatusService implements OnApplicationShutdown {
  private cached?: { report: StatusReport; at: number };
  private inflight?: Promise<StatusReport>;

  constructor(@Inject(STATUS_CHECKS) private readonly api: StatusChecks) {}

  async report(now = Date.now()): Promise<StatusReport> {
    if (this.cached && now - this.cached.at < STATUS_CACHE_MS) return this.cached.report;
    this.inflight ??= this.probe().finally(() => { this.inflight = undefined; });
    return this.inflight;
  }

  private async probe(): Promise<StatusReport> {
    const components = this.api.components ?? [];
    const [results, componentResults] = await Promise.all([
      runChecks(this.api.checks, STATUS_CHECK_TIMEOUT_MS + 500),
      runChecks(components.map((c) => ({ name: c.id, critical: false, run: c.run })), STATUS_CHECK_TIMEOUT_MS + 500),
    ]);
    const deployed: DeployedComponent[] = componentResults.map((result) => ({ id: result.name, result }));
    const report = buildReport(this.api.checks, results, new Date(), deployed);
    this.cached = { report, at: Date.now() };
    return report;
  }

  onApplicationShutdown(): void {
    this.api.close();
  }
}

export const statusChecksProvider = {
  provide: STATUS_CHECKS,
  inject: [GATEWAY_CONFIG, PrismaClient],
  useFactory: (config: GatewayConfig, db: PrismaClient) => apiChecks(config, db),
};
