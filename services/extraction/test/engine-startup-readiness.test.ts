// A readiness probe never terminates an engine thread. Piscina hands the first threads work before their
// module has loaded, so a probe at start-up lands on a thread still loading the engine: that thread must
// make the process not ready, not be killed (which counted a deadline kill and failed /healthz/ready on
// every rollout). A stuck engine still makes it not ready (engine-readiness.test.ts).
import { EnginePool } from '../src/engine/engine-pool.js';
import { EngineHealth } from '../src/engine/engine-health.js';

const SLOW_START_WORKER = new URL('./engine-slow-start-worker.mjs', import.meta.url).href;
const STUB_WORKER = new URL('./engine-stub-worker.mjs', import.meta.url).href;
const PROBE_MS = 200;
const pools: EnginePool[] = [];

function pool(workerFile: string, env: Record<string, string> = {}): EnginePool {
  const engine = new EnginePool({ threads: 1, workerFile, env: { ...process.env, ...env } });
  pools.push(engine);
  return engine;
}

/** Probes until one passes (a pool that never gets ready fails by the test's timeout). */
async function becomesReady(health: EngineHealth): Promise<void> {
  for (;;) {
    try {
      return await health.check();
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

afterAll(async () => {
  await Promise.all(pools.map((p) => p.onApplicationShutdown()));
});

test('a thread still loading the engine is not ready and is not terminated; it is ready once loaded', async () => {
  // Loads for 8 probes' time: the first probe certainly meets the thread loading.
  const engine = pool(SLOW_START_WORKER, { STUB_LOAD_MS: String(PROBE_MS * 8) });
  const health = new EngineHealth(engine, PROBE_MS);
  await expect(health.check()).rejects.toThrow(`no engine thread answered within ${PROBE_MS} ms`);
  expect(engine.stats().deadlineKills).toBe(0);
  await becomesReady(health);
  expect(engine.stats().deadlineKills).toBe(0);
}, 20_000);

test('probes of a stuck pool share one ping: they cannot pile tasks up behind the stuck thread', async () => {
  const engine = pool(STUB_WORKER);
  const health = new EngineHealth(engine, PROBE_MS);
  await becomesReady(health);
  const stuck = engine.run(new TextEncoder().encode('doc'), 'hang', 20, { deadlineMs: PROBE_MS * 10 }).catch((err: unknown) => err);
  for (let i = 0; i < 3; i++) await expect(health.check()).rejects.toThrow(`no engine thread answered within ${PROBE_MS} ms`);
  expect(engine.queued).toBe(1);
  await stuck;
  await becomesReady(health);
  // The stuck call's own deadline replaced the thread; the probes killed nothing.
  expect(engine.stats().deadlineKills).toBe(1);
  expect(engine.queued).toBe(0);
}, 20_000);
