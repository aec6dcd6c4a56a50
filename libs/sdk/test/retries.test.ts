// Retries against a scripted API on 127.0.0.1: which answers are retried, how long the SDK waits
// (Retry-After, full-jitter backoff), how many times, and that a retried POST keeps its idempotency key.
import {
  Exs,
  ExsConnectionError,
  ExsTimeoutError,
  InternalServerError,
  InvalidRequestError,
  RateLimitError,
  ServiceUnavailableError,
  type ClientOptions,
} from '../src/index.js';
import { apiError, closedPort, recordingSleep, startFakeApi, type FakeApi, type Reply } from './support/fake-api.js';

const WALLET = { object: 'wallet', plan: 'default', balance: { amount: '20.00', currency: 'USD' }, held: { amount: '0.00', currency: 'USD' }, price_per_page: { amount: '0.02', currency: 'USD' } };
const KEY = { id: 'key_0123456789abcdef01234567', object: 'api_key', name: 'ci', prefix: 'exs_live_Ab3x', daily_page_limit: null, created_at: '2026-08-10T00:00:00.000Z', revoked_at: null, secret: 'exs_live_x' };
const ok = (json: unknown, status = 200): Reply => ({ status, json });

let api: FakeApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

/** A client of a scripted API whose answers are `replies` in order (the last one repeats). */
async function clientOf(replies: Reply[], options: ClientOptions = {}) {
  api = await startFakeApi((_req, i) => replies[Math.min(i, replies.length - 1)]!);
  const waits = recordingSleep();
  const client = new Exs({ apiKey: 'exs_live_test', baseUrl: api.url, sleep: waits.sleep, random: () => 0.5, ...options });
  return { client, api, waits: waits.waits };
}

describe('retried answers', () => {
  test('a 503 is retried and the answer after it returned', async () => {
    const { client, api } = await clientOf([apiError(503, 'provider_unavailable'), ok(WALLET)]);
    await expect(client.wallet.get()).resolves.toEqual(WALLET);
    expect(api.requests).toHaveLength(2);
  });

  test('a 500 is retried', async () => {
    const { client, api } = await clientOf([apiError(500, 'internal_error'), ok(WALLET)]);
    await expect(client.wallet.get()).resolves.toEqual(WALLET);
    expect(api.requests).toHaveLength(2);
  });

  test('a 429 is retried after the seconds its Retry-After header gives', async () => {
    const { client, api, waits } = await clientOf([apiError(429, 'rate_limited', { retry_after: 7 }, { 'retry-after': '7' }), ok(WALLET)]);
    await expect(client.wallet.get()).resolves.toEqual(WALLET);
    expect(api.requests).toHaveLength(2);
    expect(waits).toEqual([7000]);
  });

  test('a 429 whose header was lost waits the error body\'s retry_after', async () => {
    const { client, waits } = await clientOf([apiError(429, 'rate_limited', { retry_after: 3 }), ok(WALLET)]);
    await client.wallet.get();
    expect(waits).toEqual([3000]);
  });

  test('a Retry-After given as an HTTP date is read as the time until then', async () => {
    const { client, waits } = await clientOf([apiError(503, 'provider_unavailable', {}, { 'retry-after': 'Wed, 21 Oct 2015 07:28:00 GMT' }), ok(WALLET)]);
    await client.wallet.get();
    expect(waits).toEqual([0]); // a date already past: at once
  });

  test('a Retry-After of exactly maxRetryAfterMs is waited; one second more is thrown at once as a RateLimitError', async () => {
    const retryOptions = { retry: { maxRetryAfterMs: 60_000 } };
    const atLimit = await clientOf([apiError(429, 'rate_limited', { retry_after: 60 }, { 'retry-after': '60' }), ok(WALLET)], retryOptions);
    await expect(atLimit.client.wallet.get()).resolves.toEqual(WALLET);
    expect(atLimit.waits).toEqual([60_000]);
    await api!.close();

    // A used-up daily page quota answers with the seconds to midnight UTC: not worth holding a caller for.
    const overLimit = await clientOf([apiError(429, 'rate_limited', { retry_after: 61 }, { 'retry-after': '61' }), ok(WALLET)], retryOptions);
    const error = await overLimit.client.wallet.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retry_after).toBe(61);
    expect(overLimit.api.requests).toHaveLength(1);
    expect(overLimit.waits).toEqual([]);
  });

  test('without Retry-After each wait is a uniform draw below a doubling, capped ceiling (full jitter)', async () => {
    const { client, waits } = await clientOf([apiError(503, 'provider_unavailable')], {
      random: () => 0.75,
      retry: { maxRetries: 4, baseDelayMs: 100, maxDelayMs: 300 },
    });
    await expect(client.wallet.get()).rejects.toBeInstanceOf(ServiceUnavailableError);
    // Ceilings 100, 200, 400 -> capped 300, 800 -> capped 300; each wait is 0.75 of its ceiling.
    expect(waits).toEqual([75, 150, 225, 225]);
  });

  test('the jitter draws from the whole range, down to no wait at all', async () => {
    const { client, waits } = await clientOf([apiError(503, 'provider_unavailable'), ok(WALLET)], { random: () => 0 });
    await client.wallet.get();
    expect(waits).toEqual([0]);
  });
});

