// EnsureHold: work about to run again (a redelivered job) is covered by a hold whatever happened to its
// reservation meanwhile. Hold lifetimes on an injected clock, as in reservation-expiry.int.test.ts.
import { EXPIRES_AT, T0, TTL_SECONDS, holdClockHarness, pages } from './hold-clock.js';
import { InsufficientBalanceError } from '../src/reservations/reservation.service.js';

const h = holdClockHarness('ensure');
const { account, available, withClock } = h;

const reservation = (id: string) => h.db.reservation.findUniqueOrThrow({ where: { id } });

const expiredHold = h.expiredHold;

test('a held reservation is kept and its lifetime renewed from now', async () => {
  const id = account();
  await h.wallets.create(id, 'default', pages(10));
  const { clock, reservations } = withClock();
  const r = await reservations.reserve(id, 'job_1', 4);
  clock.t = T0 + 50_000;
  expect(await reservations.ensureHold(id, 'job_1', 4, r)).toBe(r);
  expect((await reservation(r)).expiresAt.getTime()).toBe(T0 + 50_000 + TTL_SECONDS * 1000);
  expect(await available(id)).toBe(pages(6));
});

test('an expired hold is taken again as a new reservation', async () => {
  const { id, r, reservations } = await expiredHold();
  const renewal = await reservations.ensureHold(id, 'job_1', 4, r);
  expect(renewal).not.toBe(r);
  expect(await reservation(renewal)).toMatchObject({ state: 'held', amountMicros: pages(4), reference: `job_1#renewal-of:${r}` });
  expect(await available(id)).toBe(pages(6));
});

test('the renewal of an expired hold is billed by a normal capture, without a shortfall', async () => {
  const { id, r, reservations } = await expiredHold();
  const renewal = await reservations.ensureHold(id, 'job_1', 4, r);
  expect(await reservations.capture(renewal, 4)).toBe(pages(4));
  expect(await available(id)).toBe(pages(6));
  expect((await h.wallets.get(id)).heldMicros).toBe(0n);
  const ledger = await h.db.ledgerEntry.findMany({ where: { accountId: id, kind: { not: 'credit' } }, orderBy: { kind: 'asc' } });
  expect(ledger.map((e) => [e.kind, e.amountMicros, e.reference])).toEqual([['capture', pages(4), renewal], ['expiry', pages(4), r]]);
});

test('ensuring the hold of an expired reservation twice holds once', async () => {
  const { id, r, reservations } = await expiredHold();
  const [a, b] = await Promise.all([reservations.ensureHold(id, 'job_1', 4, r), reservations.ensureHold(id, 'job_1', 4, r)]);
  expect(a).toBe(b);
  expect(await reservations.ensureHold(id, 'job_1', 4, r)).toBe(a);
  expect(await available(id)).toBe(pages(6));
});

test('an expired hold the available balance no longer covers is refused and nothing is held', async () => {
  const { id, r, reservations } = await expiredHold();
  // The freed funds are held by other work meanwhile: 2 pages are left, the job needs 4.
  await reservations.reserve(id, 'job_2', 8);
  await expect(reservations.ensureHold(id, 'job_1', 4, r)).rejects.toBeInstanceOf(InsufficientBalanceError);
  expect(await available(id)).toBe(pages(2));
  expect(await h.db.reservation.count({ where: { accountId: id } })).toBe(2);
});

test('a renewal that expired in turn is taken again when the original reservation is passed', async () => {
  const { id, r, clock, reservations } = await expiredHold();
  const first = await reservations.ensureHold(id, 'job_1', 4, r);
  clock.t += TTL_SECONDS * 1000 + 1;
  await reservations.sweepExpired();
  const second = await reservations.ensureHold(id, 'job_1', 4, r);
  expect(second).not.toBe(first);
  expect(await reservation(second)).toMatchObject({ state: 'held', reference: `job_1#renewal-of:${first}` });
  expect(await available(id)).toBe(pages(6));
});

test('a released hold is taken again as a new reservation', async () => {
  const id = account();
  await h.wallets.create(id, 'default', pages(10));
  const { reservations } = withClock();
  const r = await reservations.reserve(id, 'job_1', 4);
  await reservations.release(r);
  const renewal = await reservations.ensureHold(id, 'job_1', 4, r);
  expect(renewal).not.toBe(r);
  expect((await reservation(renewal)).state).toBe('held');
  expect(await available(id)).toBe(pages(6));
});

test('a captured reservation is returned as it is and nothing is held', async () => {
  const id = account();
  await h.wallets.create(id, 'default', pages(10));
  const { reservations } = withClock();
  const r = await reservations.reserve(id, 'job_1', 4);
  await reservations.capture(r, 4);
  expect(await reservations.ensureHold(id, 'job_1', 4, r)).toBe(r);
  expect((await h.wallets.get(id)).heldMicros).toBe(0n);
  expect(await available(id)).toBe(pages(6));
});

test('a reservation billing does not know is reserved afresh with the reference', async () => {
  const id = account();
  await h.wallets.create(id, 'default', pages(10));
  const { reservations } = withClock();
  const r = await reservations.ensureHold(id, 'job_1', 4, '00000000-0000-4000-8000-000000000000');
  expect(await reservation(r)).toMatchObject({ state: 'held', reference: 'job_1', accountId: id });
  expect(await available(id)).toBe(pages(6));
});

test("another account's reservation is not touched: the caller's reference is reserved instead", async () => {
  const other = account();
  await h.wallets.create(other, 'default', pages(10));
  const id = account();
  await h.wallets.create(id, 'default', pages(10));
  const { reservations } = withClock();
  const theirs = await reservations.reserve(other, 'job_1', 4);
  const mine = await reservations.ensureHold(id, 'job_1', 2, theirs);
  expect(mine).not.toBe(theirs);
  expect(await reservation(mine)).toMatchObject({ accountId: id, state: 'held' });
  expect(await available(other)).toBe(pages(6));
  expect(await available(id)).toBe(pages(8));
});
