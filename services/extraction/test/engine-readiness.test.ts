// Readiness tells the truth about the engine: a process whose engine threads cannot take a trivial task
// within the probe is not ready (HTTP /healthz/ready, and the API's grpc.health.v1 status through watch),
// and is ready again once the stuck thread was replaced at its call's deadline. Uses the stand-in worker
// (engine-stub-worker.mjs) for the stuck thread, the built engine worker for the idle case.
import { Client, credentials } from '@grpc/grpc-js';
import { HealthModule, createLogger, startServiceApp } from '@exs/platform';
import { createServer } from 'node:net';
import { EnginePool } from '../src/engine/engine-pool.js';
import { ENGINE_PROBE_MS, EngineHealth } from '../src/engine/engine-health.js';
import { engineReadiness } from '../src/engine/engine.module.js';

type NestFastifyApplication = Awaited<ReturnType<typeof startServiceApp>>;

const STUB_WORKER = new URL('./engine-stub-worker.mjs', import.meta.url).href;
const pools: EnginePool[] = [];
const doc = new TextEncoder().encode('a document');

function stubPool(): EnginePool {
  const pool = new EnginePool({ threads: 1, workerFile: STUB_WORKER });
  pools.push(pool);
  return pool;
}

/** Holds the pool's only thread until `deadlineMs`, longer than the probe so the probe sees it stuck. */
function wedge(engine: EnginePool, deadlineMs = ENGINE_PROBE_MS + 2_500): Promise<unknown> {
  return engine.run(doc, 'hang', 20, { deadlineMs }).catch((err: unknown) => err);
}

/** A loopback port nothing listens on (bound once by the OS, then released). */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

afterAll(async () => {
  await Promise.all(pools.map((p) => p.onApplicationShutdown()));
});

test('an idle pool of the real engine worker answers the probe', async () => {
  const engine = new EnginePool({ threads: 1 });
  pools.push(engine);
  // A thread takes work once it has loaded the engine (seconds on a busy machine): not what is probed here.
  await engine.checkSchema('{"type": "object", "properties": {"total": {"type": "number"}}}');
  await expect(new EngineHealth(engine).check()).resolves.toBeUndefined();
});

test('while the only thread is stuck the probe fails; once the deadline replaced the thread it passes again', async () => {
  const engine = stubPool();
  const health = new EngineHealth(engine);
  await health.check();
  const stuck = wedge(engine);
  await expect(health.check()).rejects.toThrow(`no engine thread answered within ${ENGINE_PROBE_MS} ms`);
  await stuck;
  await expect(health.check()).resolves.toBeUndefined();
}, 20_000);

test('concurrent probes share one ping', async () => {
  let pings = 0;
  let answer!: () => void;
  const health = new EngineHealth({ ping: () => { pings += 1; return new Promise<void>((resolve) => { answer = resolve; }); } });
  const probes = [health.check(), health.check(), health.check()];
  answer();
  await Promise.all(probes);
  expect(pings).toBe(1);
  const later = health.check();
  answer();
  await later;
  expect(pings).toBe(2);
});

test('watch reports serving, then not serving while the pool is stuck, then serving again', async () => {
  const engine = stubPool();
  const health = new EngineHealth(engine);
  const reports: boolean[] = [];
  let changed!: () => void;
  const next = () => new Promise<void>((resolve) => { changed = resolve; });
  let waitFor = next();
  health.watch((serving) => { reports.push(serving); changed(); }, 100);
  try {
    await waitFor;
    waitFor = next();
    const stuck = wedge(engine);
    await waitFor;
    waitFor = next();
    await stuck;
    await waitFor;
    expect(reports).toEqual([true, false, true]);
  } finally {
    health.onApplicationShutdown();
  }
}, 20_000);

test('a worker-only process has no engine readiness check: a worker busy with a long job still counts as available', () => {
  const health = new EngineHealth({ ping: async () => undefined });
  expect(Object.keys(engineReadiness(health, new Set(['worker'])))).toEqual([]);
  expect(Object.keys(engineReadiness(health, new Set(['api'])))).toEqual(['engine']);
});

describe('the service bootstrap (startServiceApp) with the engine check', () => {
  let app: NestFastifyApplication;
  let engine: EnginePool;
  let httpPort: number;
  let grpcPort: number;
  let health: EngineHealth;

  beforeAll(async () => {
    engine = stubPool();
    health = new EngineHealth(engine);
    [httpPort, grpcPort] = [await freePort(), await freePort()];
    app = await startServiceApp({
      module: HealthModule.forRoot({ useFactory: () => engineReadiness(health, new Set(['api', 'worker'])) }),
      logger: createLogger('engine-readiness-test', 'silent'),
      http: { host: '127.0.0.1', port: httpPort },
      grpc: { name: 'extraction', host: '127.0.0.1', port: grpcPort, serving: (_app, report) => health.watch(report, 100) },
    });
  }, 30_000);

  afterAll(async () => {
    health?.onApplicationShutdown();
    await app?.close();
  });

  const ready = async () => {
    const res = await fetch(`http://127.0.0.1:${httpPort}/healthz/ready`);
    return { status: res.status, body: await res.json() as Record<string, any> };
  };

  /** grpc.health.v1 Check of the extraction API's full name: 1 SERVING, 2 NOT_SERVING. */
  const grpcStatus = () => new Promise<number>((resolve, reject) => {
    const service = Buffer.from('exs.extraction.v1.ExtractionService');
    const client = new Client(`127.0.0.1:${grpcPort}`, credentials.createInsecure());
    client.makeUnaryRequest('/grpc.health.v1.Health/Check', (b: Buffer) => b, (b: Buffer) => b, Buffer.concat([Buffer.from([0x0a, service.length]), service]), (err, res) => {
      client.close();
      if (err) reject(err);
      else resolve(res?.[0] === 0x08 ? res[1]! : 0);
    });
  });
  const grpcStatusBecomes = async (want: number) => {
    while ((await grpcStatus()) !== want) await new Promise((r) => setTimeout(r, 50));
  };

  test('/healthz/ready is 503 with the engine check down while the pool is stuck, and 200 again after', async () => {
    expect((await ready()).status).toBe(200);
    const stuck = wedge(engine);
    const down = await ready();
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ status: 'error', error: { engine: { status: 'down', message: `no engine thread answered within ${ENGINE_PROBE_MS} ms` } } });
    await stuck;
    expect((await ready()).status).toBe(200);
  }, 20_000);

  test("the API's grpc.health.v1 status is NOT_SERVING while the pool is stuck, and SERVING again after", async () => {
    await grpcStatusBecomes(1);
    const stuck = wedge(engine);
    await grpcStatusBecomes(2);
    await stuck;
    await grpcStatusBecomes(1);
  }, 20_000);
});
