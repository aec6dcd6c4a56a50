// Starts a throwaway stack on free loopback ports (own PostgreSQL, Redis and NATS under a temp dir), creates an
// account with a raised plan and USD 100, runs test/contract/schemathesis.sh against it, and stops everything.
//   bash scripts/run node scripts/build.mjs && bash scripts/run node test/contract/run.mjs [schemathesis args]
// Exit status is schemathesis'. KEEP=1 leaves the stack running (prints its URL and key) until Ctrl-C.
import { spawn, spawnSync } from 'node:child_process';
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

const dir = mkdtempSync(join(tmpdir(), 'exs-contract-'));
const infra = [];
let stack;
let code = 1;
try {
  infra.push(await startPostgres({ dataDir: join(dir, 'pg'), port: await getFreePort() }));
  infra.push(await startRedis({ dataDir: join(dir, 'redis'), port: await getFreePort() }));
  infra.push(await startNats({ storeDir: join(dir, 'nats'), port: await getFreePort(), monitorPort: await getFreePort() }));
  const base = await freeRange(11);
  stack = await startStack({
    rootDir: root, dataDir: join(dir, 'data'), runDir: join(dir, 'run'),
    ports: { gateway: base, internalHttpBase: base + 1, grpcBase: base + 6 },
    external: { databaseUrl: infra[0].url, redisUrl: infra[1].url, natsUrl: infra[2].url },
    env: { LOG_LEVEL: 'warn', BUILD_ID: 'contract', UPLOADS_DIR: join(dir, 'uploads') },
    log: (line) => console.error(`[stack] ${line}`),
  });
  const created = spawnSync(process.execPath, ['services/gateway/dist/admin/cli.js', 'create-account', '--email', 'contract@example.com', '--plan', 'raised', '--grant-usd', '100'], {
    cwd: root, env: { ...process.env, ...stack.env.get('gateway') }, encoding: 'utf8',
  });
  if (created.status !== 0) throw new Error(created.stderr);
  const key = JSON.parse(created.stdout).api_key;
  console.error(`gateway ${stack.gatewayUrl}, API key ${key}, logs ${join(dir, 'run', 'logs')}`);
  if (process.env.KEEP === '1') {
    await new Promise((r) => process.once('SIGINT', r));
    code = 0;
  } else {
    const child = spawn('bash', [join(root, 'test/contract/schemathesis.sh'), '--url', stack.gatewayUrl, '--api-key', key, ...process.argv.slice(2)], { stdio: 'inherit' });
    code = await new Promise((r) => child.once('exit', (c) => r(c ?? 1)));
  }
} catch (err) {
  console.error(err);
} finally {
  await stack?.stop().catch(() => {});
  for (const server of infra.reverse()) await server.stop().catch(() => {});
  if (process.env.KEEP_LOGS !== '1') rmSync(dir, { recursive: true, force: true });
}
process.exit(code);
