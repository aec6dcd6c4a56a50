import { mkdtempSync, rmSync, chmodSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import { connect } from '@nats-io/transport-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import {
  startPostgres, ensureDatabase, databaseUrl, startRedis, startNats, getFreePort, isAlive, SERVICE_DATABASES, type RunningServer,
} from '../src/index.js';

const T = 30_000;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'devinfra-test-'));
  chmodSync(dir, 0o755); // the postgres user (when running as root) must reach the data dir
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function stopped(s: RunningServer): Promise<void> {
  const pid = s.pid!;
  await s.stop();
  expect(isAlive(pid)).toBe(false);
}

describe('startPostgres', () => {
  it('initialises, creates service databases, queries, reuses, stops and restarts on the same data dir', async () => {
    const port = await getFreePort();
    const dataDir = path.join(dir, 'pg');
    const server = await startPostgres({ dataDir, port });
    try {
      expect(server.url).toBe(`postgres://postgres:postgres@127.0.0.1:${port}/postgres`);
      expect(server.reused).toBe(false);
      expect(typeof server.pid).toBe('number');

      for (const name of SERVICE_DATABASES) expect(await ensureDatabase(server.url, name)).toBe(true);
      expect(await ensureDatabase(server.url, 'exs_gateway')).toBe(false);

      const client = new pg.Client({ connectionString: databaseUrl(server.url, 'exs_gateway') });
      await client.connect();
      const { rows } = await client.query('SELECT current_database() AS db, 1 + 1 AS two');
      await client.end();
      expect(rows[0]).toEqual({ db: 'exs_gateway', two: 2 });

      const again = await startPostgres({ dataDir, port });
      expect(again.reused).toBe(true);
      expect(again.pid).toBe(server.pid);
      await again.stop(); // no-op for a reused instance
      expect(isAlive(server.pid!)).toBe(true);
    } finally {
      await stopped(server);
    }

    const restarted = await startPostgres({ dataDir, port });
    try {
      expect(restarted.reused).toBe(false);
      expect(await ensureDatabase(restarted.url, 'exs_billing')).toBe(false); // data survived
    } finally {
      await stopped(restarted);
    }
  }, T);
});

describe('startRedis', () => {
  it('answers PING, reuses a running instance, stops by pid', async () => {
    const port = await getFreePort();
    const server = await startRedis({ port, dataDir: path.join(dir, 'redis') });
    try {
      expect(server.url).toBe(`redis://127.0.0.1:${port}`);
      const redis = new Redis(server.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
      await redis.connect();
      expect(await redis.ping()).toBe('PONG');
      await redis.quit();
      const again = await startRedis({ port, dataDir: path.join(dir, 'redis') });
      expect(again).toMatchObject({ reused: true, pid: server.pid });
    } finally {
      await stopped(server);
    }
  }, T);
});

describe('startNats', () => {
  it('runs JetStream: create a stream, publish with dedup, stop by pid', async () => {
    const port = await getFreePort();
    const server = await startNats({ port, monitorPort: await getFreePort(), storeDir: path.join(dir, 'nats') });
    try {
      expect(server.url).toBe(`nats://127.0.0.1:${port}`);
      const nc = await connect({ servers: server.url });
      const jsm = await jetstreamManager(nc);
      await jsm.streams.add({ name: 'DEVINFRA', subjects: ['devinfra.>'] });
      const js = jetstream(nc);
      const a = await js.publish('devinfra.hello', 'one', { msgID: 'm-1' });
      const b = await js.publish('devinfra.hello', 'one', { msgID: 'm-1' });
      expect(a.seq).toBe(1);
      expect(b.duplicate).toBe(true);
      expect((await jsm.streams.info('DEVINFRA')).state.messages).toBe(1);
      await nc.close();
      const health = await fetch(`${server.monitorUrl}/healthz`);
      expect(health.status).toBe(200);
    } finally {
      await stopped(server);
    }
  }, T);
});

describe('port conflicts', () => {
  it('fails clearly when the port is taken by something else', async () => {
    const blocker = net.createServer((s) => {
      s.on('error', () => {});
      s.end('HELLO\r\n');
    });
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      await expect(startRedis({ port, dataDir: path.join(dir, 'r2') })).rejects.toThrow(/in use by something that is not Redis/);
      await expect(startNats({ port, monitorPort: await getFreePort(), storeDir: path.join(dir, 'n2') })).rejects.toThrow(/not NATS/);
      await expect(startPostgres({ port, dataDir: path.join(dir, 'p2') })).rejects.toThrow(/not PostgreSQL/);
    } finally {
      blocker.close();
    }
  }, T);
});
