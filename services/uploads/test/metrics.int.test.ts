// The uploads service's /metrics on its HTTP port: the Prometheus scrape and gRPC RED per method, the
// client-streaming Stage included (it answers through a callback). Real PostgreSQL, disk store.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { status } from '@grpc/grpc-js';
import { PROMETHEUS_CONTENT_TYPE } from '@exs/platform';
import { samplesOf, scrape, valueOf } from '../../../test/support/prometheus-text.js';
import { freshDatabase, startUploads, type RunningUploads } from './support.js';

const SERVICE = 'exs.uploads.v1.UploadsService';
let svc: RunningUploads;
let dir: string;
let dropDb: () => Promise<void>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'exs-uploads-metrics-'));
  const db = await freshDatabase('uploads_metrics');
  dropDb = db.drop;
  svc = await startUploads({ DATABASE_URL: db.url, UPLOADS_DIR: dir });
}, 60_000);
afterAll(async () => {
  await svc?.close();
  await dropDb?.().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
});

test('GET /metrics answers 200 in the Prometheus text format', async () => {
  const res = await fetch(`${svc.httpUrl}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe(PROMETHEUS_CONTENT_TYPE);
});

test('a staged upload is counted under Stage with status OK', async () => {
  await svc.client.stage(`acct_${randomUUID()}`, Buffer.from('%PDF-1.4 tiny'));
  const samples = await scrape(svc.httpUrl);
  expect(valueOf(samples, 'rpc_server_requests_total', { rpc_service: SERVICE, rpc_method: 'Stage', rpc_grpc_status_code: 'OK', error_code: 'none' })).toBe(1);
  expect(valueOf(samples, 'rpc_server_duration_seconds_count', { rpc_method: 'Stage', rpc_grpc_status_code: 'OK' })).toBe(1);
});

test('a Stage over its size cap is counted as RESOURCE_EXHAUSTED, not OK', async () => {
  const err = await svc.client.stage(`acct_${randomUUID()}`, Buffer.alloc(4096, 1), { maxBytes: 1024 }).catch((e: unknown) => e);
  expect(err).toMatchObject({ code: status.RESOURCE_EXHAUSTED });
  const samples = await scrape(svc.httpUrl);
  expect(valueOf(samples, 'rpc_server_requests_total', { rpc_method: 'Stage', rpc_grpc_status_code: 'RESOURCE_EXHAUSTED' })).toBe(1);
});

test('50 lookups of 50 unknown upload keys make one series, holding no key', async () => {
  const keys = Array.from({ length: 50 }, () => `upl_${randomUUID()}`);
  const account = `acct_${randomUUID()}`;
  for (const uploadKey of keys) await svc.client.unary('Resolve', { accountId: account, uploadKey }).catch(() => undefined);
  const samples = await scrape(svc.httpUrl);
  expect(samplesOf(samples, 'rpc_server_requests_total', { rpc_method: 'Resolve' })).toEqual([
    expect.objectContaining({ labels: expect.objectContaining({ rpc_grpc_status_code: 'NOT_FOUND' }), value: 50 }),
  ]);
  const text = JSON.stringify(samples);
  expect(keys.some((k) => text.includes(k)) || text.includes(account)).toBe(false);
});
