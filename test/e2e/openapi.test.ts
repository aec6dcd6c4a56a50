// The OpenAPI document against the running stack: the served document is the module, and every documented
// (path, method, status, error code) is produced by a real request whose response (body and headers) validates
// against the documented schema, closed (no undocumented fields). A documented outcome no test produces fails
// the last test, unless it is in UNTESTED with the reason; an undocumented status fails where it happens.
import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync, crc32 } from 'node:zlib';
import { getFreePort, startPostgres, type RunningServer } from '@exs/devinfra';
import { openApiDocument } from '../../services/gateway/src/openapi/openapi-document.js';
import { ResponseValidator, documentedOutcomes } from '../../services/gateway/src/openapi/response-validator.js';
import { sampleInvoicePdf, sampleInvoiceSchema } from '../support/sample-documents.js';
import { ApiClient, b64, type ApiResponse } from '../support/api-client.js';
import { createAccount, startTestStack, waitFor, type TestStack } from '../support/stack-fixture.js';

/** Documented outcomes no test produces on purpose, with the reason (reported to the lead). */
const key = (method: string, path: string, status: number, code: string | null) => `${method.toUpperCase()} ${path} ${status}${code ? ` ${code}` : ''}`;
const UNTESTED: Record<string, string> = Object.fromEntries(
  documentedOutcomes()
    .filter((o) => o.status === 500)
    .map((o) => [key(o.method, o.path, 500, 'internal_error'), 'only a bug answers 500 (storage outages are 503, tested below); rendering unexpected errors as 500 internal_error is unit-tested in services/gateway/test/error-response.test.ts']),
);

import.meta.jest.setTimeout(60_000);

const SERVICE_VERSION = openApiDocument.info.version;
const validator = new ResponseValidator({ closed: true });
const produced = new Map<string, string>();

/** Asserts the status (and error code), validates body and headers against the document, and records the outcome. */
function expectDocumented(path: string, method: string, res: ApiResponse, status: number, code: string | null = null, why = expect.getState().currentTestName ?? '') {
  const got = { status: res.status, code: res.body?.error?.code ?? null };
  expect({ path, method, ...got }).toEqual({ path, method, status, code });
  expect(validator.check(path, method, res)).toEqual([]);
  expect(res.headers.get('service-version')).toBe(SERVICE_VERSION);
  if (code) expect(res.body.error.request_id).toBe(res.headers.get('x-request-id'));
  if (code === 'rate_limited') expect(Number(res.headers.get('retry-after'))).toBe(res.body.error.retry_after);
  produced.set(key(method, path, status, code), why);
}

/** A grayscale PNG (white, with black bars) and no text layer, so reading it needs OCR. */
function scannedPng(width = 320, height = 120): Buffer {
  const raw = Buffer.alloc((width + 1) * height, 255);
  for (let y = 40; y < 80; y++) for (let x = 20; x < 300; x += 12) for (let dx = 0; dx < 6; dx++) raw[y * (width + 1) + 1 + x + dx] = 0;
  for (let y = 0; y < height; y++) raw[y * (width + 1)] = 0;
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4); crc.writeUInt32BE(crc32(td) >>> 0);
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0); ihdr.writeUInt32BE(height, 4); ihdr[8] = 8; ihdr[9] = 0;
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** POST /v1/uploads declaring more than the cap: refused before the body is sent (fetch cannot fake Content-Length). */
function oversizeUpload(baseUrl: string, apiKey: string): Promise<ApiResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${baseUrl}/v1/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/octet-stream', 'content-length': String(50 * 1024 * 1024 + 1) },
    }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => {
        const headers = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers.set(k, v);
        resolve({ status: res.statusCode!, headers, body: JSON.parse(Buffer.concat(parts).toString('utf8')) });
        req.destroy();
      });
    });
    req.on('error', reject);
    req.write(Buffer.alloc(1024, 1));
  });
}

