// Extract, jobs, waitForJob and uploads against a scripted API on 127.0.0.1: what each method sends
// and how it reads the answer.
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Exs, ExsTimeoutError, ServiceUnavailableError } from '../src/index.js';
import { fileFromPath } from '../src/node.js';
import { apiError, recordingSleep, startFakeApi, type FakeApi, type Recorded, type Reply } from './support/fake-api.js';

const UPLOAD = { object: 'upload', upload_key: 'upl_Zx3kq0yX8bW2dVnR6tLmP4sQ1uHcE7aF', size_bytes: 5, sha256: '0'.repeat(64), expires_at: '2026-08-11T00:00:00.000Z' };
const job = (state: string) => ({
  id: 'job_0123456789abcdef01234567', object: 'job', state, request_id: 'req_0123456789abcdef0123456789abcdef', pages: 1,
  price_per_page: { amount: '0.02', currency: 'USD' }, created_at: '2026-08-10T00:00:00.000Z', started_at: null, finished_at: null, expires_at: null,
  result: state === 'succeeded' ? { data: { total: 1500.5 }, fields: {}, document: { format: 'pdf', pages: 1, words: 3, ocr_pages: 0 }, meta: { request_id: 'req_0123456789abcdef0123456789abcdef', billed_pages: 1, calibrator_version: 'c1' } } : null,
  error: null,
});

let api: FakeApi | undefined;
let dir: string | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

async function clientOf(reply: (req: Recorded, i: number) => Reply, sleep?: (ms: number, signal?: AbortSignal) => Promise<void>) {
  api = await startFakeApi(reply);
  return new Exs({ apiKey: 'exs_live_test', baseUrl: api.url, sleep });
}

test('extract sends { bytes } as base64 and the schema as given', async () => {
  const exs = await clientOf(() => ({ status: 200, json: job('succeeded').result }));
  const schema = { type: 'object', properties: { total: { type: 'number' } } } as const;
  const bytes = new Uint8Array(100_000).map((_, i) => i % 251);
  const result = await exs.extract({ schema, document: { bytes } });
  expect(result.data.total).toBe(1500.5);
  expect(JSON.parse(api!.requests[0]!.body.toString())).toEqual({ schema, document: { bytes_base64: Buffer.from(bytes).toString('base64') } });
});

test('waitForJob polls until the job has ended, each wait 1.5 times the last up to the cap', async () => {
  const states = ['queued', 'running', 'running', 'running', 'running', 'succeeded'];
  const waits = recordingSleep();
  const exs = await clientOf((_r, i) => ({ status: 200, json: job(states[i]!) }), waits.sleep);
  const done = await exs.waitForJob('job_0123456789abcdef01234567', { pollIntervalMs: 1000, maxPollIntervalMs: 3000 });
  expect(done.state).toBe('succeeded');
  if (done.state === 'succeeded') expect(done.result.data).toEqual({ total: 1500.5 });
  expect(waits.waits).toEqual([1000, 1500, 2250, 3000, 3000]);
  expect(api!.requests.every((r) => r.method === 'GET' && r.url === '/v1/jobs/job_0123456789abcdef01234567')).toBe(true);
});

test('waitForJob returns a failed job as it is, with its error', async () => {
  const exs = await clientOf(() => ({ status: 200, json: { ...job('failed'), error: { code: 'extraction_failed', message: 'm' } } }));
  const done = await exs.waitForJob('job_0123456789abcdef01234567');
  expect(done).toMatchObject({ state: 'failed', error: { code: 'extraction_failed' } });
});

test('waitForJob throws an ExsTimeoutError when the job has not ended within its timeout', async () => {
  const exs = await clientOf(() => ({ status: 200, json: job('running') }));
  const error = await exs.waitForJob('job_0123456789abcdef01234567', { timeoutMs: 150, pollIntervalMs: 20 }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ExsTimeoutError);
  expect(error).toMatchObject({ code: 'timeout' });
});

test('an upload from a path streams the file\'s bytes with its content type, and is re-sent whole on a retry', async () => {
  dir = mkdtempSync(join(tmpdir(), 'exs-sdk-'));
  const path = join(dir, 'doc.pdf');
  const bytes = Buffer.from(Array.from({ length: 300_000 }, (_, i) => i % 256));
  writeFileSync(path, bytes);
  const exs = await clientOf((_r, i) => (i === 0 ? apiError(503, 'provider_unavailable') : { status: 201, json: UPLOAD }), recordingSleep().sleep);
  await expect(exs.uploads.create(await fileFromPath(path, { type: 'application/pdf' }))).resolves.toEqual(UPLOAD);
  expect(api!.requests).toHaveLength(2);
  for (const req of api!.requests) {
    expect(req.headers['content-type']).toBe('application/pdf');
    expect(req.body.equals(bytes)).toBe(true);
  }
});

test('an upload from a Node stream is streamed once and not retried (a stream cannot be re-read)', async () => {
  dir = mkdtempSync(join(tmpdir(), 'exs-sdk-'));
  const path = join(dir, 'doc.pdf');
  writeFileSync(path, 'hello');
  const exs = await clientOf(() => apiError(503, 'provider_unavailable'), recordingSleep().sleep);
  await expect(exs.uploads.create(createReadStream(path))).rejects.toBeInstanceOf(ServiceUnavailableError);
  expect(api!.requests).toHaveLength(1);
  expect(api!.requests[0]!.body.toString()).toBe('hello');
  expect(api!.requests[0]!.headers['content-type']).toBe('application/octet-stream');
});

test('health and the status page are read without a key', async () => {
  api = await startFakeApi((req) => ({ status: 200, json: req.url === '/status' ? { object: 'status', accept: req.headers.accept } : { ok: true, auth: req.headers.authorization ?? null } }));
  const exs = new Exs({ baseUrl: api.url });
  await expect(exs.health()).resolves.toEqual({ ok: true, auth: null });
  await expect(exs.status()).resolves.toEqual({ object: 'status', accept: 'application/json' });
});
