// Per-key daily page quota through the running stack: a key's daily_page_limit reaches the quota
// reservation (gateway -> extraction -> ratelimit). The count is the account's (all keys share it); a
// request made with a limited key is refused when it would take that count past the key's limit, while
// the account's keys without a limit carry on (docs/rate-limits.md, "Daily page quota").
import { sampleInvoicePdf, sampleInvoiceSchema } from '../support/sample-documents.js';
import { ApiClient, b64, type ApiResponse } from '../support/api-client.js';
import { createAccount, startTestStack, type TestStack } from '../support/stack-fixture.js';

let stack: TestStack;
let onePage: Uint8Array;
let twoPages: Uint8Array;
let n = 0;

beforeAll(async () => {
  stack = await startTestStack();
  onePage = await sampleInvoicePdf(1);
  twoPages = await sampleInvoicePdf(2);
}, 180_000);

afterAll(async () => {
  await stack?.dispose();
}, 60_000);

const extractBody = (bytes: Uint8Array) => ({ schema: sampleInvoiceSchema, document: { bytes_base64: b64(bytes) } });
const secondsToUtcMidnight = () => Math.ceil((Math.floor(Date.now() / 86_400_000 + 1) * 86_400_000 - Date.now()) / 1000);

// Each test's requests must fall on one UTC day (the count resets at 00:00): one that would start in the last
// 30 s of a day starts on the next one instead.
beforeEach(async () => {
  if (secondsToUtcMidnight() <= 30) await new Promise((r) => setTimeout(r, (secondsToUtcMidnight() + 1) * 1000));
}, 60_000);

/** A default-plan account (USD 20, no plan quota): its first key has no limit; `limited` is a second key with `limit`. */
async function accountWithLimitedKey(limit: number): Promise<{ open: ApiClient; limited: ApiClient; limitedId: string }> {
  const { api_key } = createAccount(stack, `key-quota-${++n}@example.com`);
  const open = new ApiClient(stack.gatewayUrl, api_key);
  const created = await open.post('/v1/keys', { name: 'capped', daily_page_limit: limit });
  expect(created.status).toBe(201);
  expect(created.body.daily_page_limit).toBe(limit);
  return { open, limited: open.withKey(created.body.secret), limitedId: created.body.id };
}

function expectQuotaRefusal(res: ApiResponse) {
  expect(res.status).toBe(429);
  expect(res.body.error.code).toBe('rate_limited');
  expect(res.body.error.request_id).toBe(res.headers.get('x-request-id'));
  // The free plan's quota refusal: Retry-After (= error.retry_after) is the wait until 00:00 UTC.
  expect(Number(res.headers.get('retry-after'))).toBe(res.body.error.retry_after);
  expect(Math.abs(res.body.error.retry_after - secondsToUtcMidnight())).toBeLessThanOrEqual(5);
}

test('a key with daily_page_limit=3 on a default account runs exactly 3 pages, then is refused with 429 until 00:00 UTC', async () => {
  const { limited } = await accountWithLimitedKey(3);
  expect((await limited.post('/v1/extract', extractBody(twoPages))).status).toBe(200);
  expect((await limited.post('/v1/extract', extractBody(onePage))).status).toBe(200);
  expectQuotaRefusal(await limited.post('/v1/extract', extractBody(onePage)));
});

test('a request that alone would pass the key limit is refused whole and not billed', async () => {
  const { open, limited } = await accountWithLimitedKey(1);
  expectQuotaRefusal(await limited.post('/v1/extract', extractBody(twoPages)));
  expect((await open.get('/v1/wallet')).body.balance.amount).toBe('20.00');
});

test('job admission is held to the key limit too', async () => {
  const { limited } = await accountWithLimitedKey(1);
  expect((await limited.post('/v1/extract', extractBody(onePage))).status).toBe(200);
  expectQuotaRefusal(await limited.post('/v1/jobs', extractBody(onePage)));
});

