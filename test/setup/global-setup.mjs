// Starts real PostgreSQL, Redis and NATS (JetStream) for the integration and e2e projects, on free
// ports under a temporary directory, unless EXS_TEST_*_URL already point at running ones.
// Tests read EXS_TEST_DATABASE_URL (server URL; create your own database with ensureDatabase),
// EXS_TEST_REDIS_URL and EXS_TEST_NATS_URL.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getFreePort, startNats, startPostgres, startRedis } from '../../libs/devinfra/dist/index.js';

export default async function globalSetup() {
  if (globalThis.__exsInfra) return;
  const dir = mkdtempSync(join(tmpdir(), 'exs-test-infra-'));
  const started = [];
  if (!process.env.EXS_TEST_DATABASE_URL) {
    const pg = await startPostgres({ dataDir: join(dir, 'pg'), port: await getFreePort() });
    started.push(pg);
    process.env.EXS_TEST_DATABASE_URL = pg.url;
  }
  if (!process.env.EXS_TEST_REDIS_URL) {
    const redis = await startRedis({ dataDir: join(dir, 'redis'), port: await getFreePort() });
    started.push(redis);
    process.env.EXS_TEST_REDIS_URL = redis.url;
  }
  if (!process.env.EXS_TEST_NATS_URL) {
    const nats = await startNats({ storeDir: join(dir, 'nats'), port: await getFreePort(), monitorPort: await getFreePort() });
    started.push(nats);
    process.env.EXS_TEST_NATS_URL = nats.url;
  }
  globalThis.__exsInfra = { dir, started };
}
