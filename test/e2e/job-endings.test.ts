// Jobs always end, and a rollout does not restart them: a job whose worker is killed on every attempt
// ends failed, unbilled, with the job.failed webhook sent; a worker sent SIGTERM mid-job finishes it
// before exiting, billed once. The six services as processes, a webhook receiver on 127.0.0.1.
import { createServer, type Server } from 'node:http';
import pg from 'pg';
import { sampleInvoiceSchema } from '../support/sample-documents.js';
import { ocrOnlyPdf } from '../support/ocr-pdf.js';
import { ApiClient, b64 } from '../support/api-client.js';
import { createAccount, startTestStack, waitFor, type TestStack } from '../support/stack-fixture.js';

// Its own stack: these tests kill the extraction service. A dead worker's job comes back after 2 s; a
// stopping worker has two minutes to finish the job in hand (a loaded machine reads ~3 s a page).
let stack: TestStack;
let db: pg.Client;

beforeAll(async () => {
  stack = await startTestStack({ JOB_ACK_WAIT_SECONDS: '2', SHUTDOWN_GRACE_SECONDS: '120' });
  db = new pg.Client({ connectionString: stack.env.get('extraction')!.DATABASE_URL });
  await db.connect();
}, 180_000);

afterAll(async () => {
  await db?.end();
  await stack?.dispose();
}, 60_000);

/** How many times a worker started the job (JetStream deliveries that reached the engine). */
async function attempts(jobId: string): Promise<number> {
  return (await db.query<{ attempts: number }>('SELECT attempts FROM jobs WHERE id = $1', [jobId])).rows[0]?.attempts ?? 0;
}

async function ended(client: ApiClient, jobId: string, timeoutMs: number) {
  return waitFor('the job to end', async () => {
    const res = await client.get(`/v1/jobs/${jobId}`).catch(() => undefined);
    return res && (res.body.state === 'succeeded' || res.body.state === 'failed') ? res : undefined;
  }, timeoutMs);
}

test('a job whose worker is SIGKILLed on its last attempt ends failed, unbilled, and its job.failed webhook is sent', async () => {
  const received: Array<{ type: string; data: { job_id: string; request_id: string; error?: { code: string } } }> = [];
  const receiver: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => { received.push(JSON.parse(body)); res.writeHead(204).end(); });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  try {
    const client = new ApiClient(stack.gatewayUrl, createAccount(stack, 'killed-every-time@example.com').api_key);
    const endpoint = await client.post('/v1/webhook_endpoints', { url: `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks` });
    expect(endpoint.status).toBe(201);
    const admitted = await client.post('/v1/jobs', { schema: sampleInvoiceSchema, document: { bytes_base64: b64(await ocrOnlyPdf(6)) } });
    expect(admitted.status).toBe(202);
    const extraction = stack.services.get('extraction')!;
    // Five attempts, each killed once it has started (the stack restarts the service every time).
    for (let attempt = 1; attempt <= 5; attempt++) {
      await waitFor(`attempt ${attempt} to start`, async () => (await attempts(admitted.body.id)) >= attempt, 60_000);
      process.kill(extraction.pid!, 'SIGKILL');
    }

    const done = await ended(client, admitted.body.id, 120_000);
    expect(done.body.state).toBe('failed');
    expect(done.body.error.code).toBe('extraction_failed');
    expect(await attempts(admitted.body.id)).toBe(5);
    const wallet = await client.get('/v1/wallet');
    expect(wallet.body.balance.amount).toBe('20.00');
    expect(wallet.body.held.amount).toBe('0.00');
    const webhook = await waitFor('the job.failed webhook', () => received.find((d) => d.data.job_id === admitted.body.id), 60_000);
    expect(webhook).toMatchObject({ type: 'job.failed', data: { request_id: admitted.body.request_id, error: { code: 'extraction_failed' } } });
  } finally {
    await new Promise<void>((r) => receiver.close(() => r()));
  }
}, 360_000);

test('a worker sent SIGTERM mid-job finishes the job before it exits: run once, billed once', async () => {
  const client = new ApiClient(stack.gatewayUrl, createAccount(stack, 'rolled-out@example.com').api_key);
  // Long enough (15-40 s here) that the job outlives the 10 s a stopping service used to get.
  const pages = 12;
  const body = { schema: sampleInvoiceSchema, document: { bytes_base64: b64(await ocrOnlyPdf(pages)) } };
  // The test before killed extraction five times: until it is back (the stack restarts it with backoff) and the
  // gateway has reconnected, admission answers 503 provider_unavailable, safe to retry, and admits nothing.
  const admitted = await waitFor('extraction to admit jobs again', async () => {
    const res = await client.post('/v1/jobs', body);
    return res.status === 503 ? undefined : res;
  }, 60_000);
  expect(admitted.status).toBe(202);
  const extraction = stack.services.get('extraction')!;
  await waitFor('the job to start running', async () => (await client.get(`/v1/jobs/${admitted.body.id}`)).body.state === 'running', 60_000);
  const child = extraction.child!;
  const exited = new Promise<{ code: number | null; at: number }>((resolve) => child.once('exit', (code) => resolve({ code, at: Date.now() })));
  child.kill('SIGTERM');

  const exit = await exited;
  const done = await ended(client, admitted.body.id, 120_000);
  expect(exit.code).toBe(0);
  expect(done.body.state).toBe('succeeded');
  expect(Date.parse(done.body.finished_at)).toBeLessThanOrEqual(exit.at);
  expect(await attempts(admitted.body.id)).toBe(1);
  expect(done.body.result.meta).toEqual(expect.objectContaining({ request_id: admitted.body.request_id, billed_pages: pages }));
  const wallet = await client.get('/v1/wallet');
  expect(wallet.body.balance.amount).toBe((20 - pages * 0.02).toFixed(2));
  expect(wallet.body.held.amount).toBe('0.00');
}, 240_000);
