// The JetStream streams are kept as configured (NATS_STREAM_REPLICAS, NATS_STREAM_STORAGE; chart values
// nats.stream.*): the service's configuration reaches the streams NatsModule creates at start-up. Against a
// real nats-server of this file's own (the shared test server's streams must stay as the other tests made
// them). A single server accepts one replica only, so more replicas are seen reaching the server by its refusal.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { jetstreamManager } from '@nats-io/jetstream';
import { NatsModule, STREAMS, connectNats, ensureStreams, streamSettings, type NatsConnection } from '@exs/platform';
import { getFreePort, startNats, type RunningNats } from '@exs/devinfra';
import { loadWebhooksConfig } from '../src/config.js';

let dir: string;
let server: RunningNats;
let nc: NatsConnection;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'exs-nats-streams-'));
  server = await startNats({ storeDir: join(dir, 'js'), port: await getFreePort(), monitorPort: await getFreePort() });
  nc = await connectNats(server.url, 'nats-streams-test');
});

afterAll(async () => {
  await nc?.close();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

afterEach(async () => {
  const jsm = await jetstreamManager(nc);
  for (const s of STREAMS) await jsm.streams.delete(s.name).catch(() => undefined);
});

const config = (env: Record<string, string> = {}) =>
  loadWebhooksConfig({ DATABASE_URL: 'postgresql://u:p@127.0.0.1:5432/db', NATS_URL: server.url, ...env });

async function streamInfo() {
  const jsm = await jetstreamManager(nc);
  return Promise.all(STREAMS.map(async (s) => (await jsm.streams.info(s.name)).config));
}

test('by default the streams are kept on file with one replica', async () => {
  await ensureStreams(nc, streamSettings(config()));
  for (const cfg of await streamInfo()) expect({ storage: cfg.storage, replicas: cfg.num_replicas }).toEqual({ storage: 'file', replicas: 1 });
});

test('NATS_STREAM_STORAGE=memory creates the streams in memory when the service starts', async () => {
  const app = await NestFactory.createApplicationContext(NatsModule.forRoot(config({ NATS_STREAM_STORAGE: 'memory', NATS_STREAM_REPLICAS: '1' }), 'webhooks'), { logger: false });
  try {
    for (const cfg of await streamInfo()) expect({ storage: cfg.storage, replicas: cfg.num_replicas }).toEqual({ storage: 'memory', replicas: 1 });
  } finally {
    await app.close();
  }
});

test('NATS_STREAM_REPLICAS reaches the server: a single server refuses 3 replicas', async () => {
  await expect(ensureStreams(nc, streamSettings(config({ NATS_STREAM_REPLICAS: '3' })))).rejects.toThrow(/replicas/i);
});

test('a stream kept on file is not switched to memory: start-up fails saying what to do', async () => {
  await ensureStreams(nc, streamSettings(config()));
  await expect(ensureStreams(nc, streamSettings(config({ NATS_STREAM_STORAGE: 'memory' })))).rejects.toThrow(/EXS_JOB_REQUESTS keeps its messages in file storage, not memory \(NATS_STREAM_STORAGE\)/);
  for (const cfg of await streamInfo()) expect(cfg.storage).toBe('file');
});
