import { sampleInvoicePdf, sampleInvoiceSchema } from '../support/sample-documents.js';
import { wordyPdf } from '../support/wordy-pdf.js';
import { ApiClient, afterRateLimit, b64 } from '../support/api-client.js';
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { createAccount, startTestStack, waitFor, type TestStack } from '../support/stack-fixture.js';

let stack: TestStack;
let api: ApiClient;
let n = 0;
const newAccount = (args?: string[]) => {
  const { api_key } = createAccount(stack, `contract-${++n}@example.com`, args);
  return new ApiClient(stack.gatewayUrl, api_key);
};
let onePage: Uint8Array;

beforeAll(async () => {
  stack = await startTestStack({ KEY_CACHE_TTL_SECONDS: '1' });
  api = new ApiClient(stack.gatewayUrl);
  onePage = await sampleInvoicePdf(1);
}, 180_000);

afterAll(async () => {
  await stack?.dispose();
}, 60_000);

const extractBody = (bytes: Uint8Array) => ({ schema: sampleInvoiceSchema, document: { bytes_base64: b64(bytes) } });

describe('POST /v1/extract', () => {
  test('returns values shaped like the schema, grounded and with confidence, and bills one page', async () => {
    const client = newAccount();
    const res = await client.post('/v1/extract', extractBody(onePage));
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual(expect.objectContaining({ request_id: res.headers.get('x-request-id'), billed_pages: 1 }));
    expect(Object.keys(res.body.data).sort()).toEqual(['invoice_date', 'invoice_number', 'total']);
    for (const field of Object.values<any>(res.body.fields)) {
      expect(['extracted', 'missing']).toContain(field.state);
      expect(field.confidence).toBeGreaterThanOrEqual(0);
      expect(field.confidence).toBeLessThanOrEqual(1);
      if (field.state === 'extracted') {
        expect(field.grounding.length).toBeGreaterThan(0);
        for (const g of field.grounding) {
          expect(g.page).toBe(1);
          for (const c of g.bbox) expect(c >= 0 && c <= 1).toBe(true);
        }
      } else {
        expect(typeof field.reason).toBe('string');
      }
    }
    const wallet = await client.get('/v1/wallet');
    expect(wallet.body.balance.amount).toBe('19.98');
  });

  test('a 20-page document is accepted on the sync path', async () => {
    const res = await newAccount().post('/v1/extract', extractBody(await sampleInvoicePdf(20)));
    expect(res.status).toBe(200);
    expect(res.body.meta.billed_pages).toBe(20);
  }, 60_000);

  test('a 21-page document is document_too_large on the sync path and bills nothing', async () => {
    const client = newAccount();
    const res = await client.post('/v1/extract', extractBody(await sampleInvoicePdf(21)));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('document_too_large');
    expect((await client.get('/v1/wallet')).body.balance.amount).toBe('20.00');
  });

  test('bytes that are no document are unsupported_document', async () => {
    const res = await newAccount().post('/v1/extract', extractBody(Buffer.from('just some text, not a document')));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('unsupported_document');
  });

  test('a schema that is not a usable object schema is invalid_schema', async () => {
    const res = await newAccount().post('/v1/extract', { schema: { type: 'string' }, document: { bytes_base64: b64(onePage) } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_schema');
  });

  test('malformed JSON is invalid_schema', async () => {
    const res = await newAccount().request('POST', '/v1/extract', { body: '{"schema":', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_schema');
  });

  test('a wallet below the cost is 402 insufficient_balance with a top_up_url, before anything runs', async () => {
    const client = newAccount(['--plan', 'default', '--grant-usd', '0.01']);
    const res = await client.post('/v1/extract', extractBody(onePage));
    expect(res.status).toBe(402);
    expect(res.body.error).toEqual(expect.objectContaining({ code: 'insufficient_balance', top_up_url: expect.stringMatching(/^https?:\/\//) }));
    expect((await client.get('/v1/wallet')).body.balance.amount).toBe('0.01');
  });
});

describe('limits at their edges', () => {
  const leaves = (n: number) => ({ type: 'object', properties: Object.fromEntries(Array.from({ length: n }, (_, i) => [`field_${i}`, { type: 'string' }])) });

  test('an inline document of exactly 20 MiB passes the size check; one byte more is document_too_large', async () => {
    const client = newAccount();
    // Bytes that are not a document: at the cap they reach the engine (unsupported_document), past it they never do.
    const atCap = await client.post('/v1/extract', extractBody(Buffer.alloc(20 * 1024 * 1024, 0x41)));
    expect(atCap.status).toBe(400);
    expect(atCap.body.error.code).toBe('unsupported_document');
    const over = await client.post('/v1/extract', extractBody(Buffer.alloc(20 * 1024 * 1024 + 1, 0x41)));
    expect(over.status).toBe(400);
    expect(over.body.error.code).toBe('document_too_large');
  });

  test('a schema of exactly 800 leaf fields is accepted', async () => {
    const res = await newAccount().post('/v1/extract', { schema: leaves(800), document: { bytes_base64: b64(onePage) } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data)).toHaveLength(800);
  });

  test('a schema of 801 leaf fields is invalid_schema', async () => {
    const res = await newAccount().post('/v1/extract', { schema: leaves(801), document: { bytes_base64: b64(onePage) } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_schema');
  });

  test('a document of exactly 80,000 words is extracted; 80,001 words is document_too_large and not billed', async () => {
    const client = newAccount();
    const atCap = await client.post('/v1/jobs', extractBody(await wordyPdf(80_000)));
    const over = await client.post('/v1/jobs', extractBody(await wordyPdf(80_001)));
    const settled = async (id: string) => waitFor(`job ${id}`, async () => {
      const res = await client.get(`/v1/jobs/${id}`);
      return res.body.state === 'succeeded' || res.body.state === 'failed' ? res.body : undefined;
    }, 120_000);
    const [a, b] = [await settled(atCap.body.id), await settled(over.body.id)];
    expect(a.state).toBe('succeeded');
    expect(a.result.document.words).toBe(80_000);
    expect(b.state).toBe('failed');
    expect(b.error.code).toBe('document_too_large');
    expect((await client.get('/v1/wallet')).body.balance.amount).toBe((20 - 40 * 0.02).toFixed(2));
  }, 180_000);

  test('a job of exactly 200 pages is admitted', async () => {
    const res = await newAccount().post('/v1/jobs', extractBody(await sampleInvoicePdf(200)));
    expect(res.status).toBe(202);
    expect(res.body.pages).toBe(200);
  });

  test('a job of 201 pages is document_too_large and holds nothing', async () => {
    const client = newAccount();
    const res = await client.post('/v1/jobs', extractBody(await sampleInvoicePdf(201)));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('document_too_large');
    expect((await client.get('/v1/wallet')).body.held.amount).toBe('0.00');
  });
});

describe('Idempotency-Key', () => {
  test('of 20 concurrent identical requests exactly one runs and is billed', async () => {
    const client = newAccount();
    const body = extractBody(onePage);
    const results = await Promise.all(Array.from({ length: 20 }, () => client.post('/v1/extract', body, { 'idempotency-key': 'same-key' })));
    const ran = results.filter((r) => r.status === 200 && r.headers.get('idempotent-replayed') !== 'true');
    expect(ran).toHaveLength(1);
    for (const r of results) expect([200, 409]).toContain(r.status);
    // The 20 requests took the default plan's whole burst: the wallet read waits for the bucket's refill.
    expect((await afterRateLimit(() => client.get('/v1/wallet'))).body.balance.amount).toBe('19.98');
  }, 60_000);

  test('a repeat after completion replays the response with the original request id', async () => {
    const client = newAccount();
    const first = await client.post('/v1/extract', extractBody(onePage), { 'idempotency-key': 'k1' });
    const again = await client.post('/v1/extract', extractBody(onePage), { 'idempotency-key': 'k1' });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('x-request-id')).toBe(first.headers.get('x-request-id'));
    expect(again.body).toEqual(first.body);
  });

  test('the same key with a different body is 409 idempotency_key_conflict', async () => {
    const client = newAccount();
    await client.post('/v1/extract', extractBody(onePage), { 'idempotency-key': 'k2' });
    const other = await client.post('/v1/extract', { ...extractBody(onePage), schema: { type: 'object', properties: { total: { type: 'number' } } } }, { 'idempotency-key': 'k2' });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('idempotency_key_conflict');
  });
});

describe('jobs', () => {
  test('a job is admitted with 202 and its result carries the request id minted at admission', async () => {
    const client = newAccount();
    const admitted = await client.post('/v1/jobs', extractBody(await sampleInvoicePdf(3)));
    expect(admitted.status).toBe(202);
    expect(admitted.body).toEqual(expect.objectContaining({ id: expect.stringMatching(/^job_/), state: 'queued', request_id: admitted.headers.get('x-request-id') }));
    const done = await waitFor('the job to succeed', async () => {
      const res = await client.get(`/v1/jobs/${admitted.body.id}`);
      return res.body.state === 'succeeded' || res.body.state === 'failed' ? res : undefined;
    }, 60_000);
    expect(done.body.state).toBe('succeeded');
    expect(done.body.result.meta).toEqual(expect.objectContaining({ request_id: admitted.body.request_id, billed_pages: 3 }));
    expect(done.body.price_per_page).toEqual({ amount: '0.02', currency: 'USD' });
  }, 90_000);

  test("another account's job is 404 not_found", async () => {
    const owner = newAccount();
    const admitted = await owner.post('/v1/jobs', extractBody(onePage));
    const res = await newAccount().get(`/v1/jobs/${admitted.body.id}`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });

  test('an unknown job is 404 not_found', async () => {
    const res = await newAccount().get('/v1/jobs/job_000000000000000000000000');
    expect(res.status).toBe(404);
  });
});

describe('uploads', () => {
  test('a staged document is usable by its account as document.upload_key', async () => {
    const client = newAccount();
    const staged = await client.request('POST', '/v1/uploads', { body: Buffer.from(onePage), headers: { 'content-type': 'application/pdf' } });
    expect(staged.status).toBe(201);
    const res = await client.post('/v1/extract', { schema: sampleInvoiceSchema, document: { upload_key: staged.body.upload_key } });
    expect(res.status).toBe(200);
  });

  test('an upload with an Idempotency-Key is staged (the header is ignored on uploads)', async () => {
    const res = await newAccount().request('POST', '/v1/uploads', { body: Buffer.from(onePage), headers: { 'content-type': 'application/pdf', 'idempotency-key': 'u1' } });
    expect(res.status).toBe(201);
  });

  test('an upload Idempotency-Key of 255 characters is accepted; 256 is invalid_schema, as on every POST', async () => {
    const client = newAccount();
    const upload = (key: string) => client.request('POST', '/v1/uploads', { body: Buffer.from(onePage), headers: { 'content-type': 'application/pdf', 'idempotency-key': key } });
    expect((await upload('k'.repeat(255))).status).toBe(201);
    const over = await upload('k'.repeat(256));
    expect(over.status).toBe(400);
    expect(over.body.error.code).toBe('invalid_schema');
  });

  test("another account's upload_key is unsupported_document", async () => {
    const staged = await newAccount().request('POST', '/v1/uploads', { body: Buffer.from(onePage), headers: { 'content-type': 'application/pdf' } });
    const res = await newAccount().post('/v1/extract', { schema: sampleInvoiceSchema, document: { upload_key: staged.body.upload_key } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('unsupported_document');
  });

  test('exactly 50 MiB is staged; one byte more is document_too_large', async () => {
    const client = newAccount();
    const atCap = await client.request('POST', '/v1/uploads', { body: Buffer.alloc(50 * 1024 * 1024, 7), headers: { 'content-type': 'application/octet-stream' } });
    expect(atCap.status).toBe(201);
    const over = await client.request('POST', '/v1/uploads', { body: Buffer.alloc(50 * 1024 * 1024 + 1, 7), headers: { 'content-type': 'application/octet-stream' } });
    expect(over.status).toBe(400);
    expect(over.body.error.code).toBe('document_too_large');
  }, 60_000);
});

describe('API keys', () => {
  test('a body that is not JSON is invalid_schema', async () => {
    const res = await newAccount().request('POST', '/v1/keys', { body: 'name=x', headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': 'form' } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_schema');
  });

  test('an unknown field, even one named "", is invalid_schema', async () => {
    const res = await newAccount().post('/v1/keys', { '': null });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_schema');
  });

  test('a key is shown once, listed without its secret, and stops authenticating after revocation', async () => {
    const client = newAccount();
    const created = await client.post('/v1/keys', { name: 'ci' });
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^exs_live_/);
    const listed = await client.get('/v1/keys');
    expect(JSON.stringify(listed.body)).not.toContain(created.body.secret);
    const second = client.withKey(created.body.secret);
    expect((await second.get('/v1/wallet')).status).toBe(200);
    expect((await client.request('DELETE', `/v1/keys/${created.body.id}`)).status).toBe(200);
    await waitFor('the revoked key to stop authenticating', async () => (await second.get('/v1/wallet')).status === 401, 10_000);
  });

  test("an account cannot revoke another account's key", async () => {
    const owner = newAccount();
    const { body } = await owner.post('/v1/keys', { name: 'x' });
    const res = await newAccount().request('DELETE', `/v1/keys/${body.id}`);
    expect(res.status).toBe(404);
  });
});

describe('rate limits', () => {
  test('a free account past its burst gets 429 rate_limited with Retry-After', async () => {
    const client = newAccount(['--plan', 'free']);
    // 40 at once against a burst of 4 refilled at 2/s: none is refused only if serving them took over 18 s.
    const results = await Promise.all(Array.from({ length: 40 }, () => client.get('/v1/wallet')));
    const limited = results.find((r) => r.status === 429);
    expect(limited).toBeDefined();
    expect(limited!.body.error.code).toBe('rate_limited');
    expect(Number(limited!.headers.get('retry-after'))).toBe(limited!.body.error.retry_after);
  });

  test('GET /v1/jobs/:id is not rate limited', async () => {
    const client = newAccount(['--plan', 'free']);
    const results = await Promise.all(Array.from({ length: 12 }, () => client.get('/v1/jobs/job_000000000000000000000000')));
    expect(results.every((r) => r.status === 404)).toBe(true);
  });
});

describe('versioning', () => {
  test('pinning the served contract version is accepted; another version is refused', async () => {
    expect((await api.get('/v1/health', { 'service-version': '2026-08-10' })).status).toBe(200);
    const res = await api.get('/v1/health', { 'service-version': '2020-01-01' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_schema');
  });
});

describe('webhooks', () => {
  test('a succeeded job is delivered, signed, to the account endpoint with the request id minted at admission', async () => {
    const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => { received.push({ headers: req.headers, body }); res.writeHead(204).end(); });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    try {
      const port = (receiver.address() as { port: number }).port;
      const client = newAccount();
      const endpoint = await client.post('/v1/webhook_endpoints', { url: `http://127.0.0.1:${port}/hooks` });
      expect(endpoint.status).toBe(201);
      expect(endpoint.body.secret).toMatch(/^whsec_/);
      const admitted = await client.post('/v1/jobs', extractBody(onePage));
      const delivery = await waitFor('the webhook delivery', () => received.find((d) => JSON.parse(d.body).data?.job_id === admitted.body.id), 60_000);
      const payload = JSON.parse(delivery.body);
      expect(payload.type).toBe('job.succeeded');
      expect(payload.data.request_id).toBe(admitted.body.request_id);
      const id = String(delivery.headers['webhook-id']);
      const ts = String(delivery.headers['webhook-timestamp']);
      const key = Buffer.from(endpoint.body.secret.slice('whsec_'.length), 'base64');
      const expected = createHmac('sha256', key).update(`${id}.${ts}.${delivery.body}`).digest('base64');
      expect(String(delivery.headers['webhook-signature']).split(' ')).toContain(`v1,${expected}`);
    } finally {
      await new Promise<void>((r) => receiver.close(() => r()));
    }
  }, 90_000);

  test('an endpoint URL that is not http(s) is invalid_schema', async () => {
    const res = await newAccount().post('/v1/webhook_endpoints', { url: 'ftp://example.com/hook' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_schema');
  });
});
