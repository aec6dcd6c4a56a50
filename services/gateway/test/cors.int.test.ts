// The harness first: it loads reflect-metadata before any Nest module is evaluated.
import { startGateway, type GatewayHarness } from './support/gateway-app.js';
import { loadConfig } from '@exs/platform';
import { gatewayConfigSchema } from '../src/config.js';

const DASHBOARD = 'https://dashboard.example.com';
let gw: GatewayHarness;
let secret: string;

beforeAll(async () => {
  gw = await startGateway({ env: { CORS_ALLOWED_ORIGINS: `${DASHBOARD}, http://127.0.0.1:3000` } });
  ({ secret } = await gw.newApiKey());
}, 60_000);

afterAll(async () => {
  await gw?.close();
});

const preflight = (origin: string, method = 'POST') => fetch(`${gw.url}/v1/extract`, {
  method: 'OPTIONS',
  headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'authorization, content-type, idempotency-key, service-version' },
});

test('a preflight from an allowed origin is answered without a key, allowing the API\'s methods and headers', async () => {
  const res = await preflight(DASHBOARD);
  expect(res.status).toBe(204);
  expect(res.headers.get('access-control-allow-origin')).toBe(DASHBOARD);
  expect(res.headers.get('access-control-allow-methods')).toBe('GET, POST, DELETE');
  expect(res.headers.get('access-control-allow-headers')?.toLowerCase().split(', ').sort()).toEqual(['authorization', 'content-type', 'idempotency-key', 'service-version']);
  expect(res.headers.get('access-control-max-age')).toBe('600');
  expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  expect(res.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]{32}$/);
});

test('a preflight from an origin that is not listed gets no CORS headers, so the browser refuses the call', async () => {
  const res = await preflight('https://evil.example.net');
  expect(res.headers.get('access-control-allow-origin')).toBeNull();
  expect(res.headers.get('access-control-allow-methods')).toBeNull();
  expect(res.status).toBe(404);
});

test('an origin is matched exactly: another port or scheme of an allowed host is refused', async () => {
  for (const origin of ['http://dashboard.example.com', 'https://dashboard.example.com:8443', 'http://127.0.0.1:3001']) {
    expect((await preflight(origin)).headers.get('access-control-allow-origin')).toBeNull();
  }
  expect((await preflight('http://127.0.0.1:3000')).headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3000');
});

test('a call from an allowed origin carries the origin and exposes the contract headers to the script', async () => {
  const res = await fetch(`${gw.url}/v1/keys`, { headers: { origin: DASHBOARD, authorization: `Bearer ${secret}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('access-control-allow-origin')).toBe(DASHBOARD);
  expect(res.headers.get('access-control-expose-headers')).toBe('x-request-id, service-version, Retry-After, idempotent-replayed');
  expect(res.headers.get('vary')).toMatch(/origin/i);
});

test('an error answered to an allowed origin is readable by the script too', async () => {
  const res = await fetch(`${gw.url}/v1/keys`, { headers: { origin: DASHBOARD } });
  expect(res.status).toBe(401);
  expect(res.headers.get('access-control-allow-origin')).toBe(DASHBOARD);
});

test('a call from an origin that is not listed carries no CORS headers', async () => {
  const res = await fetch(`${gw.url}/v1/keys`, { headers: { origin: 'https://evil.example.net', authorization: `Bearer ${secret}` } });
  expect(res.headers.get('access-control-allow-origin')).toBeNull();
  expect(res.headers.get('access-control-expose-headers')).toBeNull();
});

describe('CORS_ALLOWED_ORIGINS', () => {
  const parse = (value: string) => loadConfig(gatewayConfigSchema, { DATABASE_URL: 'postgresql://127.0.0.1/x', REDIS_URL: 'redis://127.0.0.1', CORS_ALLOWED_ORIGINS: value }).CORS_ALLOWED_ORIGINS;

  test('is empty by default: no browser origin is allowed', () => {
    expect(loadConfig(gatewayConfigSchema, { DATABASE_URL: 'postgresql://127.0.0.1/x', REDIS_URL: 'redis://127.0.0.1' }).CORS_ALLOWED_ORIGINS).toEqual([]);
  });

  test('takes comma-separated origins', () => {
    expect(parse('https://a.example.com, http://127.0.0.1:3000')).toEqual(['https://a.example.com', 'http://127.0.0.1:3000']);
  });

  test.each(['*', 'https://a.example.com/', 'https://a.example.com/path', 'dashboard.example.com', 'ftp://a.example.com'])('refuses %s (not an exact origin)', (value) => {
    expect(() => parse(value)).toThrow();
  });
});
