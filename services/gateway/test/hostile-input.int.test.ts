// The gateway refuses hostile input at its edge with the contract's 400 invalid_schema, before any handler,
// database write or gRPC call: over-deep or oversized schemas, NUL in caller text, and requests Node's HTTP
// parser refuses (a control byte in a header).
import { connect } from 'node:net';
import { SCHEMA_LIMITS } from '../src/extract/schema-limits.js';
import { startGateway, type GatewayHarness } from './support/gateway-app.js';

let gw: GatewayHarness;
let auth: Record<string, string>;

beforeAll(async () => {
  gw = await startGateway();
  auth = { authorization: `Bearer ${(await gw.newApiKey()).secret}` };
}, 60_000);

afterAll(async () => {
  await gw?.close();
});

const ONE_PAGE = Buffer.from('%PDF-1.4 fake').toString('base64');

async function post(path: string, body: string | object, headers: Record<string, string> = {}): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await fetch(`${gw.url}${path}`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json(), headers: res.headers };
}

async function get(path: string): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await fetch(`${gw.url}${path}`, { headers: auth });
  return { status: res.status, body: await res.json(), headers: res.headers };
}

/** The contract's refusal: 400 invalid_schema in the one error shape, with its request id in the header. */
function expectInvalidSchema(res: { status: number; body: any; headers: Headers }) {
  expect(res.status).toBe(400);
  expect(res.body.error).toMatchObject({ code: 'invalid_schema', message: expect.any(String) });
  expect(res.body.error.request_id).toBe(res.headers.get('x-request-id'));
}

/** A schema whose JSON nests `levels` objects. */
const nestedSchema = (levels: number) => '{"properties":'.repeat(levels - 1) + '{}' + '}'.repeat(levels - 1);
const extractBody = (schemaText: string) => `{"schema":${schemaText},"document":{"bytes_base64":"${ONE_PAGE}"}}`;

/** Extract requests the fake extraction service has seen since `before`. */
const extractsSince = (before: number) => gw.state.extractRequests.length - before;

describe('schema depth', () => {
  test('a schema nested 128 levels deep reaches extraction', async () => {
    const before = gw.state.extractRequests.length;
    const res = await post('/v1/extract', extractBody(nestedSchema(SCHEMA_LIMITS.maxJsonDepth)));
    expect(res.status).toBe(200);
    expect(extractsSince(before)).toBe(1);
  });

  test('a schema nested 129 levels deep is 400 invalid_schema and never reaches extraction', async () => {
    const before = gw.state.extractRequests.length;
    expectInvalidSchema(await post('/v1/extract', extractBody(nestedSchema(SCHEMA_LIMITS.maxJsonDepth + 1))));
    expect(extractsSince(before)).toBe(0);
  });

  test.each([10_000, 100_000])('a schema nested %i levels deep is 400 invalid_schema, not a 500', async (levels) => {
    expectInvalidSchema(await post('/v1/extract', extractBody(nestedSchema(levels))));
  });

  test('a job submission with a schema nested 100,000 levels deep is 400 invalid_schema', async () => {
    expectInvalidSchema(await post('/v1/jobs', extractBody(nestedSchema(100_000))));
  });

  test('a body nested 100,000 levels deep with an Idempotency-Key is 400 invalid_schema (it is never fingerprinted)', async () => {
    expectInvalidSchema(await post('/v1/keys', '['.repeat(100_000) + ']'.repeat(100_000), { 'idempotency-key': 'deep-1' }));
  });
});

