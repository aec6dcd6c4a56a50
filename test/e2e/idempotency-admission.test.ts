// Idempotency-Key together with the rate limit: the gateway claims the key while the rate limiter
// answers, so a refused request must give its claim back.
import { ApiClient, afterRateLimit } from '../support/api-client.js';
import { createAccount, startTestStack, type TestStack } from '../support/stack-fixture.js';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
}, 180_000);

afterAll(async () => {
  await stack?.dispose();
}, 60_000);

test('a request refused with 429 does not keep its Idempotency-Key: the retry runs', async () => {
  const { api_key } = createAccount(stack, 'idempotency-admission@example.com', ['--plan', 'free']);
  const client = new ApiClient(stack.gatewayUrl, api_key);
  // A body the handler refuses: a deterministic 400 that is stored once it runs, with nothing billed.
  const body = { schema: {} };
  // 30 at once against a burst of 4 refilled at 2/s: none is refused only if serving them took over 13 s.
  const results = await Promise.all(Array.from({ length: 30 }, (_, i) => client.post('/v1/extract', body, { 'idempotency-key': `k${i}` })));
  const limited = results.findIndex((r) => r.status === 429);
  expect(limited).toBeGreaterThanOrEqual(0);

  await new Promise((resolve) => setTimeout(resolve, results[limited].body.error.retry_after * 1000));
  // Refused again while the bucket refills (on a slow machine the burst's last requests take the refill) keeps
  // nothing either: the retry waits for a token as a client would, and must then run.
  const retry = await afterRateLimit(() => client.post('/v1/extract', body, { 'idempotency-key': `k${limited}` }));
  expect(retry.status).toBe(400);
  expect(retry.headers.get('idempotent-replayed')).toBeNull();
});
