import pg from 'pg';
import { IDEMPOTENCY_TTL_MS, IdempotencyStore, LEASE_MS } from '../src/idempotency/idempotency.store.js';
import { migratedDatabase } from '../../../test/support/databases.js';

let store: IdempotencyStore;
let db: pg.Pool;
let n = 0;
const key = () => `key-${++n}`;
const at = (t0: Date, ms: number) => new Date(t0.getTime() + ms);
const neverFails = (err: unknown) => { throw err; };

beforeAll(async () => {
  const url = await migratedDatabase('gateway');
  store = new IdempotencyStore({ DATABASE_URL: url });
  db = new pg.Pool({ connectionString: url, max: 2 });
}, 60_000);

afterAll(async () => {
  await store?.close();
  await db?.end();
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
  await store.complete('acct_a', k, 'req_first', 200, '{"ok":1}');
  expect(await store.begin('acct_a', k, 'fp', 'req_second')).toEqual({ kind: 'replay', status: 200, body: '{"ok":1}', requestId: 'req_first' });
});

test('a repeat right after a deferred completion replays it (it waits for the write instead of answering 409)', async () => {
  const k = key();
  await store.begin('acct_a', k, 'fp', 'req_first');
  // Serialising a large result takes a while; meanwhile the repeat's claim would reach the database first.
  const slowBody = () => { const until = Date.now() + 200; while (Date.now() < until); return '{"ok":2}'; };
  store.completeLater('acct_a', k, 'req_first', 201, slowBody, neverFails);
  expect(await store.begin('acct_a', k, 'fp', 'req_second')).toEqual({ kind: 'replay', status: 201, body: '{"ok":2}', requestId: 'req_first' });
});

/** Resolves once another session of this database waits for a row lock. */
async function someoneWaitsForALock(): Promise<void> {
  for (let waiting = 0; waiting === 0;) {
    ({ rows: [{ waiting }] } = await db.query(`SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`));
  }
}

test('a repeat racing the completion of the first waits for its commit and replays', async () => {
  const k = key();
  await store.begin('acct_a', k, 'fp', 'req_first');
  const completing = await db.connect();
  try {
    await completing.query('BEGIN');
    await completing.query(`UPDATE idempotency_records SET state = 'completed', response_status = 200, response_body = '{}' WHERE account_id = 'acct_a' AND key = $1`, [k]);
    const repeat = store.begin('acct_a', k, 'fp', 'req_second');
    await someoneWaitsForALock(); // the repeat's claim is blocked on the row before the completion commits
    await completing.query('COMMIT');
    expect(await repeat).toEqual({ kind: 'replay', status: 200, body: '{}', requestId: 'req_first' });
  } finally {
    completing.release();
  }
});

test('the same key with a different body is a conflict', async () => {
  const k = key();
  await store.begin('acct_a', k, 'fp-1', 'req_1');
  await store.complete('acct_a', k, 'req_1', 200, '{}');
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
  await store.abandon('acct_a', k, 'req_1');
  expect((await store.begin('acct_a', k, 'fp', 'req_2')).kind).toBe('started');
});

test('a key is forgotten 24 hours after first use', async () => {
  const k = key();
  const t0 = new Date('2026-01-01T00:00:00Z');
  await store.begin('acct_a', k, 'fp', 'req_1', t0);
  await store.complete('acct_a', k, 'req_1', 200, '{}');
  expect((await store.begin('acct_a', k, 'fp-other', 'req_2', at(t0, IDEMPOTENCY_TTL_MS - 1))).kind).toBe('conflict');
  expect((await store.begin('acct_a', k, 'fp-other', 'req_3', at(t0, IDEMPOTENCY_TTL_MS))).kind).toBe('started');
});

test('a request whose gateway died holds its key until its lease lapses, then a retry runs', async () => {
  const k = key();
  const t0 = new Date('2026-01-01T00:00:00Z');
  await store.begin('acct_a', k, 'fp', 'req_crashed', t0);
  expect((await store.begin('acct_a', k, 'fp', 'req_2', at(t0, LEASE_MS - 1))).kind).toBe('conflict');
  expect((await store.begin('acct_a', k, 'fp', 'req_3', at(t0, LEASE_MS))).kind).toBe('started');
});

test('a renewed lease keeps the key held past the first lease', async () => {
  const k = key();
  const t0 = new Date('2026-01-01T00:00:00Z');
  await store.begin('acct_a', k, 'fp', 'req_running', t0);
  await store.renew('acct_a', k, 'req_running', at(t0, LEASE_MS / 2));
  expect((await store.begin('acct_a', k, 'fp', 'req_2', at(t0, LEASE_MS))).kind).toBe('conflict');
});

test('a request that lost its lease cannot overwrite the record of the request that took over', async () => {
  const k = key();
  const t0 = new Date('2026-01-01T00:00:00Z');
  await store.begin('acct_a', k, 'fp', 'req_late', t0);
  await store.begin('acct_a', k, 'fp', 'req_new', at(t0, LEASE_MS));
  await store.complete('acct_a', k, 'req_late', 200, '{"late":true}');
  const { rows } = await db.query(`SELECT request_id, state FROM idempotency_records WHERE account_id = 'acct_a' AND key = $1`, [k]);
  expect(rows).toEqual([{ request_id: 'req_new', state: 'in_progress' }]);
});

test('the sweep deletes expired records and keeps live ones', async () => {
  const [old, live] = [key(), key()];
  await store.begin('acct_sweep', old, 'fp', 'req_old', new Date('2020-01-01T00:00:00Z'));
  await store.begin('acct_sweep', live, 'fp', 'req_live');
  expect(await store.sweep()).toBeGreaterThanOrEqual(1);
  const { rows } = await db.query(`SELECT key FROM idempotency_records WHERE account_id = 'acct_sweep'`);
  expect(rows.map((r) => r.key)).toEqual([live]);
});

test('the sweep spares an expired record that a new request claims while the sweep runs', async () => {
  const k = key();
  await store.begin('acct_race', k, 'fp', 'req_old', new Date('2020-01-01T00:00:00Z'));
  const claiming = await db.connect();
  try {
    // A takeover of the expired record, held open until the sweep has picked the row and waits for it.
    await claiming.query('BEGIN');
    await claiming.query(`UPDATE idempotency_records SET request_id = 'req_new', created_at = now(), expires_at = now() + interval '1 day' WHERE account_id = 'acct_race' AND key = $1`, [k]);
    const sweeping = store.sweep();
    await someoneWaitsForALock();
    await claiming.query('COMMIT');
    await sweeping;
  } finally {
    claiming.release();
  }
  const { rows } = await db.query(`SELECT request_id FROM idempotency_records WHERE account_id = 'acct_race' AND key = $1`, [k]);
  expect(rows).toEqual([{ request_id: 'req_new' }]);
});
