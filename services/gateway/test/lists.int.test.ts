// The harness first: it loads reflect-metadata before any Nest module is evaluated.
import { startGateway, type GatewayHarness } from './support/gateway-app.js';
import { ResponseValidator } from '../src/openapi/response-validator.js';

let gw: GatewayHarness;
const responses = new ResponseValidator({ closed: true });

beforeAll(async () => {
  gw = await startGateway();
}, 60_000);

afterAll(async () => {
  await gw?.close();
});

async function get(secret: string, path: string) {
  const res = await fetch(`${gw.url}${path}`, { headers: { authorization: `Bearer ${secret}` } });
  return { status: res.status, headers: res.headers, body: await res.json() as any };
}

/**
 * An account with `count` keys besides its own, a second apart (keys made in the same millisecond are
 * ordered by their random ids instead); ids newest first.
 */
async function accountWithKeys(count: number) {
  const { accountId, keyId, secret } = await gw.newApiKey();
  const ids = [keyId];
  for (let i = 0; i < count; i++) ids.push((await gw.keys.create(accountId, `k${i}`)).key.id);
  const t0 = Date.now() - 3600_000;
  for (const [i, id] of ids.entries()) await gw.db.apiKey.update({ where: { id }, data: { createdAt: new Date(t0 + i * 1000) } });
  return { accountId, secret, newestFirst: ids.reverse() };
}

test('keys made in the same millisecond are each listed once across pages, ordered by id', async () => {
  const { secret, newestFirst } = await accountWithKeys(3);
  await gw.db.apiKey.updateMany({ where: { id: { in: newestFirst } }, data: { createdAt: new Date('2026-01-01T00:00:00Z') } });
  const first = await get(secret, '/v1/keys?limit=2');
  const second = await get(secret, `/v1/keys?limit=2&starting_after=${first.body.data[1].id}`);
  const listed = [...first.body.data, ...second.body.data].map((k: any) => k.id);
  expect(listed).toEqual([...newestFirst].sort().reverse());
  expect(second.body.has_more).toBe(false);
});

describe('GET /v1/keys', () => {
  test('a page is the list envelope, newest first, with has_more, as the document describes it', async () => {
    const { secret, newestFirst } = await accountWithKeys(4);
    const res = await get(secret, '/v1/keys?limit=2');
    expect(res.status).toBe(200);
    expect(responses.check('/v1/keys', 'get', res)).toEqual([]);
    expect(res.body).toMatchObject({ object: 'list', url: '/v1/keys', has_more: true });
    expect(res.body.data.map((k: any) => k.id)).toEqual(newestFirst.slice(0, 2));
  });

  test('following starting_after with the last id walks every key once, the last page saying has_more false', async () => {
    const { secret, newestFirst } = await accountWithKeys(4);
    const seen: string[] = [];
    let path = '/v1/keys?limit=2';
    for (;;) {
      const { body } = await get(secret, path);
      seen.push(...body.data.map((k: any) => k.id));
      if (!body.has_more) break;
      path = `/v1/keys?limit=2&starting_after=${body.data.at(-1).id}`;
    }
    expect(seen).toEqual(newestFirst);
  });

  test('ending_before the first id of a page is the page before it', async () => {
    const { secret, newestFirst } = await accountWithKeys(4);
    const res = await get(secret, `/v1/keys?limit=2&ending_before=${newestFirst[3]}`);
    expect(res.body.data.map((k: any) => k.id)).toEqual(newestFirst.slice(1, 3));
    expect(res.body.has_more).toBe(true);
  });

  test('without limit a page holds 10 keys', async () => {
    const { secret } = await accountWithKeys(10);
    const res = await get(secret, '/v1/keys');
    expect(res.body.data).toHaveLength(10);
    expect(res.body.has_more).toBe(true);
  });

  test('limit 100 is accepted; 101 and 0 are 400 invalid_schema', async () => {
    const { secret } = await accountWithKeys(0);
    expect((await get(secret, '/v1/keys?limit=100')).status).toBe(200);
    for (const limit of ['101', '0']) {
      const res = await get(secret, `/v1/keys?limit=${limit}`);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_schema');
      expect(responses.check('/v1/keys', 'get', res)).toEqual([]);
    }
  });

  test('another account\'s key as a cursor is 404 not_found, like an unknown one', async () => {
    const mine = await accountWithKeys(1);
    const theirs = await accountWithKeys(1);
    for (const cursor of [theirs.newestFirst[0], 'key_ffffffffffffffffffffffff']) {
      const res = await get(mine.secret, `/v1/keys?starting_after=${cursor}`);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
      expect(JSON.stringify(res.body)).not.toContain(theirs.accountId);
    }
  });
});

describe('GET /v1/jobs (extraction reads the page)', () => {
  const job = (id: string) => ({
    id, accountId: '', requestId: `req_${'a'.repeat(32)}`, state: 'failed', pages: 3, createdAtMs: '1767225600000', startedAtMs: '0',
    finishedAtMs: '1767225660000', expiresAtMs: '0', resultJson: '', error: { code: 'extraction_failed', detail: '', retryAfterSeconds: 0 }, billedPages: 0,
  });

  test('the query reaches extraction for the calling account, and the page comes back as listed jobs without a result', async () => {
    const { accountId, secret } = await gw.newApiKey();
    const id = 'job_0123456789abcdef01234567';
    gw.state.listJobsAnswer = () => ({ list: { jobs: [job(id)], hasMore: true } });
    const res = await get(secret, `/v1/jobs?limit=1&state=failed&starting_after=job_${'f'.repeat(24)}`);
    expect(res.status).toBe(200);
    expect(responses.check('/v1/jobs', 'get', res)).toEqual([]);
    expect(gw.state.listJobsRequests.at(-1)).toEqual({ accountId, limit: 1, state: 'failed', startingAfter: `job_${'f'.repeat(24)}`, endingBefore: '' });
    expect(res.body).toMatchObject({ object: 'list', url: '/v1/jobs', has_more: true, data: [{ id, object: 'job', state: 'failed', error: { code: 'extraction_failed' } }] });
    expect(res.body.data[0]).not.toHaveProperty('result');
  });

  test('a cursor extraction does not find for the account is 404 not_found', async () => {
    const { secret } = await gw.newApiKey();
    gw.state.listJobsAnswer = () => ({ error: { code: 'not_found', detail: '', retryAfterSeconds: 0 } });
    const res = await get(secret, `/v1/jobs?starting_after=job_${'e'.repeat(24)}`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });

  test('limit 101, an unknown state and a malformed cursor are 400 invalid_schema before extraction is asked', async () => {
    const { secret } = await gw.newApiKey();
    const asked = gw.state.listJobsRequests.length;
    for (const query of ['limit=101', 'limit=0', 'state=done', 'starting_after=job_1']) {
      const res = await get(secret, `/v1/jobs?${query}`);
      expect([query, res.status, res.body.error.code]).toEqual([query, 400, 'invalid_schema']);
    }
    expect(gw.state.listJobsRequests.length).toBe(asked);
  });

  test('limit 100 is passed on', async () => {
    const { secret } = await gw.newApiKey();
    gw.state.listJobsAnswer = () => ({ list: { jobs: [], hasMore: false } });
    expect((await get(secret, '/v1/jobs?limit=100')).status).toBe(200);
    expect(gw.state.listJobsRequests.at(-1)?.limit).toBe(100);
  });
});