let pg: RunningServer;
let pgDir: string;
let pgPort: number;
let stack: TestStack;
let anon: ApiClient;
let n = 0;
const newAccount = (args?: string[]) => new ApiClient(stack.gatewayUrl, createAccount(stack, `openapi-${++n}@example.com`, args).api_key);
let onePage: Uint8Array;
const extractBody = (bytes: Uint8Array) => ({ schema: sampleInvoiceSchema, document: { bytes_base64: b64(bytes) } });
const PUBLIC_IP_HOOK = 'https://93.184.216.34/exs-hook'; // public unicast literal: passes the SSRF rules without DNS

beforeAll(async () => {
  // A PostgreSQL of our own, so the test can take it down (500s) without touching other suites' databases.
  pgDir = mkdtempSync(join(tmpdir(), 'exs-openapi-pg-'));
  pgPort = await getFreePort();
  pg = await startPostgres({ dataDir: pgDir, port: pgPort });
  process.env.EXS_TEST_DATABASE_URL = pg.url;
  // No OCR engine: a scanned document cannot be read, which is the pipeline's `extraction_failed`.
  stack = await startTestStack({ EXS_TESSERACT_BIN: '/nonexistent/tesseract' });
  anon = new ApiClient(stack.gatewayUrl);
  onePage = await sampleInvoicePdf(1);
}, 240_000);

afterAll(async () => {
  await stack?.dispose();
  await pg?.stop().catch(() => {});
  if (pgDir) rmSync(pgDir, { recursive: true, force: true });
}, 90_000);

describe('the served document', () => {
  test('GET /v1/openapi.json is the module, unauthenticated, and pinning another version is refused', async () => {
    const res = await anon.get('/v1/openapi.json');
    expectDocumented('/v1/openapi.json', 'get', res, 200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toEqual(JSON.parse(JSON.stringify(openApiDocument)));
    expectDocumented('/v1/openapi.json', 'get', await anon.get('/v1/openapi.json', { 'service-version': '2020-01-01' }), 400, 'invalid_schema');
  });

  test('GET /v1/openapi.json is not rate limited', async () => {
    const free = newAccount(['--plan', 'free']);
    const results = await Promise.all(Array.from({ length: 12 }, () => free.get('/v1/openapi.json')));
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(200));
  });
});

