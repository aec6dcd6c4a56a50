// Revocation over HTTP: immediate on the gateway that served the revoke, within KEY_CACHE_TTL_SECONDS elsewhere.
import { startGateway, type GatewayHarness } from './support/gateway-app.js';

let gw: GatewayHarness;
let other: GatewayHarness;

beforeAll(async () => {
  gw = await startGateway({ env: { KEY_CACHE_TTL_SECONDS: '60' } });
  // A second instance on the same database, as another replica behind the load balancer.
  other = await startGateway({ env: { KEY_CACHE_TTL_SECONDS: '60' }, databaseUrl: gw.databaseUrl });
}, 60_000);

afterAll(async () => {
  await gw?.close();
  await other?.close();
});

const listKeys = (on: GatewayHarness, secret: string) => fetch(`${on.url}/v1/keys`, { headers: { authorization: `Bearer ${secret}` } });

test('a revoked key is refused with 401 on the very next request to the gateway that revoked it', async () => {
  const { keyId, secret } = await gw.newApiKey();
  expect((await listKeys(gw, secret)).status).toBe(200); // now cached for 60 s
  const revoked = await fetch(`${gw.url}/v1/keys/${keyId}`, { method: 'DELETE', headers: { authorization: `Bearer ${secret}` } });
  expect(revoked.status).toBe(200);
  const res = await listKeys(gw, secret);
  expect(res.status).toBe(401);
  expect(((await res.json()) as any).error.code).toBe('invalid_api_key');
});

test('another gateway that cached the key keeps it until its cache entry expires (the documented delay)', async () => {
  const { keyId, secret } = await gw.newApiKey();
  expect((await listKeys(other, secret)).status).toBe(200);
  await fetch(`${gw.url}/v1/keys/${keyId}`, { method: 'DELETE', headers: { authorization: `Bearer ${secret}` } });
  expect((await listKeys(other, secret)).status).toBe(200);
});
