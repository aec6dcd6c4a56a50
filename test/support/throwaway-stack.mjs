// A whole stack on free loopback ports with its own PostgreSQL, Redis and NATS under a temp dir, and one
// account on the raised plan: for benchmarks and the schemathesis run (plain JS: they run without Jest).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const { startStack } = await import(join(root, 'libs/stack/dist/index.js'));
const { getFreePort, isPortOpen, startNats, startPostgres, startRedis } = await import(join(root, 'libs/devinfra/dist/index.js'));

async function freeRange(count) {
  for (;;) {
    const base = 20_000 + Math.floor(Math.random() * 30_000);
    const busy = await Promise.all(Array.from({ length: count }, (_, i) => isPortOpen(base + i)));
    if (!busy.some(Boolean)) return base;
  }
}

/** Starts everything; `stop()` tears it all down (and removes the temp dir unless keepLogs). */
export async function startThrowawayStack({ name, grantUsd = '100', log = () => {}, keepLogs = false }) {
  const dir = mkdtempSync(join(tmpdir(), `exs-${name}-`));
  const infra = [];
  let stack;
  const stop = async () => {
    await stack?.stop().catch(() => {});
    for (const server of infra.reverse()) await server.stop().catch(() => {});
    if (!keepLogs) rmSync(dir, { recursive: true, force: true });
  };
  try {
    infra.push(await startPostgres({ dataDir: join(dir, 'pg'), port: await getFreePort() }));
    infra.push(await startRedis({ dataDir: join(dir, 'redis'), port: await getFreePort() }));
    infra.push(await startNats({ storeDir: join(dir, 'nats'), port: await getFreePort(), monitorPort: await getFreePort() }));
    const base = await freeRange(11);
    stack = await startStack({
      rootDir: root, dataDir: join(dir, 'data'), runDir: join(dir, 'run'),
      ports: { gateway: base, internalHttpBase: base + 1, grpcBase: base + 6 },
      external: { databaseUrl: infra[0].url, redisUrl: infra[1].url, natsUrl: infra[2].url },
      env: { LOG_LEVEL: 'warn', BUILD_ID: name, UPLOADS_DIR: join(dir, 'uploads') },
      log,
    });
    const created = spawnSync(process.execPath, ['services/gateway/dist/admin/cli.js', 'create-account', '--email', `${name}@example.com`, '--plan', 'raised', '--grant-usd', grantUsd], {
      cwd: root, env: { ...process.env, ...stack.env.get('gateway') }, encoding: 'utf8',
    });
    if (created.status !== 0) throw new Error(created.stderr);
    return { url: stack.gatewayUrl, apiKey: JSON.parse(created.stdout).api_key, logs: join(dir, 'run', 'logs'), stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