describe('status page', () => {
  test('200 (JSON) and 400', async () => {
    const res = await anon.get('/status', { accept: 'application/json' });
    expectDocumented('/status', 'get', res, 200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expectDocumented('/status', 'get', await anon.get('/status', { accept: 'application/json', 'service-version': '1999-12-31' }), 400, 'invalid_schema');
  });
});

describe('health', () => {
  test('200 and 400', async () => {
    expectDocumented('/v1/health', 'get', await anon.get('/v1/health'), 200);
    expectDocumented('/v1/health', 'get', await anon.get('/v1/health', { 'service-version': '1999-12-31' }), 400, 'invalid_schema');
  });
});

describe('every authenticated operation', () => {
  // Four entries each: jest treats a test function with more parameters than the row has as a `done` callback.
  const ops: Array<[string, string, string, unknown]> = [
    ['post', '/v1/extract', '/v1/extract', {}],
    ['post', '/v1/jobs', '/v1/jobs', {}],
    ['get', '/v1/jobs', '/v1/jobs', undefined],
    ['get', '/v1/jobs/{id}', '/v1/jobs/job_000000000000000000000000', undefined],
    ['post', '/v1/uploads', '/v1/uploads', {}],
    ['post', '/v1/keys', '/v1/keys', {}],
    ['get', '/v1/keys', '/v1/keys', undefined],
    ['get', '/v1/keys/{id}', '/v1/keys/key_000000000000000000000000', undefined],
    ['post', '/v1/keys/{id}', '/v1/keys/key_000000000000000000000000', {}],
    ['delete', '/v1/keys/{id}', '/v1/keys/key_000000000000000000000000', undefined],
    ['get', '/v1/wallet', '/v1/wallet', undefined],
    ['post', '/v1/webhook_endpoints', '/v1/webhook_endpoints', {}],
    ['get', '/v1/webhook_endpoints', '/v1/webhook_endpoints', undefined],
    ['delete', '/v1/webhook_endpoints/{id}', '/v1/webhook_endpoints/00000000-0000-4000-8000-000000000000', undefined],
  ];

  test.each(ops)('%s %s: 401 without a key, 400 for an unserved service-version', async (method, path, url, json) => {
    expectDocumented(path, method, await anon.request(method.toUpperCase(), url, { json }), 401, 'invalid_api_key');
    const client = newAccount();
    expectDocumented(path, method, await client.request(method.toUpperCase(), url, { json, headers: { 'service-version': '2001-01-01' } }), 400, 'invalid_schema');
  });

  test.each(ops.filter(([m, p]) => !(m === 'get' && p === '/v1/jobs/{id}')))('%s %s: 429 past the free plan burst', async (method, path, url, json) => {
    const free = newAccount(['--plan', 'free']);
    // 30 at once against a burst of 4 refilled at 2/s: none is refused only if serving them took over 13 s.
    const results = await Promise.all(Array.from({ length: 30 }, () => free.request(method.toUpperCase(), url, { json })));
    const limited = results.find((r) => r.status === 429);
    expect(limited).toBeDefined();
    expectDocumented(path, method, limited!, 429, 'rate_limited');
  });

  test.each(ops.filter(([m]) => m === 'post'))('%s %s: an Idempotency-Key reused with another body is 409; the same body replays', async (method, path, url) => {
    const client = newAccount();
    const headers = { 'idempotency-key': `idem-${path}` };
    // An invalid body is a deterministic failure: stored, so the same request replays it.
    const first = await client.request('POST', url, { json: { not: 'valid', n: 1 }, headers });
    expectDocumented(path, method, first, 400, 'invalid_schema');
    const replay = await client.request('POST', url, { json: { not: 'valid', n: 1 }, headers });
    expectDocumented(path, method, replay, 400, 'invalid_schema');
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.headers.get('x-request-id')).toBe(first.headers.get('x-request-id'));
    expectDocumented(path, method, await client.request('POST', url, { json: { not: 'valid', n: 2 }, headers }), 409, 'idempotency_key_conflict');
  });
});

