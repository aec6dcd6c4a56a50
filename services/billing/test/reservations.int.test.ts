import { randomInt } from 'node:crypto';
import { isDependencyOutage, prismaPgAdapter } from '@exs/platform';
import { PrismaClient } from '../src/generated/prisma/client.js';
import { WalletService } from '../src/wallet/wallet.service.js';
import { InsufficientBalanceError, ReservationService } from '../src/reservations/reservation.service.js';
import { PRICE_PER_PAGE_MICROS } from '../src/pricing.js';
import { migratedDatabase } from '../../../test/support/databases.js';
import { lockWaiters } from './lock-waiters.js';

let db: PrismaClient;
let url: string;
let wallets: WalletService;
let reservations: ReservationService;
let n = 0;
const account = () => `acct_test_${++n}`;
const pages = (k: number) => BigInt(k) * PRICE_PER_PAGE_MICROS;
const available = async (id: string) => {
  const w = await wallets.get(id);
  return w.creditedMicros - w.capturedMicros - w.heldMicros;
};

beforeAll(async () => {
  url = await migratedDatabase('billing');
  db = new PrismaClient({ adapter: prismaPgAdapter(url) });
  wallets = new WalletService(db);
  reservations = new ReservationService(db);
}, 60_000);

afterAll(async () => {
  await db?.$disconnect();
});

test('a reservation holds the cost of its pages', async () => {
  const id = account();
  await wallets.create(id, 'default', pages(10));
  await reservations.reserve(id, 'req_1', 3);
  expect(await available(id)).toBe(pages(7));
  expect((await wallets.get(id)).heldMicros).toBe(pages(3));
});

test('a reservation that would take the balance below zero is refused and holds nothing', async () => {
  const id = account();
  await wallets.create(id, 'default', pages(2));
  await expect(reservations.reserve(id, 'req_1', 3)).rejects.toBeInstanceOf(InsufficientBalanceError);
  expect(await available(id)).toBe(pages(2));
});

test('a reservation of exactly the balance is accepted', async () => {
  const id = account();
  await wallets.create(id, 'default', pages(3));
  await reservations.reserve(id, 'req_1', 3);
  expect(await available(id)).toBe(0n);
});

test('concurrent reservations never overdraw the wallet', async () => {
  const id = account();
  await wallets.create(id, 'default', pages(10));
  const outcomes = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => reservations.reserve(id, `req_${i}`, 1)));
  expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
  expect(await available(id)).toBe(0n);
});

test('reserving twice with one reference is one reservation', async () => {
  const id = account();
  await wallets.create(id, 'default', pages(10));
  const a = await reservations.reserve(id, 'job_1', 4);
  const b = await reservations.reserve(id, 'job_1', 4);
  expect(a).toBe(b);
  expect(await available(id)).toBe(pages(6));
});

test('concurrent reservations with one reference are one reservation', async () => {
  const id = account();
  await wallets.create(id, 'default', pages(10));
  // The wallet row is locked while the reservations start, so all of them read "no reservation yet"
  // before any is inserted: the race a retried request meets when its first attempt is still running.
  let racing: Promise<string[]> | undefined;
  await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM wallets WHERE account_id = ${id} FOR UPDATE`;
    racing = Promise.all(Array.from({ length: 4 }, () => reservations.reserve(id, 'job_1', 2)));
    racing.catch(() => {}); // awaited below, once the lock is gone
    await lockWaiters(db, 4);
  }, { timeout: 60_000 });
  const ids = await racing!;
  expect(new Set(ids).size).toBe(1);
  expect(await available(id)).toBe(pages(8));
});

test('concurrent captures and releases of one reservation settle it once', async () => {
  const id = account();
  await wallets.create(id, 'default', pages(10));
  const r = await reservations.reserve(id, 'req_1', 3);
  await Promise.allSettled([reservations.capture(r, 3), reservations.release(r), reservations.capture(r, 3), reservations.release(r)]);
  const w = await wallets.get(id);
  expect(w.heldMicros).toBe(0n);
  // Either the capture won (3 pages billed, one ledger entry) or a release did (nothing billed).
  const captured = await db.ledgerEntry.count({ where: { accountId: id, kind: 'capture' } });
  expect(w.capturedMicros).toBe(captured === 1 ? pages(3) : 0n);
  expect(captured).toBeLessThanOrEqual(1);
});

test('a reservation that gets no pooled connection in time fails as a dependency outage', async () => {
  // One connection, taken by a slow statement: the reservation waits for the pool and gives up, and
  // the error is one the services answer 503 provider_unavailable to, not 500.
  const tiny = new PrismaClient({ adapter: prismaPgAdapter(url, { max: 1, connectionTimeoutMillis: 300 }) });
  try {
    const id = account();
    await new WalletService(tiny).create(id, 'default', pages(10));
    // The pool's one connection waits on an advisory lock this test holds until the reservation has given up,
    // however slow the machine (a sleeping statement could end, or not yet have started, before the reservation).
    const key = randomInt(1, 2 ** 47);
    let busy: Promise<unknown> | undefined;
    let err: unknown;
    await db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${key}::bigint)`;
      busy = tiny.$executeRaw`SELECT pg_advisory_xact_lock(${key}::bigint)`.then(() => undefined); // then() sends it: Prisma's queries are lazy
      await lockWaiters(db, 1);
      err = await new ReservationService(tiny).reserve(id, 'req_1', 1).then(() => undefined, (e: unknown) => e);
    }, { timeout: 60_000 });
    await busy;
    expect(err).toBeDefined();
    expect(isDependencyOutage(err)).toBe(true);
    expect(await available(id)).toBe(pages(10));
  } finally {
    await tiny.$disconnect();
  }
});

