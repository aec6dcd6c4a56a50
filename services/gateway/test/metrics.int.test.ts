import { randomBytes } from 'node:crypto';
import { PROMETHEUS_CONTENT_TYPE } from '@exs/platform';
import { parsePrometheusText, samplesOf, scrape, valueOf } from '../../../test/support/prometheus-text.js';
import { startGateway, type GatewayHarness } from './support/gateway-app.js';

let gw: GatewayHarness;
beforeAll(async () => { gw = await startGateway(); });
afterAll(async () => { await gw?.close(); });

const get = (path: string, secret?: string) => fetch(`${gw.url}${path}`, secret ? { headers: { authorization: `Bearer ${secret}` } } : {});

test('GET /metrics answers 200 in the Prometheus text format without an API key', async () => {
  const res = await get('/metrics');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe(PROMETHEUS_CONTENT_TYPE);
  expect(parsePrometheusText(await res.text()).length).toBeGreaterThan(0);
});

test('a request is counted under its route template, method, status and contract error code', async () => {
  const { secret } = await gw.newApiKey();
  expect((await get('/v1/keys/key_doesnotexist', secret)).status).toBe(404);
  const samples = await scrape(gw.url);
  const labels = { http_route: '/v1/keys/:id', http_request_method: 'GET', http_response_status_code: '404', error_code: 'not_found' };
  expect(valueOf(samples, 'http_server_requests_total', labels)).toBeGreaterThanOrEqual(1);
  const { error_code: _, ...durationLabels } = labels;
  expect(valueOf(samples, 'http_server_request_duration_seconds_count', durationLabels)).toBeGreaterThanOrEqual(1);
});

test('50 requests to one route with 50 distinct ids make one series, holding no id', async () => {
  const ids = Array.from({ length: 50 }, () => `job_${randomBytes(12).toString('hex')}`);
  for (const id of ids) expect((await get(`/v1/jobs/${id}`)).status).toBe(401);
  const samples = await scrape(gw.url);
  const series = samplesOf(samples, 'http_server_requests_total', { http_route: '/v1/jobs/:id' });
  expect(series).toEqual([{ name: 'http_server_requests_total', labels: expect.objectContaining({ http_response_status_code: '401', error_code: 'invalid_api_key' }), value: 50 }]);
  const text = JSON.stringify(samples);
  expect(ids.some((id) => text.includes(id))).toBe(false);
});

test('a path no route serves is counted as unmatched, not by its path', async () => {
  const path = `/nothing-here-${randomBytes(6).toString('hex')}`;
  expect((await get(path)).status).toBe(404);
  const samples = await scrape(gw.url);
  expect(valueOf(samples, 'http_server_requests_total', { http_route: 'unmatched', http_response_status_code: '404' })).toBeGreaterThanOrEqual(1);
  expect(JSON.stringify(samples)).not.toContain(path);
});

test('the key cache counts a miss for a key it has not seen and a hit for the next request with it', async () => {
  const { secret } = await gw.newApiKey();
  const before = await scrape(gw.url);
  expect((await get('/v1/keys', secret)).status).toBe(200);
  const afterFirst = await scrape(gw.url);
  expect((await get('/v1/keys', secret)).status).toBe(200);
  const afterSecond = await scrape(gw.url);
  const delta = (a: typeof before, b: typeof before, result: string) => valueOf(b, 'exs_api_key_cache_lookups_total', { result }) - valueOf(a, 'exs_api_key_cache_lookups_total', { result });
  expect([delta(before, afterFirst, 'miss'), delta(before, afterFirst, 'hit')]).toEqual([1, 0]);
  expect([delta(afterFirst, afterSecond, 'miss'), delta(afterFirst, afterSecond, 'hit')]).toEqual([0, 1]);
});

test('every request refused by the rate limit is counted as a rejected decision', async () => {
  const { secret } = await gw.newApiKey();
  const labels = { limit: 'requests', outcome: 'rejected' };
  const before = valueOf(await scrape(gw.url), 'exs_rate_limit_decisions_total', labels);
  // The default plan's burst is 20 requests: 30 at once are more than the bucket holds.
  const statuses = await Promise.all(Array.from({ length: 30 }, () => get('/v1/keys', secret).then((r) => r.status)));
  const refused = statuses.filter((s) => s === 429).length;
  expect(refused).toBeGreaterThan(0);
  const after = await scrape(gw.url);
  expect(valueOf(after, 'exs_rate_limit_decisions_total', labels) - before).toBe(refused);
  expect(valueOf(after, 'exs_rate_limit_decisions_total', { limit: 'requests', outcome: 'allowed' })).toBeGreaterThanOrEqual(30 - refused);
});
