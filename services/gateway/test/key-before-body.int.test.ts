// A body is read only for a caller whose key is valid: the key is checked before Fastify reads and parses it.
import { startGateway, type GatewayHarness } from './support/gateway-app.js';

let gw: GatewayHarness;

beforeAll(async () => {
  gw = await startGateway();
}, 60_000);

afterAll(async () => {
  await gw?.close();
});

/** Not JSON: a gateway that read the body first would answer 400 for it. */
const unparsable = (authorization?: string) => fetch(`${gw.url}/v1/extract`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
  body: `{"schema": ${'['.repeat(100)}`,
});

test('a body sent without a key is refused 401 invalid_api_key before it is parsed', async () => {
  const res = await unparsable();
  expect(res.status).toBe(401);
  const body = await res.json() as { error: { code: string; request_id: string } };
  expect(body.error.code).toBe('invalid_api_key');
  expect(res.headers.get('x-request-id')).toBe(body.error.request_id);
});

test('a body sent with an unknown key is refused 401 before it is parsed', async () => {
  expect((await unparsable('Bearer sk_test_unknown')).status).toBe(401);
});

test('a body sent with a valid key is parsed: malformed JSON is then 400 invalid_schema', async () => {
  const { secret } = await gw.newApiKey();
  const res = await unparsable(`Bearer ${secret}`);
  expect(res.status).toBe(400);
  expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_schema');
});
