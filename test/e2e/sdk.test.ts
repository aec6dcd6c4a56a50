// The TypeScript SDK (@exs/sdk) against the six services as processes: a typed extract with confidence
// and grounding, an upload streamed from a path, a job waited for, keys created, listed and revoked, a
// webhook delivery verified as the webhooks service signed it, typed errors, and 429 and 503 answers
// retried by the SDK itself.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuthenticationError, Exs, NotFoundError, verifyWebhook, type ClientOptions } from '@exs/sdk';
import { fileFromPath } from '@exs/sdk/node';
import { sampleInvoicePdf } from '../support/sample-documents.js';
import { createAccount, startTestStack, waitFor, type TestStack } from '../support/stack-fixture.js';

const REQUEST_ID = /^req_[0-9a-f]{32}$/;
const INVOICE_SCHEMA = {
  type: 'object',
  properties: {
    invoice_number: { type: 'string', description: 'The invoice number' },
    invoice_date: { type: 'string', format: 'date', description: 'Date the invoice was issued' },
    total: { type: 'number', description: 'Total amount due' },
  },
} as const;

let stack: TestStack;
let invoice: Uint8Array;
let dir: string;
let n = 0;

beforeAll(async () => {
  stack = await startTestStack();
  invoice = await sampleInvoicePdf(1);
  dir = mkdtempSync(join(tmpdir(), 'exs-sdk-e2e-'));
}, 180_000);

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await stack?.dispose();
}, 60_000);

/** An SDK client of a new account (default plan, USD 20 unless `args` say otherwise). */
function newClient(options: ClientOptions = {}, args?: string[]): Exs {
  const { api_key } = createAccount(stack, `sdk-${++n}@example.com`, args);
  return new Exs({ apiKey: api_key, baseUrl: stack.gatewayUrl, ...options });
}

test('a typed extract returns the schema-shaped data with confidence and grounding for each field', async () => {
  const exs = newClient();
  const result = await exs.extract({ schema: INVOICE_SCHEMA, document: { bytes: invoice } });

  const invoiceNumber: string | null = result.data.invoice_number;
  const total: number | null = result.data.total;
  expect(invoiceNumber).toBe('INV-2026-0042');
  expect(total).toBe(1500.5);
  const field = result.fields['/invoice_number'];
  expect(field.state).toBe('extracted');
  if (field.state !== 'extracted') return;
  expect(field.value).toBe('INV-2026-0042');
  expect(field.confidence).toBeGreaterThan(0);
  expect(field.confidence).toBeLessThanOrEqual(1);
  expect(field.grounding.length).toBeGreaterThan(0);
  expect(field.grounding[0]).toMatchObject({ page: 1, text: expect.stringContaining('INV-2026-0042') });
  for (const coordinate of field.grounding[0]!.bbox) expect(coordinate).toBeGreaterThanOrEqual(0);
  expect(result.meta).toMatchObject({ request_id: expect.stringMatching(REQUEST_ID), billed_pages: 1 });
  expect(result.document).toMatchObject({ format: 'pdf', pages: 1 });
}, 120_000);

test('a document uploaded from a path runs as a job that waitForJob sees succeed', async () => {
  const exs = newClient();
  const path = join(dir, 'invoice.pdf');
  writeFileSync(path, invoice);
  const upload = await exs.uploads.create(await fileFromPath(path, { type: 'application/pdf' }));
  expect(upload).toMatchObject({ object: 'upload', size_bytes: invoice.length, upload_key: expect.stringMatching(/^upl_/) });

  const job = await exs.jobs.create({ schema: INVOICE_SCHEMA, document: { upload_key: upload.upload_key } });
  expect(job).toMatchObject({ object: 'job', state: 'queued', pages: 1 });
  const done = await exs.waitForJob(job, { timeoutMs: 90_000, pollIntervalMs: 250 });
  expect(done.state).toBe('succeeded');
  if (done.state !== 'succeeded') return;
  const total: number | null = done.result.data.total;
  expect(total).toBe(1500.5);
  expect(done.result.meta.request_id).toBe(job.request_id);
  expect(done.result.fields['/total'].state).toBe('extracted');
}, 120_000);

test('a key is created, listed and revoked; the revoked key is refused with a typed error', async () => {
  const exs = newClient();
  const created = await exs.keys.create({ name: 'sdk-ci', daily_page_limit: 50 });
  expect(created).toMatchObject({ object: 'api_key', name: 'sdk-ci', daily_page_limit: 50, revoked_at: null, secret: expect.stringMatching(/^exs_live_/) });
  const second = new Exs({ apiKey: created.secret, baseUrl: stack.gatewayUrl });
  await expect(second.wallet.get()).resolves.toMatchObject({ object: 'wallet' });

  const listed = [];
  for await (const key of exs.keys.list()) listed.push(key);
  expect(listed.map((k) => k.id)).toContain(created.id);
  expect(listed.find((k) => k.id === created.id)).not.toHaveProperty('secret');

  const revoked = await exs.keys.revoke(created.id);
  expect(revoked.revoked_at).not.toBeNull();
  const refused = await second.wallet.get().catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(AuthenticationError);
  expect(refused).toMatchObject({ status: 401, code: 'invalid_api_key', request_id: expect.stringMatching(REQUEST_ID) });
});