test('the count is shared but only the limited key is limited: a key without a limit passes, the limited key stays refused', async () => {
  const { open, limited } = await accountWithLimitedKey(2);
  expect((await limited.post('/v1/extract', extractBody(twoPages))).status).toBe(200);
  expectQuotaRefusal(await limited.post('/v1/extract', extractBody(onePage)));
  expect((await open.post('/v1/extract', extractBody(onePage))).status).toBe(200);
  expectQuotaRefusal(await limited.post('/v1/extract', extractBody(onePage)));
  // Billed: the 3 pages that ran, nothing for the refusals.
  expect((await open.get('/v1/wallet')).body.balance.amount).toBe('19.94');
});

test("pages run with the account's other keys count against a key's limit", async () => {
  const { open, limited } = await accountWithLimitedKey(3);
  expect((await open.post('/v1/extract', extractBody(twoPages))).status).toBe(200);
  expect((await limited.post('/v1/extract', extractBody(onePage))).status).toBe(200);
  expectQuotaRefusal(await limited.post('/v1/extract', extractBody(onePage)));
});

test('raising or removing the limit with POST /v1/keys/:id lets the key run again', async () => {
  const { open, limited, limitedId } = await accountWithLimitedKey(1);
  expect((await limited.post('/v1/extract', extractBody(onePage))).status).toBe(200);
  expectQuotaRefusal(await limited.post('/v1/extract', extractBody(onePage)));
  const raised = await open.post(`/v1/keys/${limitedId}`, { daily_page_limit: 2 });
  expect(raised.status).toBe(200);
  expect(raised.body).toMatchObject({ id: limitedId, daily_page_limit: 2 });
  expect((await limited.post('/v1/extract', extractBody(onePage))).status).toBe(200);
  expectQuotaRefusal(await limited.post('/v1/extract', extractBody(onePage)));
  expect((await open.post(`/v1/keys/${limitedId}`, { daily_page_limit: null })).body.daily_page_limit).toBeNull();
  expect((await limited.post('/v1/extract', extractBody(onePage))).status).toBe(200);
});

test('lowering the limit below what the account used today refuses the key at once', async () => {
  const { open, limited, limitedId } = await accountWithLimitedKey(10);
  expect((await limited.post('/v1/extract', extractBody(twoPages))).status).toBe(200);
  expect((await open.post(`/v1/keys/${limitedId}`, { daily_page_limit: 2 })).status).toBe(200);
  expectQuotaRefusal(await limited.post('/v1/extract', extractBody(onePage)));
});

test('GET /v1/keys and GET /v1/keys/:id show each key\'s daily_page_limit', async () => {
  const { open, limitedId } = await accountWithLimitedKey(42);
  const list = await open.get('/v1/keys');
  expect(list.status).toBe(200);
  expect(list.body.data.map((k: any) => k.daily_page_limit).sort()).toEqual([42, null]);
  const one = await open.get(`/v1/keys/${limitedId}`);
  expect(one.status).toBe(200);
  expect(one.body).toMatchObject({ id: limitedId, object: 'api_key', daily_page_limit: 42 });
  expect(one.body.secret).toBeUndefined();
});

test('a bad daily_page_limit is 400 invalid_schema with a detail, at creation and on update', async () => {
  const { open, limitedId } = await accountWithLimitedKey(5);
  for (const bad of [0, -1, 1.5, '10', 10_000_001]) {
    const created = await open.post('/v1/keys', { daily_page_limit: bad });
    expect({ bad, status: created.status, code: created.body.error?.code }).toEqual({ bad, status: 400, code: 'invalid_schema' });
    expect(created.body.error.detail).toMatch(/^\/daily_page_limit: /);
  }
  const updated = await open.post(`/v1/keys/${limitedId}`, { daily_page_limit: 0 });
  expect(updated.status).toBe(400);
  expect(updated.body.error.code).toBe('invalid_schema');
  expect((await open.get(`/v1/keys/${limitedId}`)).body.daily_page_limit).toBe(5);
});

test("another account's key cannot be read or changed (404)", async () => {
  const { limitedId } = await accountWithLimitedKey(5);
  const stranger = new ApiClient(stack.gatewayUrl, createAccount(stack, `key-quota-stranger-${++n}@example.com`).api_key);
  expect((await stranger.get(`/v1/keys/${limitedId}`)).body.error.code).toBe('not_found');
  const res = await stranger.post(`/v1/keys/${limitedId}`, { daily_page_limit: null });
  expect(res.status).toBe(404);
  expect(res.body.error.code).toBe('not_found');
});
