// Hold lifetimes on an injected clock: each test reserves at T0 and moves its clock instead of sleeping.
import { EXPIRES_AT, T0, TTL_SECONDS, holdClockHarness, pages } from './hold-clock.js';
import { lockWaiters } from './lock-waiters.js';

const h = holdClockHarness('expiry');
const { account, available, withClock } = h;

const stateOf = async (id: string) => (await h.db.reservation.findUniqueOrThrow({ where: { id } })).state;

test('a reservation expires its lifetime after it was made', async () => {
  const id = account();
  await h.wallets.create(id, 'default', pages(10));
  const { reservations } = withClock();
  const r = await reservations.reserve(id, 'job_1', 3);
  const row = await h.db.reservation.findUniqueOrThrow({ where: { id: r } });
  expect(row.expiresAt.getTime()).toBe(EXPIRES_AT);
});

test('a hold one millisecond past its expiry is released by the sweep and the balance comes back', async () => {
  const id = account();
  await h.wallets.create(id, 'default', pages(10));
  const { clock, reservations } = withClock();
  const r = await reservations.reserve(id, 'job_1', 3);
  clock.t = EXPIRES_AT + 1;
  const released = await reservations.sweepExpired();
  expect(released.filter((h) => h.accountId === id)).toEqual([{ id: r, accountId: id, amountMicros: pages(3) }]);
  expect(await available(id)).toBe(pages(10));
  expect((await h.wallets.get(id)).heldMicros).toBe(0n);
  expect(await stateOf(r)).toBe('expired');
});

test('an expired hold is recorded in the ledger as an expiry of its amount', async () => {
  const { id, r } = await h.expiredHold(10, 3);
  expect(await h.db.ledgerEntry.findMany({ where: { accountId: id, kind: { not: 'credit' } }, select: { kind: true, amountMicros: true, reference: true } }))
    .toEqual([{ kind: 'expiry', amountMicros: pages(3), reference: r }]);
});

test('a hold at exactly its expiry instant is still held', async () => {
  const id = account();
  await h.wallets.create(id, 'default', pages(10));
  const { clock, reservations } = withClock();
  const r = await reservations.reserve(id, 'job_1', 3);
  clock.t = EXPIRES_AT;
  await reservations.sweepExpired();
  expect(await stateOf(r)).toBe('held');
  expect(await available(id)).toBe(pages(7));
});

test('a hold within its lifetime is untouched by the sweep', async () => {
  const id = account();
  await h.wallets.create(id, 'default', pages(10));
  const { clock, reservations } = withClock();
  const r = await reservations.reserve(id, 'job_1', 3);
  clock.t = T0 + 1000;
  await reservations.sweepExpired();
  expect(await stateOf(r)).toBe('held');
  expect(await available(id)).toBe(pages(7));
});

test('a sweep releases at most its batch and the next sweep the rest', async () => {
  const id = account();
  await h.wallets.create(id, 'default', pages(10));
  const { clock, reservations } = withClock();
  // The sweep covers every account: holds earlier tests left are released first, so only these are due.
  clock.t = T0 + 3600_000;
  while ((await reservations.sweepExpired()).length) { /* drain */ }
  for (const ref of ['job_1', 'job_2', 'job_3']) await reservations.reserve(id, ref, 1);
  clock.t += TTL_SECONDS * 1000 + 1;
  expect(await reservations.sweepExpired(2)).toHaveLength(2);
  expect(await available(id)).toBe(pages(9));
  await reservations.sweepExpired(2);
  expect(await available(id)).toBe(pages(10));
});

test('a capture after the hold expired bills the pages from the available balance', async () => {
  const { id, r, reservations } = await h.expiredHold();
  expect(await reservations.capture(r, 4)).toBe(pages(4));
  expect(await available(id)).toBe(pages(6));
  expect(await stateOf(r)).toBe('captured');
  expect(await h.db.ledgerEntry.findMany({ where: { accountId: id, kind: { not: 'credit' } }, select: { kind: true, amountMicros: true }, orderBy: { kind: 'asc' } }))
    .toEqual([{ kind: 'capture', amountMicros: pages(4) }, { kind: 'expiry', amountMicros: pages(4) }]);
});