describe('POST /v1/extract', () => {
  test('200 with a result; a replay carries idempotent-replayed', async () => {
    const client = newAccount();
    const res = await client.post('/v1/extract', extractBody(onePage), { 'idempotency-key': 'x1' });
    expectDocumented('/v1/extract', 'post', res, 200);
    expect(res.body.meta.request_id).toBe(res.headers.get('x-request-id'));
    const again = await client.post('/v1/extract', extractBody(onePage), { 'idempotency-key': 'x1' });
    expectDocumented('/v1/extract', 'post', again, 200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  test('400 document_too_large (21 pages) and unsupported_document', async () => {
    const client = newAccount();
    expectDocumented('/v1/extract', 'post', await client.post('/v1/extract', extractBody(await sampleInvoicePdf(21))), 400, 'document_too_large');
    expectDocumented('/v1/extract', 'post', await client.post('/v1/extract', extractBody(Buffer.from('not a document at all'))), 400, 'unsupported_document');
  });

  test('402 insufficient_balance', async () => {
    const poor = newAccount(['--plan', 'default', '--grant-usd', '0.01']);
    expectDocumented('/v1/extract', 'post', await poor.post('/v1/extract', extractBody(onePage)), 402, 'insufficient_balance');
  });

  test('422 extraction_failed when the document needs OCR and no OCR engine runs; nothing billed', async () => {
    const client = newAccount();
    const res = await client.post('/v1/extract', { schema: sampleInvoiceSchema, document: { bytes_base64: b64(scannedPng()) } });
    expectDocumented('/v1/extract', 'post', res, 422, 'extraction_failed');
    expect((await client.get('/v1/wallet')).body.balance.amount).toBe('20.00');
  });
});

describe('jobs', () => {
  test('202, then 200 on GET /v1/jobs/{id} until it finishes', async () => {
    const client = newAccount();
    const admitted = await client.post('/v1/jobs', extractBody(onePage));
    expectDocumented('/v1/jobs', 'post', admitted, 202);
    const first = await client.get(`/v1/jobs/${admitted.body.id}`);
    expectDocumented('/v1/jobs/{id}', 'get', first, 200);
    const done = await waitFor('the job to finish', async () => {
      const res = await client.get(`/v1/jobs/${admitted.body.id}`);
      return ['succeeded', 'failed'].includes(res.body.state) ? res : undefined;
    }, 60_000);
    expectDocumented('/v1/jobs/{id}', 'get', done, 200);
    expect(done.body.state).toBe('succeeded');
    const listed = await client.get('/v1/jobs?limit=1&state=succeeded');
    expectDocumented('/v1/jobs', 'get', listed, 200);
    expect(listed.body.data.map((j: { id: string }) => j.id)).toEqual([admitted.body.id]);
  }, 90_000);

  test('GET /v1/jobs: 400 for limit 101, 404 for another account\'s job as the cursor', async () => {
    const owner = newAccount();
    const theirs = await owner.post('/v1/jobs', extractBody(onePage));
    const client = newAccount();
    expectDocumented('/v1/jobs', 'get', await client.get('/v1/jobs?limit=101'), 400, 'invalid_schema');
    expectDocumented('/v1/jobs', 'get', await client.get(`/v1/jobs?starting_after=${theirs.body.id}`), 404, 'not_found');
  }, 60_000);

  test('400 document_too_large (201 pages), unsupported_document; 402; 404', async () => {
    const client = newAccount();
    expectDocumented('/v1/jobs', 'post', await client.post('/v1/jobs', extractBody(await sampleInvoicePdf(201))), 400, 'document_too_large');
    expectDocumented('/v1/jobs', 'post', await client.post('/v1/jobs', extractBody(Buffer.from('plain text'))), 400, 'unsupported_document');
    const poor = newAccount(['--plan', 'default', '--grant-usd', '0.01']);
    expectDocumented('/v1/jobs', 'post', await poor.post('/v1/jobs', extractBody(await sampleInvoicePdf(2))), 402, 'insufficient_balance');
    expectDocumented('/v1/jobs/{id}', 'get', await client.get('/v1/jobs/job_000000000000000000000000'), 404, 'not_found');
  }, 60_000);
});

describe('uploads', () => {
  test('201; 400 document_too_large, unsupported_document (empty) and invalid_schema (no byte body)', async () => {
    const client = newAccount();
    const staged = await client.request('POST', '/v1/uploads', { body: Buffer.from(onePage), headers: { 'content-type': 'application/pdf' } });
    expectDocumented('/v1/uploads', 'post', staged, 201);
    expectDocumented('/v1/uploads', 'post', await oversizeUpload(stack.gatewayUrl, client.apiKey!), 400, 'document_too_large');
    expectDocumented('/v1/uploads', 'post', await client.request('POST', '/v1/uploads', { body: Buffer.alloc(0), headers: { 'content-type': 'application/octet-stream' } }), 400, 'unsupported_document');
    expectDocumented('/v1/uploads', 'post', await client.post('/v1/uploads', { bytes: 'json is not a document body' }), 400, 'invalid_schema');
  });
});

describe('keys', () => {
  test('201, 200 (list), 200 (get), 200 (update), 200 (revoke), 404, 400', async () => {
    const client = newAccount();
    const created = await client.post('/v1/keys', { name: 'openapi', daily_page_limit: 100 });
    expectDocumented('/v1/keys', 'post', created, 201);
    expectDocumented('/v1/keys', 'get', await client.get('/v1/keys'), 200);
    expectDocumented('/v1/keys', 'get', await client.get('/v1/keys?starting_after=key_000000000000000000000000'), 404, 'not_found');
    expectDocumented('/v1/keys/{id}', 'get', await client.get(`/v1/keys/${created.body.id}`), 200);
    expectDocumented('/v1/keys/{id}', 'get', await client.get('/v1/keys/key_000000000000000000000000'), 404, 'not_found');
    expectDocumented('/v1/keys/{id}', 'post', await client.post(`/v1/keys/${created.body.id}`, { daily_page_limit: null }), 200);
    expectDocumented('/v1/keys/{id}', 'post', await client.post('/v1/keys/key_000000000000000000000000', { daily_page_limit: 5 }), 404, 'not_found');
    expectDocumented('/v1/keys/{id}', 'post', await client.post(`/v1/keys/${created.body.id}`, { daily_page_limit: 0 }), 400, 'invalid_schema');
    expectDocumented('/v1/keys/{id}', 'delete', await client.request('DELETE', `/v1/keys/${created.body.id}`), 200);
    expectDocumented('/v1/keys/{id}', 'delete', await client.request('DELETE', '/v1/keys/key_000000000000000000000000'), 404, 'not_found');
    expectDocumented('/v1/keys', 'post', await client.post('/v1/keys', { name: 7 }), 400, 'invalid_schema');
  });
});

describe('wallet', () => {
  test('200', async () => {
    expectDocumented('/v1/wallet', 'get', await newAccount().get('/v1/wallet'), 200);
  });
});

describe('webhook endpoints', () => {
  test('201, 200 (list), 200 (delete), 404, 400 for a private target', async () => {
    const client = newAccount();
    const created = await client.post('/v1/webhook_endpoints', { url: PUBLIC_IP_HOOK, event_types: ['job.succeeded'] });
    expectDocumented('/v1/webhook_endpoints', 'post', created, 201);
    expectDocumented('/v1/webhook_endpoints', 'get', await client.get('/v1/webhook_endpoints'), 200);
    expectDocumented('/v1/webhook_endpoints', 'get', await client.get('/v1/webhook_endpoints?starting_after=00000000-0000-4000-8000-000000000000'), 404, 'not_found');
    expectDocumented('/v1/webhook_endpoints/{id}', 'delete', await client.request('DELETE', `/v1/webhook_endpoints/${created.body.id}`), 200);
    expectDocumented('/v1/webhook_endpoints/{id}', 'delete', await client.request('DELETE', `/v1/webhook_endpoints/${created.body.id}`), 404, 'not_found');
    expectDocumented('/v1/webhook_endpoints', 'post', await client.post('/v1/webhook_endpoints', { url: 'https://169.254.169.254/hook' }), 400, 'invalid_schema');
  });
});

describe('outages', () => {
  test('503 provider_unavailable while the services behind the gateway are down', async () => {
    const client = newAccount();
    const staged = await client.request('POST', '/v1/uploads', { body: Buffer.from(onePage), headers: { 'content-type': 'application/pdf' } });
    const down = ['uploads', 'extraction', 'billing', 'webhooks'] as const;
    await Promise.all(down.map((name) => stack.services.get(name)!.stop()));
    try {
      const cases: Array<[string, string, string, unknown?, RequestInit['body']?]> = [
        ['post', '/v1/extract', '/v1/extract', { schema: sampleInvoiceSchema, document: { upload_key: staged.body.upload_key } }],
        ['post', '/v1/jobs', '/v1/jobs', extractBody(onePage)],
        ['get', '/v1/jobs/{id}', '/v1/jobs/job_000000000000000000000000'],
        ['get', '/v1/jobs', '/v1/jobs'],
        ['post', '/v1/uploads', '/v1/uploads', undefined, Buffer.from(onePage)],
        ['get', '/v1/wallet', '/v1/wallet'],
        ['post', '/v1/webhook_endpoints', '/v1/webhook_endpoints', { url: PUBLIC_IP_HOOK }],
        ['get', '/v1/webhook_endpoints', '/v1/webhook_endpoints'],
        ['delete', '/v1/webhook_endpoints/{id}', '/v1/webhook_endpoints/00000000-0000-4000-8000-000000000000'],
      ];
      for (const [method, path, url, json, body] of cases) {
        const res = await client.request(method.toUpperCase(), url, { json, body, headers: body ? { 'content-type': 'application/pdf' } : {} });
        expectDocumented(path, method, res, 503, 'provider_unavailable');
      }
    } finally {
      for (const name of down) stack.services.get(name)!.start();
      await waitFor('the services to be ready again', async () => (await Promise.all(down.map((name) => stack.services.get(name)!.probe()))).every(Boolean), 90_000);
    }
  }, 150_000);

  test('503 provider_unavailable while PostgreSQL is down (a cached key still authenticates)', async () => {
    const client = newAccount();
    const created = await client.post('/v1/keys', { name: 'to revoke' });
    // The key is verified and cached once a call succeeds (earlier tests may still be restarting services).
    await waitFor('an authenticated call to succeed', async () => (await client.get('/v1/wallet')).status === 200, 60_000);
    await pg.stop();
    try {
      // POSTs carry an Idempotency-Key: the gateway's own idempotency store fails, whatever the services behind it say.
      const idem = { 'idempotency-key': 'during-the-outage' };
      const cases: Array<[string, string, string, unknown, RequestInit['body'] | undefined, Record<string, string>]> = [
        ['post', '/v1/extract', '/v1/extract', extractBody(onePage), undefined, idem],
        ['post', '/v1/jobs', '/v1/jobs', extractBody(onePage), undefined, idem],
        ['post', '/v1/uploads', '/v1/uploads', undefined, Buffer.from(onePage), { ...idem, 'content-type': 'application/pdf' }],
        ['get', '/v1/jobs/{id}', '/v1/jobs/job_000000000000000000000000', undefined, undefined, {}],
        ['post', '/v1/keys', '/v1/keys', { name: 'x' }, undefined, {}],
        ['get', '/v1/keys', '/v1/keys', undefined, undefined, {}],
        ['get', '/v1/keys/{id}', `/v1/keys/${created.body.id}`, undefined, undefined, {}],
        ['post', '/v1/keys/{id}', `/v1/keys/${created.body.id}`, { daily_page_limit: 5 }, undefined, {}],
        ['delete', '/v1/keys/{id}', `/v1/keys/${created.body.id}`, undefined, undefined, {}],
        ['get', '/v1/wallet', '/v1/wallet', undefined, undefined, {}],
        ['post', '/v1/webhook_endpoints', '/v1/webhook_endpoints', { url: PUBLIC_IP_HOOK }, undefined, {}],
        ['get', '/v1/webhook_endpoints', '/v1/webhook_endpoints', undefined, undefined, {}],
        ['delete', '/v1/webhook_endpoints/{id}', '/v1/webhook_endpoints/00000000-0000-4000-8000-000000000000', undefined, undefined, {}],
      ];
      for (const [method, path, url, json, body, headers] of cases) {
        expectDocumented(path, method, await client.request(method.toUpperCase(), url, { json, body, headers }), 503, 'provider_unavailable');
      }
    } finally {
      pg = await startPostgres({ dataDir: pgDir, port: pgPort });
      await waitFor('the stack to use PostgreSQL again', async () => (await client.get('/v1/keys')).status === 200, 60_000);
    }
  }, 150_000);
});

test('every documented outcome is produced by a test (or listed in UNTESTED with a reason)', () => {
  const documented = documentedOutcomes().map((o) => key(o.method, o.path, o.status, o.code));
  const missing = documented.filter((k) => !produced.has(k) && !UNTESTED[k]);
  expect(missing).toEqual([]);
  // An allow-listed outcome that a test does produce should leave the list.
  expect(Object.keys(UNTESTED).filter((k) => produced.has(k))).toEqual([]);
  expect(Object.keys(UNTESTED).filter((k) => !documented.includes(k))).toEqual([]);
  console.log(`OpenAPI outcomes produced (${produced.size} of ${documented.length}; untested: ${Object.keys(UNTESTED).length}):\n${[...produced.keys()].sort().join('\n')}`);
});
