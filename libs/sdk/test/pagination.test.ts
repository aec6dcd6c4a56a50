// List iterators against a scripted API on 127.0.0.1: today's lists (no has_more) are one page; a
// Stripe-style list (limit, starting_after, has_more) is walked page by page.
import { Exs } from '../src/index.js';
import { startFakeApi, type FakeApi, type Recorded } from './support/fake-api.js';

const key = (n: number) => ({ id: `key_${String(n).padStart(24, '0')}`, object: 'api_key', name: `k${n}`, prefix: 'exs_live_Ab3x', daily_page_limit: null, created_at: '2026-08-10T00:00:00.000Z', revoked_at: null });
const ALL = Array.from({ length: 7 }, (_, i) => key(i + 1));

let api: FakeApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

/** A Stripe-style keys list over ALL: `limit` (default 3) items after `starting_after`. */
function paged(req: Recorded) {
  const url = new URL(req.url, 'http://x');
  const limit = Number(url.searchParams.get('limit') ?? 3);
  const after = url.searchParams.get('starting_after');
  const start = after ? ALL.findIndex((k) => k.id === after) + 1 : 0;
  const data = ALL.slice(start, start + limit);
  return { status: 200, json: { object: 'list', data, has_more: start + limit < ALL.length } };
}

async function client(reply: (req: Recorded) => { status: number; json: unknown }) {
  api = await startFakeApi(reply);
  return new Exs({ apiKey: 'exs_live_test', baseUrl: api.url });
}

test('a list without has_more (today\'s API) is one page: iterating makes one request', async () => {
  const exs = await client(() => ({ status: 200, json: { object: 'list', data: ALL } }));
  const seen = [];
  for await (const k of exs.keys.list()) seen.push(k.id);
  expect(seen).toEqual(ALL.map((k) => k.id));
  expect(api!.requests.map((r) => r.url)).toEqual(['/v1/keys']);
});

test('iterating follows starting_after while has_more is true, and stops when it is false', async () => {
  const exs = await client(paged);
  const seen = [];
  for await (const k of exs.keys.list()) seen.push(k.id);
  expect(seen).toEqual(ALL.map((k) => k.id));
  expect(api!.requests.map((r) => r.url)).toEqual(['/v1/keys', `/v1/keys?starting_after=${ALL[2]!.id}`, `/v1/keys?starting_after=${ALL[5]!.id}`]);
});

test('limit is sent on every page', async () => {
  const exs = await client(paged);
  const seen = await exs.webhookEndpoints.list({ limit: 4 }).toArray();
  expect(seen).toHaveLength(7);
  expect(api!.requests.map((r) => new URL(r.url, 'http://x').searchParams.get('limit'))).toEqual(['4', '4']);
});

test('awaiting a list gives its first page only', async () => {
  const exs = await client(paged);
  const page = await exs.keys.list({ limit: 2 });
  expect(page).toEqual({ object: 'list', data: ALL.slice(0, 2), has_more: true });
  expect(api!.requests).toHaveLength(1);
});

test('toArray stops at its bound: max items pass, the next is not fetched', async () => {
  const exs = await client(paged);
  await expect(exs.keys.list().toArray(3)).resolves.toHaveLength(3);
  expect(api!.requests).toHaveLength(1);
  await expect(exs.keys.list().toArray(4)).resolves.toEqual(ALL.slice(0, 4));
});

test('a server that ignores starting_after is reported instead of walked forever', async () => {
  const exs = await client(() => ({ status: 200, json: { object: 'list', data: ALL.slice(0, 3), has_more: true } }));
  await expect(exs.keys.list().toArray()).rejects.toMatchObject({ code: 'pagination_stalled' });
  expect(api!.requests).toHaveLength(2);
});