test('a late capture the balance cannot cover bills what is available and records the shortfall', async () => {
  const { id, r, reservations } = await h.expiredHold();
  // The freed funds are held by new work before the late capture arrives: 2 pages are left available.
  await reservations.reserve(id, 'job_2', 8);
  expect(await reservations.capture(r, 4)).toBe(pages(2));
  expect(await available(id)).toBe(0n);
  const entries = await h.db.ledgerEntry.findMany({ where: { accountId: id, kind: { in: ['capture', 'shortfall'] } }, select: { kind: true, amountMicros: true }, orderBy: { kind: 'asc' } });
  expect(entries).toEqual([{ kind: 'capture', amountMicros: pages(2) }, { kind: 'shortfall', amountMicros: pages(2) }]);
});

test('a late capture repeated after it was billed charges once', async () => {
  const { id, r, reservations } = await h.expiredHold();
  await Promise.all([reservations.capture(r, 4), reservations.capture(r, 4)]);
  expect(await reservations.capture(r, 4)).toBe(pages(4));
  expect(await available(id)).toBe(pages(6));
  expect(await h.db.ledgerEntry.count({ where: { accountId: id, kind: 'capture' } })).toBe(1);
});

test('a release after the hold expired changes nothing', async () => {
  const { id, r, reservations } = await h.expiredHold();
  expect(await reservations.release(r)).toBe(false);
  expect(await available(id)).toBe(pages(10));
  expect((await h.wallets.get(id)).heldMicros).toBe(0n);
  expect(await stateOf(r)).toBe('expired');
});

test('two sweeps racing release each expired hold once', async () => {
  const id = account();
  await h.wallets.create(id, 'default', pages(20));
  const a = withClock();
  const b = withClock();
  const ids: string[] = [];
  for (let i = 0; i < 5; i++) ids.push(await a.reservations.reserve(id, `job_${i}`, 1));
  a.clock.t = b.clock.t = EXPIRES_AT + 1;
  // Two replicas' sweeps start while the wallet row is locked, so both have read the expired holds
  // before either has released anything: the overlap a single sweep statement must survive.
  let racing: Promise<Array<Array<{ id: string; accountId: string }>>> | undefined;
  await h.db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM wallets WHERE account_id = ${id} FOR UPDATE`;
    racing = Promise.all([a.reservations.sweepExpired(), b.reservations.sweepExpired()]);
    racing.catch(() => {}); // awaited below, once the lock is gone
    await lockWaiters(h.db, 1); // at least one sweep has read the holds and waits for the wallet
  }, { timeout: 60_000 });
  const results = (await racing!).map((hs) => hs.filter((h) => h.accountId === id).map((h) => h.id));
  expect(results.flat().sort()).toEqual([...ids].sort());
  expect((await h.db.ledgerEntry.findMany({ where: { accountId: id, kind: 'expiry' } })).map((e) => e.reference).sort()).toEqual([...ids].sort());
  expect((await h.wallets.get(id)).heldMicros).toBe(0n);
  expect(await available(id)).toBe(pages(20));
});

test('a capture racing the sweep bills the pages once and leaves nothing held', async () => {
  const id = account();
  await h.wallets.create(id, 'default', pages(10));
  const { clock, reservations } = withClock();
  const r = await reservations.reserve(id, 'job_1', 4);
  clock.t = EXPIRES_AT + 1;
  // Whichever wins, the work is billed: a capture of the held reservation, or a late capture after the sweep.
  await Promise.all([reservations.sweepExpired(), reservations.capture(r, 4)]);
  expect((await h.wallets.get(id)).heldMicros).toBe(0n);
  expect(await available(id)).toBe(pages(6));
  expect(await h.db.ledgerEntry.count({ where: { accountId: id, kind: 'capture' } })).toBe(1);
});

test('a reservation repeated after its hold expired returns the expired reservation, which a capture still bills', async () => {
  const { id, r, reservations } = await h.expiredHold();
  // A job redelivered after its hold lapsed reserves again with its reference.
  expect(await reservations.reserve(id, 'job_1', 4)).toBe(r);
  expect(await reservations.capture(r, 4)).toBe(pages(4));
  expect(await available(id)).toBe(pages(6));
});
