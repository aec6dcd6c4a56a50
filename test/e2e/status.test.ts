// GET /status on the running stack: HTML for people, JSON for tools, unauthenticated, not rate limited,
// with the contract headers; a stopped internal service shows as down (docs/api.md, "Status page").
import { openApiDocument } from '../../services/gateway/src/openapi/openapi-document.js';
import { ResponseValidator } from '../../services/gateway/src/openapi/response-validator.js';
import { ApiClient } from '../support/api-client.js';
import { createAccount, startTestStack, waitFor, type TestStack } from '../support/stack-fixture.js';

let stack: TestStack;
let anon: ApiClient;
const validator = new ResponseValidator({ closed: true });
const JSON_ACCEPT = { accept: 'application/json' };

beforeAll(async () => {
  stack = await startTestStack();
  anon = new ApiClient(stack.gatewayUrl);
}, 180_000);

afterAll(async () => {
  await stack?.dispose();
}, 60_000);

const apiOf = (body: any) => body.components.find((c: any) => c.id === 'api');

test('GET /status is HTML by default, unauthenticated, listing the API, the MCP server and the dashboard', async () => {
  const res = await anon.get('/status');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(res.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]{32}$/);
  expect(res.headers.get('service-version')).toBe(openApiDocument.info.version);
  expect(res.body).toMatch(/^<!doctype html>/);
  for (const name of ['API', 'MCP server', 'Dashboard']) expect(res.body).toContain(name);
});

test('GET /status with Accept: application/json is the documented JSON, every API check up', async () => {
  const res = await waitFor('every check to be up', async () => {
    const r = await anon.get('/status', JSON_ACCEPT);
    return r.body.status === 'operational' ? r : undefined;
  });
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(validator.check('/status', 'get', res)).toEqual([]);
  expect(apiOf(res.body).checks.map((c: any) => [c.name, c.status])).toEqual([
    ['gateway', 'up'], ['extraction', 'up'], ['billing', 'up'], ['uploads', 'up'], ['ratelimit', 'up'], ['webhooks', 'up'], ['extraction_engine', 'up'],
  ]);
  // The local stack runs the MCP server and the dashboard too (mcp.test.ts and dashboard.test.ts check each is operational).
  expect(res.body.components.filter((c: any) => c.status === 'not_deployed').map((c: any) => c.id)).toEqual([]);
});

test('GET /status is not rate limited and does not spend the caller\'s bucket', async () => {
  const free = new ApiClient(stack.gatewayUrl, createAccount(stack, 'status-free@example.com', ['--plan', 'free']).api_key);
  const results = await Promise.all(Array.from({ length: 12 }, () => free.get('/status', JSON_ACCEPT)));
  expect(results.map((r) => r.status)).toEqual(Array(12).fill(200));
  // The free plan's burst is 4: all 4 still pass, so /status took nothing from it.
  const after = await Promise.all(Array.from({ length: 4 }, () => free.get('/v1/wallet')));
  expect(after.map((r) => r.status)).toEqual(Array(4).fill(200));
});

test('pinning an unserved service-version is 400 invalid_schema, as on every route', async () => {
  const res = await anon.get('/status', { ...JSON_ACCEPT, 'service-version': '1999-01-01' });
  expect(res.status).toBe(400);
  expect(res.body.error.code).toBe('invalid_schema');
  expect(validator.check('/status', 'get', res)).toEqual([]);
});

test('a stopped service shows as down: webhooks degrades the API, extraction is an outage; both recover', async () => {
  const webhooks = stack.services.get('webhooks')!;
  const extraction = stack.services.get('extraction')!;
  await webhooks.stop();
  try {
    const degraded = await waitFor('webhooks to show as down', async () => {
      const r = await anon.get('/status', JSON_ACCEPT);
      return r.body.status === 'degraded' ? r : undefined;
    }, 20_000);
    expect(validator.check('/status', 'get', degraded)).toEqual([]);
    expect(apiOf(degraded.body)).toMatchObject({ status: 'degraded' });
    expect(apiOf(degraded.body).checks.filter((c: any) => c.status === 'down')).toEqual([{ name: 'webhooks', status: 'down', reason: 'unreachable' }]);
    expect((await anon.get('/status')).body).toContain('<title>Status: Degraded</title>');

    await extraction.stop();
    const outage = await waitFor('extraction to show as down', async () => {
      const r = await anon.get('/status', JSON_ACCEPT);
      return r.body.status === 'outage' ? r : undefined;
    }, 20_000);
    expect(apiOf(outage.body).checks.filter((c: any) => c.status === 'down').map((c: any) => c.name).sort()).toEqual(['extraction', 'extraction_engine', 'webhooks']);
  } finally {
    if (webhooks.state === 'stopped') webhooks.start();
    if (extraction.state === 'stopped') extraction.start();
  }
  await waitFor('the API to be operational again', async () => (await anon.get('/status', JSON_ACCEPT)).body.status === 'operational', 90_000);
}, 150_000);
