import { prismaPgAdapter } from '@exs/platform';
import { PrismaClient } from '../src/generated/prisma/client.js';
import { IDEMPOTENCY_TTL_MS, IdempotencyStore } from '../src/idempotency/idempotency.store.js';
import { migratedDatabase } from '../../../test/support/databases.js';

let db: PrismaClient;
let store: IdempotencyStore;
let n = 0;
const key = () => `key-${++n}`;

beforeAll(async () => {
  db = new PrismaClient({ adapter: prismaPgAdapter(await migratedDatabase('gateway')) });
  store = new IdempotencyStore(db);
}, 60_000);

afterAll(async () => {
  await db?.$disconnect();
});

test('of 20 concurrent requests with one key, exactly one starts', async () => {
  const k = key();
  const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => store.begin('acct_a', k, 'fp', `req_${i}`)));
  expect(outcomes.filter((o) => o.kind === 'started')).toHaveLength(1);
  expect(outcomes.filter((o) => o.kind === 'conflict')).toHaveLength(19);
});

test('a repeat after completion replays the stored response with the original request id', async () => {
  const k = key();
  await store.begin('acct_a', k, 'fp', 'req_first');
  await store.complete('acct_a', k, 200, '{"ok":1}');
  expect(await store.begin('acct_a', k, 'fp', 'req_second')).toEqual({ kind: 'replay', status: 200, body: '{"ok":1}', requestId: 'req_first' });
});

test('the same key with a different body is a conflict', async () => {
  const k = key();
  await store.begin('acct_a', k, 'fp-1', 'req_1');
  await store.complete('acct_a', k, 200, '{}');
  expect((await store.begin('acct_a', k, 'fp-2', 'req_2')).kind).toBe('conflict');
});

test('keys are scoped to the account', async () => {
  const k = key();
  await store.begin('acct_a', k, 'fp', 'req_1');
  expect((await store.begin('acct_b', k, 'fp', 'req_2')).kind).toBe('started');
});

test('an abandoned request can be retried with the same key', async () => {
  const k = key();
  await store.begin('acct_a', k, 'fp', 'req_1');
  await store.abandon('acct_a', k);
  expect((await store.begin('acct_a', k, 'fp', 'req_2')).kind).toBe('started');
});

test('a key is forgotten 24 hours after first use', async () => {
  const k = key();
  const t0 = new Date('2026-01-01T00:00:00Z');
  await store.begin('acct_a', k, 'fp', 'req_1', t0);
  await store.complete('acct_a', k, 200, '{}');
  expect((await store.begin('acct_a', k, 'fp-other', 'req_2', new Date(t0.getTime() + IDEMPOTENCY_TTL_MS - 1))).kind).toBe('conflict');
  expect((await store.begin('acct_a', k, 'fp-other', 'req_3', new Date(t0.getTime() + IDEMPOTENCY_TTL_MS))).kind).toBe('started');
});
