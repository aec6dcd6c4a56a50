// The ratelimit service's /metrics on its HTTP port: the Prometheus scrape, gRPC RED per method and the
// limiter's decisions. Real Redis; the service as it runs (HTTP + gRPC) with a controlled clock.
import { randomUUID } from 'node:crypto';
import { status } from '@grpc/grpc-js';
import { PROMETHEUS_CONTENT_TYPE } from '@exs/platform';
import { parsePrometheusText, samplesOf, scrape, valueOf } from '../../../test/support/prometheus-text.js';
import { FakeClock, startRateLimit, type RunningRateLimit } from './support.js';

const SERVICE = 'exs.ratelimit.v1.RateLimitService';
let svc: RunningRateLimit;
beforeAll(async () => { svc = await startRateLimit({ REDIS_URL: process.env.EXS_TEST_REDIS_URL!, QUOTA_HOLD_TTL_SECONDS: '600', REDIS_COMMAND_TIMEOUT_MS: '3000' }, new FakeClock()); });
afterAll(async () => { await svc?.close(); });

test('GET /metrics answers 200 in the Prometheus text format', async () => {
  const res = await fetch(`${svc.httpUrl}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe(PROMETHEUS_CONTENT_TYPE);
  expect(samplesOf(parsePrometheusText(await res.text()), 'target_info', { service_name: 'ratelimit' })).toHaveLength(1);
});

test('a gRPC call is counted under its method with status OK, and its duration recorded', async () => {
  await svc.call('Take', { accountId: `acct_${randomUUID()}`, plan: 'default', cost: 1 });
  const samples = await scrape(svc.httpUrl);
  const labels = { rpc_service: SERVICE, rpc_method: 'Take', rpc_grpc_status_code: 'OK' };
  expect(valueOf(samples, 'rpc_server_requests_total', { ...labels, error_code: 'none' })).toBeGreaterThanOrEqual(1);
  expect(valueOf(samples, 'rpc_server_duration_seconds_count', labels)).toBeGreaterThanOrEqual(1);
});

test('a call the service refuses is counted under its gRPC status', async () => {
  const err = await svc.call('Take', { accountId: `acct_${randomUUID()}`, plan: 'default', cost: 1000 }).catch((e: unknown) => e);
  expect(err).toMatchObject({ code: status.INVALID_ARGUMENT });
  const samples = await scrape(svc.httpUrl);
  expect(valueOf(samples, 'rpc_server_requests_total', { rpc_method: 'Take', rpc_grpc_status_code: 'INVALID_ARGUMENT' })).toBe(1);
});

test('an HTTP request is counted under its route template', async () => {
  expect((await fetch(`${svc.httpUrl}/healthz/live`)).status).toBe(200);
  const samples = await scrape(svc.httpUrl);
  expect(valueOf(samples, 'http_server_requests_total', { http_route: '/healthz/live', http_request_method: 'GET', http_response_status_code: '200', error_code: 'none' })).toBeGreaterThanOrEqual(1);
});

test('takes refused by the bucket and page reservations refused by the quota are counted as rejected decisions', async () => {
  const before = await scrape(svc.httpUrl);
  const account = `acct_${randomUUID()}`;
  // A free account: a burst of 4, then refused; 100 pages a day, so 101 pages are refused.
  for (let i = 0; i < 6; i++) await svc.call('Take', { accountId: account, plan: 'free', cost: 1 });
  const quota = await svc.call('ReservePages', { accountId: account, plan: 'free', reference: 'req_1', pages: 101, dailyPageLimit: 0 });
  expect(quota.allowed).toBe(false);
  const after = await scrape(svc.httpUrl);
  const delta = (labels: Record<string, string>) => valueOf(after, 'exs_rate_limit_decisions_total', labels) - valueOf(before, 'exs_rate_limit_decisions_total', labels);
  expect(delta({ limit: 'requests', outcome: 'allowed' })).toBe(4);
  expect(delta({ limit: 'requests', outcome: 'rejected' })).toBe(2);
  expect(delta({ limit: 'daily_pages', outcome: 'rejected' })).toBe(1);
});

test('requests from 50 accounts make one series per method and status, holding no account id', async () => {
  const accounts = Array.from({ length: 50 }, () => `acct_${randomUUID()}`);
  for (const accountId of accounts) await svc.call('GetQuota', { accountId, plan: 'free', dailyPageLimit: 0 });
  const samples = await scrape(svc.httpUrl);
  expect(samplesOf(samples, 'rpc_server_requests_total', { rpc_method: 'GetQuota' })).toEqual([expect.objectContaining({ value: 50 })]);
  const text = JSON.stringify(samples);
  expect(accounts.some((a) => text.includes(a))).toBe(false);
});