describe('schema size', () => {
  /** A schema whose JSON text is exactly `bytes` bytes. */
  const schemaOfBytes = (bytes: number) => JSON.stringify({ description: 'x'.repeat(bytes - '{"description":""}'.length) });

  test('a schema of exactly 512 KiB of JSON reaches extraction', async () => {
    const before = gw.state.extractRequests.length;
    const res = await post('/v1/extract', extractBody(schemaOfBytes(SCHEMA_LIMITS.maxSchemaBytes)));
    expect(res.status).toBe(200);
    expect(gw.state.extractRequests.at(-1)!.schemaJson).toHaveLength(SCHEMA_LIMITS.maxSchemaBytes);
    expect(extractsSince(before)).toBe(1);
  });

  test('a schema one byte over 512 KiB is 400 invalid_schema and never reaches extraction', async () => {
    const before = gw.state.extractRequests.length;
    expectInvalidSchema(await post('/v1/extract', extractBody(schemaOfBytes(SCHEMA_LIMITS.maxSchemaBytes + 1))));
    expect(extractsSince(before)).toBe(0);
  });
});

describe('NUL (U+0000) in caller text', () => {
  const NUL_DETAIL = 'text must not contain the NUL character (U+0000)';
  const expectNulRefused = (res: { status: number; body: any; headers: Headers }) => {
    expectInvalidSchema(res);
    expect(res.body.error.detail).toBe(NUL_DETAIL);
  };

  test('a new API key named with a NUL is 400 invalid_schema and no key is stored', async () => {
    const before = (await get('/v1/keys')).body.data.length;
    expectNulRefused(await post('/v1/keys', { name: 'a\u0000b' }));
    expect((await get('/v1/keys')).body.data).toHaveLength(before);
  });

  test('renaming a key to a name with a NUL is 400 invalid_schema and the name is unchanged', async () => {
    const created = await post('/v1/keys', { name: 'before' });
    expectNulRefused(await post(`/v1/keys/${created.body.id}`, { name: 'a\u0000b' }));
    expect((await get(`/v1/keys/${created.body.id}`)).body.name).toBe('before');
  });

  test('a webhook endpoint description with a NUL is 400 invalid_schema', async () => {
    expectNulRefused(await post('/v1/webhook_endpoints', { url: 'https://hooks.example.com/exs', description: 'a\u0000b' }));
  });

  test('a NUL in a key of the body (here a schema property name) is refused before extraction', async () => {
    const before = gw.state.extractRequests.length;
    expectNulRefused(await post('/v1/extract', { schema: { type: 'object', properties: { 'to\u0000tal': { type: 'number' } } }, document: { bytes_base64: ONE_PAGE } }));
    expect(extractsSince(before)).toBe(0);
  });

  test('a NUL in a query parameter is 400 invalid_schema', async () => {
    expectNulRefused(await get('/v1/keys?limit=1%00'));
  });

  test('a NUL in a path parameter is 400 invalid_schema', async () => {
    expectNulRefused(await get('/v1/keys/key_%00'));
  });
});

describe('a request Node\'s HTTP parser refuses', () => {
  /** Sends raw bytes to the gateway on 127.0.0.1 and returns everything it answers before closing. */
  function rawRequest(bytes: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(gw.port, '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.on('data', (c: Buffer) => chunks.push(c));
      socket.on('error', reject);
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
      socket.write(bytes, 'latin1');
    });
  }

  function parse(raw: string) {
    const [head, body] = raw.split('\r\n\r\n');
    const [statusLine, ...lines] = head.split('\r\n');
    const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
    return { statusLine, headers, body: JSON.parse(body) };
  }

  test('a control byte in a header value is 400 invalid_schema with x-request-id and service-version', async () => {
    const res = parse(await rawRequest('GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Note: a\u0001b\r\n\r\n'));
    expect(res.statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['service-version']).toBe('2026-08-10');
    expect(res.headers['x-request-id']).toMatch(/^req_[0-9a-f]{32}$/);
    expect(res.body).toEqual({ error: { code: 'invalid_schema', message: expect.any(String), request_id: res.headers['x-request-id'], detail: 'malformed HTTP request' } });
  });

  test('headers over 16 KiB are 400 invalid_schema in the contract shape', async () => {
    const res = parse(await rawRequest(`GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Note: ${'a'.repeat(17 * 1024)}\r\n\r\n`));
    expect(res.statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(res.body.error).toMatchObject({ code: 'invalid_schema', request_id: res.headers['x-request-id'], detail: 'request headers too large' });
  });
});
