// The engine runs on worker threads, so a long extraction does not hold up the service's event loop:
// while a big job is inside the engine, a gRPC health check and a small sync extraction are answered
// before the job finishes. With the engine on the event loop, the job's run is one long stall (~650 ms
// for these 80,000 words on an idle machine) that everything else waits behind; with a single engine
// thread the small extraction queues behind the job. The built services run as processes on the test
// infrastructure (test/setup/global-setup.mjs), like the e2e suite.
import { randomUUID } from 'node:crypto';
import { Client, credentials } from '@grpc/grpc-js';
import { sampleInvoicePdf, sampleInvoiceSchema } from '../../../test/support/sample-documents.js';
import { wordyPdf } from '../../../test/support/wordy-pdf.js';
import { ApiClient, b64 } from '../../../test/support/api-client.js';
import { createAccount, startTestStack, waitFor, type TestStack } from '../../../test/support/stack-fixture.js';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ ENGINE_THREADS: '2', WORKER_CONCURRENCY: '1' });
}, 180_000);

afterAll(async () => {
  await stack?.dispose();
}, 60_000);

/** grpc.health.v1.Health/Check for the whole server; SERVING is field 1 = 1 (bytes 08 01). */
function healthCheck(address: string): Promise<'SERVING' | string> {
  const client = new Client(address, credentials.createInsecure());
  return new Promise((resolve, reject) => {
    client.makeUnaryRequest('/grpc.health.v1.Health/Check', (b: Buffer) => b, (b: Buffer) => b, Buffer.alloc(0), (err, res) => {
      client.close();
      if (err) reject(err);
      else resolve(res?.[0] === 0x08 && res[1] === 1 ? 'SERVING' : `status bytes ${res?.toString('hex')}`);
    });
  });
}

test('while a big job is in the engine, a health check and a small sync extraction are answered before it finishes', async () => {
  const { api_key } = createAccount(stack, `responsive-${randomUUID()}@example.com`);
  const api = new ApiClient(stack.gatewayUrl, api_key);
  const extraction = stack.specs.find((s) => s.name === 'extraction')!;
  const small = await sampleInvoicePdf(1);
  // Warm both engine threads (pdf.js, calibrator) so the small request measures waiting, not loading.
  for (const res of await Promise.all([1, 2].map(() => api.post('/v1/extract', { schema: sampleInvoiceSchema, document: { bytes_base64: b64(small) } })))) expect(res.status).toBe(200);

  const big = await api.post('/v1/jobs', { schema: sampleInvoiceSchema, document: { bytes_base64: b64(await wordyPdf(80_000)) } });
  expect(big.status).toBe(202);
  // Polled tightly: the job spends well under a second in the engine.
  for (let state = 'queued'; state !== 'running'; await new Promise((r) => setTimeout(r, 10))) {
    state = (await api.get(`/v1/jobs/${big.body.id}`)).body.state;
    expect(['queued', 'running']).toContain(state);
  }

  // Each answer's arrival, compared below with when the job finished (one machine, one clock).
  const answered: Record<string, number> = {};
  const [healthResult, syncResult] = await Promise.all([
    healthCheck(`127.0.0.1:${extraction.grpcPort}`).then((status) => { answered.health = Date.now(); return status; }),
    api.post('/v1/extract', { schema: sampleInvoiceSchema, document: { bytes_base64: b64(small) } }).then((res) => { answered.extract = Date.now(); return res; }),
  ]);
  const finished = await waitFor('the job to finish', async () => {
    const res = await api.get(`/v1/jobs/${big.body.id}`);
    return res.body.state === 'succeeded' || res.body.state === 'failed' ? res.body : undefined;
  }, 120_000);
  expect(healthResult).toBe('SERVING');
  expect(syncResult.status).toBe(200);
  expect(syncResult.body.data.invoice_number).toBe('INV-2026-0042');
  expect(finished.state).toBe('succeeded');
  const jobFinished = Date.parse(finished.finished_at);
  expect({ healthBeforeJob: answered.health! < jobFinished, extractBeforeJob: answered.extract! < jobFinished }).toEqual({ healthBeforeJob: true, extractBeforeJob: true });
}, 240_000);