describe('bounded attempts', () => {
  test('maxRetries failures followed by a success succeed', async () => {
    const failures = Array.from({ length: 3 }, () => apiError(503, 'provider_unavailable'));
    const { client, api } = await clientOf([...failures, ok(WALLET)], { retry: { maxRetries: 3 } });
    await expect(client.wallet.get()).resolves.toEqual(WALLET);
    expect(api.requests).toHaveLength(4);
  });

  test('maxRetries + 1 failures throw the last error after maxRetries + 1 attempts', async () => {
    const failures = Array.from({ length: 4 }, () => apiError(500, 'internal_error'));
    const { client, api } = await clientOf([...failures, ok(WALLET)], { retry: { maxRetries: 3 } });
    await expect(client.wallet.get()).rejects.toBeInstanceOf(InternalServerError);
    expect(api.requests).toHaveLength(4);
  });

  test('a call may turn retries off', async () => {
    const { client, api } = await clientOf([apiError(503, 'provider_unavailable'), ok(WALLET)]);
    await expect(client.wallet.get({ maxRetries: 0 })).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(api.requests).toHaveLength(1);
  });

  test.each([
    [400, 'invalid_schema'],
    [402, 'insufficient_balance'],
    [404, 'not_found'],
    [409, 'idempotency_key_conflict'],
    [422, 'extraction_failed'],
  ])('a %i %s is not retried', async (status, code) => {
    const { client, api } = await clientOf([apiError(status, code), ok(WALLET)]);
    await expect(client.wallet.get()).rejects.toMatchObject({ status, code });
    expect(api.requests).toHaveLength(1);
  });

  test('a refused connection is retried, then thrown as an ExsConnectionError', async () => {
    const port = await closedPort();
    const waits = recordingSleep();
    const client = new Exs({ baseUrl: `http://127.0.0.1:${port}`, sleep: waits.sleep, retry: { maxRetries: 2 } });
    await expect(client.health()).rejects.toBeInstanceOf(ExsConnectionError);
    expect(waits.waits).toHaveLength(2);
  });

  test('an attempt past its timeout is aborted and thrown as an ExsTimeoutError, not retried', async () => {
    const { client, api } = await clientOf([{ status: 200, hang: true }]);
    const error = await client.wallet.get({ timeoutMs: 100 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExsTimeoutError);
    expect(error).toMatchObject({ code: 'timeout', status: 0 });
    expect(api.requests).toHaveLength(1);
  });

  test('an aborted signal stops the wait between retries with the signal\'s reason', async () => {
    const { client, api } = await clientOf([apiError(503, 'provider_unavailable')], { sleep: undefined, retry: { baseDelayMs: 60_000, maxDelayMs: 60_000 } });
    const controller = new AbortController();
    const call = client.wallet.get({ signal: controller.signal });
    await new Promise((r) => setTimeout(r, 50));
    controller.abort(new Error('caller gave up'));
    await expect(call).rejects.toThrow('caller gave up');
    expect(api.requests).toHaveLength(1);
  });
});

describe('idempotency keys', () => {
  test('every attempt of a retried POST carries the same generated Idempotency-Key', async () => {
    const { client, api } = await clientOf([apiError(503, 'provider_unavailable'), apiError(429, 'rate_limited', {}, { 'retry-after': '1' }), ok(KEY, 201)]);
    await client.keys.create({ name: 'ci' });
    const keys = api.requests.map((r) => r.headers['idempotency-key']);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(new Set(keys).size).toBe(1);
  });

  test('two calls get two different keys', async () => {
    const { client, api } = await clientOf([ok(KEY, 201)]);
    await client.keys.create();
    await client.keys.create();
    expect(api.requests[0]!.headers['idempotency-key']).not.toBe(api.requests[1]!.headers['idempotency-key']);
  });

  test('a caller\'s own key is sent as given, on every attempt', async () => {
    const { client, api } = await clientOf([apiError(500, 'internal_error'), ok(KEY, 201)]);
    await client.keys.create({ name: 'ci' }, { idempotencyKey: 'create-ci-key-1' });
    expect(api.requests.map((r) => r.headers['idempotency-key'])).toEqual(['create-ci-key-1', 'create-ci-key-1']);
  });

  test('GET and DELETE carry no Idempotency-Key', async () => {
    const { client, api } = await clientOf([ok(KEY)]);
    await client.keys.get(KEY.id);
    await client.keys.revoke(KEY.id);
    expect(api.requests.map((r) => [r.method, r.headers['idempotency-key']])).toEqual([['GET', undefined], ['DELETE', undefined]]);
  });
});

describe('what every request carries', () => {
  test('the API key as a bearer token, the contract version and a JSON body', async () => {
    const { client, api } = await clientOf([ok(KEY, 201)]);
    await client.keys.create({ name: 'ci', daily_page_limit: 500 });
    const [req] = api.requests;
    expect(req!.headers.authorization).toBe('Bearer exs_live_test');
    expect(req!.headers['service-version']).toBe('2026-08-10');
    expect(req!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req!.body.toString())).toEqual({ name: 'ci', daily_page_limit: 500 });
  });

  test('a 2xx answer that is not JSON is an error, not a silent undefined', async () => {
    const { client } = await clientOf([{ status: 200, text: '<html>proxy</html>' }]);
    await expect(client.wallet.get()).rejects.toMatchObject({ code: 'unexpected_response', status: 200 });
  });

  test('a 400 is thrown as the error its code names', async () => {
    const { client } = await clientOf([apiError(400, 'invalid_schema', { detail: '/schema: must be object' })]);
    await expect(client.extract({ schema: {}, document: { bytes_base64: 'AA==' } })).rejects.toBeInstanceOf(InvalidRequestError);
  });
});
