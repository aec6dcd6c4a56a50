import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { databaseUrl, ensureDatabase, ensureTesseract, startMailpit, startNats, startPostgres, startRedis, startStripeMock, type RunningServer } from '@exs/devinfra';
import { deployMigrations } from '@exs/prisma-migrate';
import { ServiceProcess } from './service-process.js';
import { DEFAULT_PORTS, serviceEnv, topology, type Ports, type ServiceSpec } from './topology.js';

export interface StackOptions {
  rootDir: string;
  /** Where PostgreSQL, Redis and NATS keep data (default <root>/.data). */
  dataDir?: string;
  /** Logs and the lock file (default <root>/.run). */
  runDir?: string;
  ports?: Partial<Ports>;
  /** Use these instead of starting local servers. */
  external?: { databaseUrl?: string; redisUrl?: string; natsUrl?: string; smtpUrl?: string; stripeApiBase?: string };
  /** Extra environment for every service (BUILD_ID, OTEL exporter, LOG_LEVEL, ...). */
  env?: Record<string, string>;
  restartServices?: boolean;
  log?: (line: string) => void;
  /** How long to wait for every service to report ready. */
  readyTimeoutMs?: number;
}

export interface Stack {
  gatewayUrl: string;
  services: Map<ServiceSpec['name'], ServiceProcess>;
  specs: ServiceSpec[];
  urls: { databaseServer: string; redis: string; nats: string; smtp: string; stripe: string };
  /** The dashboard's address, and Mailpit's web inbox (undefined with an external SMTP server). */
  dashboardUrl: string;
  mailUrl?: string;
  /** The environment each service was started with. */
  env: Map<ServiceSpec['name'], Record<string, string>>;
  /** Polls every service's readiness until all are ready or the timeout passes. */
  waitHealthy(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export class StackAlreadyRunningError extends Error {}

interface LockFile { pid: number; gatewayUrl: string }

function isAlive(pid: number): boolean {
  try { process.kill(pid, 0); return true; } catch { return false; }
}

/** One stack per run directory: a second start reports the first instead of failing on busy ports. */
function takeLock(runDir: string, gatewayUrl: string): () => void {
  const file = join(runDir, 'stack.lock');
  if (existsSync(file)) {
    try {
      const held = JSON.parse(readFileSync(file, 'utf8')) as LockFile;
      if (held.pid !== process.pid && isAlive(held.pid)) {
        throw new StackAlreadyRunningError(`the stack is already running (pid ${held.pid}) with the gateway at ${held.gatewayUrl}; stop it with Ctrl-C in its terminal or: kill ${held.pid}`);
      }
    } catch (err) {
      if (err instanceof StackAlreadyRunningError) throw err;
    }
  }
  mkdirSync(runDir, { recursive: true });
  writeFileSync(file, JSON.stringify({ pid: process.pid, gatewayUrl } satisfies LockFile));
  return () => rmSync(file, { force: true });
}

const SERVICE_SCHEMA = (rootDir: string, name: string) => join(rootDir, 'services', name, 'prisma', 'schema.prisma');

/**
 * Brings the whole system up on this machine: PostgreSQL, Redis and NATS (started here unless
 * external ones are given), one database per service with its migrations applied, then the six
 * services as separate processes, and waits until every one reports ready.
 */
export async function startStack(opts: StackOptions): Promise<Stack> {
  const log = opts.log ?? ((line: string) => console.log(`[stack] ${line}`));
  const ports: Ports = { ...DEFAULT_PORTS, ...opts.ports };
  const dataDir = opts.dataDir ?? join(opts.rootDir, '.data');
  const runDir = opts.runDir ?? join(opts.rootDir, '.run');
  const gatewayUrl = `http://127.0.0.1:${ports.gateway}`;
  const releaseLock = takeLock(runDir, gatewayUrl);
  const infra: RunningServer[] = [];
  const services = new Map<ServiceSpec['name'], ServiceProcess>();
  const envs = new Map<ServiceSpec['name'], Record<string, string>>();
  let monitor: NodeJS.Timeout | undefined;

  const stop = async () => {
    clearInterval(monitor);
    await Promise.all([...services.values()].map((s) => s.stop()));
    for (const server of infra.reverse()) await server.stop().catch((err: Error) => log(`stopping ${server.url}: ${err.message}`));
    releaseLock();
  };

  try {
    const specs = topology(ports);
    let databaseServer = opts.external?.databaseUrl;
    if (!databaseServer) {
      const pg = await startPostgres({ dataDir: join(dataDir, 'postgres'), port: ports.postgres, log });
      infra.push(pg);
      databaseServer = pg.url;
      log(`PostgreSQL ${pg.reused ? 'reused' : 'started'} on 127.0.0.1:${ports.postgres}`);
    }
    let redis = opts.external?.redisUrl;
    if (!redis) {
      const r = await startRedis({ port: ports.redis, dataDir: join(dataDir, 'redis'), log });
      infra.push(r);
      redis = r.url;
      log(`Redis ${r.reused ? 'reused' : 'started'} on 127.0.0.1:${ports.redis}`);
    }
    let nats = opts.external?.natsUrl;
    if (!nats) {
      const n = await startNats({ port: ports.nats, monitorPort: ports.natsMonitor, storeDir: join(dataDir, 'nats'), log });
      infra.push(n);
      nats = n.url;
      log(`NATS JetStream ${n.reused ? 'reused' : 'started'} on 127.0.0.1:${ports.nats}`);
    }
    let smtp = opts.external?.smtpUrl;
    let mailUrl: string | undefined;
    if (!smtp) {
      const m = await startMailpit({ smtpPort: ports.mailpitSmtp, httpPort: ports.mailpitWeb, rootDir: opts.rootDir, dataDir: join(dataDir, 'mailpit'), log });
      infra.push(m);
      smtp = m.smtpUrl;
      mailUrl = m.webUrl;
      log(`Mailpit ${m.reused ? 'reused' : 'started'}: SMTP on 127.0.0.1:${ports.mailpitSmtp}, API at ${m.webUrl}/api/v1`);
    }
    // stripe-mock answers billing's Stripe calls (no webhooks: tests sign those themselves).
    let stripe = opts.external?.stripeApiBase;
    if (!stripe) {
      const sm = await startStripeMock({ port: ports.stripeMock, rootDir: opts.rootDir, dataDir: join(dataDir, 'stripe-mock'), log });
      infra.push(sm);
      stripe = sm.apiBase;
      log(`stripe-mock ${sm.reused ? 'reused' : 'started'} on 127.0.0.1:${ports.stripeMock}`);
    }
    const urls = { databaseServer, redis, nats, smtp, stripe };
    // The extraction service reads scanned pages with Tesseract: installed like Redis and NATS, before any service
    // starts, unless the caller chose the binary itself (EXS_TESSERACT_BIN; a test stack without OCR points it nowhere).
    if (opts.env?.EXS_TESSERACT_BIN === undefined) {
      const ocr = await ensureTesseract({ log });
      log(`OCR: tesseract ${ocr.version} ${ocr.installed ? 'installed' : 'found'} at ${ocr.bin} (languages ${ocr.languages.join(', ')})`);
    }

    for (const spec of specs) {
      if (!spec.database) continue;
      await ensureDatabase(databaseServer, spec.database);
      const { applied } = await deployMigrations({ schemaPath: SERVICE_SCHEMA(opts.rootDir, spec.name), url: databaseUrl(databaseServer, spec.database) });
      log(`${spec.name}: database ${spec.database} migrated${applied.length ? ` (applied ${applied.join(', ')})` : ''}`);
    }

    const envDir = join(runDir, 'env');
    mkdirSync(envDir, { recursive: true });
    for (const spec of specs) {
      const env = { ...serviceEnv(spec, specs, urls, databaseUrl), ...opts.env };
      envs.set(spec.name, env);
      // Written out so one service can be run alone (or the admin CLI pointed at the stack) with the same settings.
      writeFileSync(join(envDir, `${spec.name}.env`), Object.entries(env).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join('\n') + '\n');
      const svc = new ServiceProcess({ spec, rootDir: opts.rootDir, logDir: join(runDir, 'logs'), env, restart: opts.restartServices ?? true, log });
      services.set(spec.name, svc);
      svc.start();
    }

    const waitHealthy = async (timeoutMs = opts.readyTimeoutMs ?? 180_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const results = await Promise.all([...services.values()].map(async (s) => [s, await s.probe()] as const));
        const waiting = results.filter(([, ok]) => !ok).map(([s]) => s);
        if (waiting.length === 0) return;
        if (Date.now() > deadline) {
          throw new Error(`not ready after ${timeoutMs / 1000}s: ${waiting.map((s) => `${s.name} (${s.state}, log ${s.logFile})`).join(', ')}`);
        }
        await new Promise((r) => setTimeout(r, 250));
      }
    };
    await waitHealthy();
    monitor = setInterval(() => { for (const s of services.values()) void s.probe(); }, 2000);
    monitor.unref();
    return { gatewayUrl, dashboardUrl: `http://127.0.0.1:${ports.dashboard}`, mailUrl, services, specs, urls, env: envs, waitHealthy, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