test('an idempotency key the caller passes replays the first answer', async () => {
  const exs = newClient();
  const first = await exs.keys.create({ name: 'once' }, { idempotencyKey: 'sdk-e2e-create-once' });
  const again = await exs.keys.create({ name: 'once' }, { idempotencyKey: 'sdk-e2e-create-once' });
  expect(again.id).toBe(first.id);
  expect((await exs.keys.list()).data.filter((k) => k.name === 'once')).toHaveLength(1);
});

test('an unknown job is a NotFoundError with the answer\'s request id', async () => {
  const error = await newClient().jobs.get('job_000000000000000000000000').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(NotFoundError);
  expect(error).toMatchObject({ status: 404, code: 'not_found', request_id: expect.stringMatching(REQUEST_ID) });
});

test('wallet, health, the status page and the OpenAPI document are read', async () => {
  const exs = newClient();
  await expect(exs.wallet.get()).resolves.toMatchObject({ object: 'wallet', plan: 'default', price_per_page: { amount: '0.02', currency: 'USD' } });
  await expect(new Exs({ baseUrl: stack.gatewayUrl }).health()).resolves.toMatchObject({ ok: true, version: 'e2e-build' });
  await expect(exs.status()).resolves.toMatchObject({ object: 'status', components: expect.arrayContaining([expect.objectContaining({ id: 'api' })]) });
  await expect(exs.openApiDocument()).resolves.toMatchObject({ openapi: '3.1.0', info: { version: '2026-08-10' } });
});

test('a job.succeeded delivery from the webhooks service verifies with the endpoint\'s secret', async () => {
  const deliveries: Array<{ headers: IncomingHttpHeaders; raw: Buffer }> = [];
  const receiver: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      deliveries.push({ headers: req.headers, raw: Buffer.concat(chunks) });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  try {
    const exs = newClient();
    const endpoint = await exs.webhookEndpoints.create({ url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`, event_types: ['job.succeeded'] });
    expect(endpoint.secret).toMatch(/^whsec_/);
    expect((await exs.webhookEndpoints.list()).data.map((e) => e.id)).toEqual([endpoint.id]);

    const job = await exs.jobs.create({ schema: INVOICE_SCHEMA, document: { bytes: invoice } });
    const delivery = await waitFor('the job.succeeded delivery', () => deliveries[0], 90_000);
    const event = await verifyWebhook({ secret: endpoint.secret, payload: delivery.raw, headers: delivery.headers });
    expect(event.type).toBe('job.succeeded');
    expect(event.data).toMatchObject({ job_id: job.id, request_id: job.request_id, state: 'succeeded', billed_pages: 1 });
    await expect(verifyWebhook({ secret: endpoint.secret, payload: Buffer.concat([delivery.raw, Buffer.from(' ')]), headers: delivery.headers })).rejects.toThrow('no signature matches');

    await expect(exs.webhookEndpoints.delete(endpoint.id)).resolves.toEqual({ id: endpoint.id, object: 'webhook_endpoint', deleted: true });
  } finally {
    await new Promise<void>((r) => receiver.close(() => r()));
  }
}, 120_000);

/** A fetch that counts the statuses it saw, and runs `onStatus` on each. */
function countingFetch(seen: number[], onStatus: (status: number) => void = () => {}): typeof fetch {
  return async (input, init) => {
    const res = await fetch(input, init);
    seen.push(res.status);
    onStatus(res.status);
    return res;
  };
}

test('429 rate_limited answers to a burst over the free plan\'s bucket are retried until every call succeeds', async () => {
  const seen: number[] = [];
  const exs = newClient({ fetch: countingFetch(seen), retry: { maxRetries: 20 } }, ['--plan', 'free']);
  // Free plan: 2 requests per second, burst 4 (libs/ratelimit-core/src/plans.ts).
  const wallets = await Promise.all(Array.from({ length: 10 }, () => exs.wallet.get()));
  expect(wallets.every((w) => w.object === 'wallet')).toBe(true);
  expect(seen.filter((s) => s === 429).length).toBeGreaterThan(0);
  expect(seen.filter((s) => s === 200)).toHaveLength(10);
}, 60_000);

test('503 provider_unavailable while the webhooks service is down is retried until it is back', async () => {
  const webhooks = stack.services.get('webhooks')!;
  const seen: number[] = [];
  const exs = newClient({
    retry: { maxRetries: 30, baseDelayMs: 1000, maxDelayMs: 3000 },
    // The first 503 brings the service back; the SDK keeps retrying until it answers.
    fetch: countingFetch(seen, (status) => { if (status === 503 && webhooks.state === 'stopped') webhooks.start(); }),
  });
  await webhooks.stop();
  try {
    await expect(exs.webhookEndpoints.list()).resolves.toMatchObject({ object: 'list', data: [] });
    expect(seen[0]).toBe(503);
    expect(seen.at(-1)).toBe(200);
  } finally {
    if (webhooks.state === 'stopped') webhooks.start();
  }
}, 120_000);