test('capture bills the pages and frees the hold', async () => {
  const id = account();
  await wallets.create(id, 'default', pages(10));
  const r = await reservations.reserve(id, 'req_1', 4);
  expect(await reservations.capture(r, 4)).toBe(pages(4));
  const w = await wallets.get(id);
  expect(w.heldMicros).toBe(0n);
  expect(await available(id)).toBe(pages(6));
});

test('capturing twice charges once', async () => {
  const id = account();
  await wallets.create(id, 'default', pages(10));
  const r = await reservations.reserve(id, 'req_1', 2);
  await reservations.capture(r, 2);
  await reservations.capture(r, 2);
  expect(await available(id)).toBe(pages(8));
  expect(await db.ledgerEntry.count({ where: { accountId: id, kind: 'capture' } })).toBe(1);
});

test('release returns the whole hold and bills nothing', async () => {
  const id = account();
  await wallets.create(id, 'default', pages(10));
  const r = await reservations.reserve(id, 'req_1', 5);
  expect(await reservations.release(r)).toBe(true);
  expect(await available(id)).toBe(pages(10));
});

/** The account's ledger apart from credits, as [kind, amount] in a stable order. */
const settlements = async (id: string) =>
  (await db.ledgerEntry.findMany({ where: { accountId: id, kind: { not: 'credit' } }, orderBy: { kind: 'asc' } })).map((e) => [e.kind, e.amountMicros, e.reference]);

test('a release is recorded in the ledger as the whole hold given back', async () => {
  const id = account();
  await wallets.create(id, 'default', pages(10));
  const r = await reservations.reserve(id, 'req_1', 5);
  await reservations.release(r);
  expect(await settlements(id)).toEqual([['release', pages(5), r]]);
});

test('releasing twice writes one release entry', async () => {
  const id = account();
  await wallets.create(id, 'default', pages(10));
  const r = await reservations.reserve(id, 'req_1', 5);
  await reservations.release(r);
  await reservations.release(r);
  expect(await db.ledgerEntry.count({ where: { accountId: id, kind: 'release' } })).toBe(1);
});

test('a capture of fewer pages than held records the unbilled rest of the hold as a release', async () => {
  const id = account();
  await wallets.create(id, 'default', pages(10));
  const r = await reservations.reserve(id, 'req_1', 5);
  await reservations.capture(r, 3);
  expect(await settlements(id)).toEqual([['capture', pages(3), r], ['release', pages(2), r]]);
  expect(await available(id)).toBe(pages(7));
});

test('a capture of every held page writes no release entry', async () => {
  const id = account();
  await wallets.create(id, 'default', pages(10));
  const r = await reservations.reserve(id, 'req_1', 5);
  await reservations.capture(r, 5);
  expect(await settlements(id)).toEqual([['capture', pages(5), r]]);
});

test('release after capture changes nothing', async () => {
  const id = account();
  await wallets.create(id, 'default', pages(10));
  const r = await reservations.reserve(id, 'req_1', 5);
  await reservations.capture(r, 5);
  expect(await reservations.release(r)).toBe(false);
  expect(await available(id)).toBe(pages(5));
});

test('a credit with a repeated reference is applied once', async () => {
  const id = account();
  await wallets.create(id, 'free', 0n);
  await wallets.credit(id, pages(5), 'topup_1');
  await wallets.credit(id, pages(5), 'topup_1');
  expect(await available(id)).toBe(pages(5));
});

test('a paid credit moves a free account to the default plan', async () => {
  const id = account();
  await wallets.create(id, 'free', pages(25));
  expect((await wallets.get(id)).plan).toBe('free');
  await wallets.credit(id, 5_000_000n, 'topup_1');
  expect((await wallets.get(id)).plan).toBe('default');
});
