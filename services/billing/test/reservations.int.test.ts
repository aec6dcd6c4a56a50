import { prismaPgAdapter } from '@exs/platform';
import { PrismaClient } from '../src/generated/prisma/client.js';
import { WalletService } from '../src/wallet/wallet.service.js';
import { InsufficientBalanceError, ReservationService } from '../src/reservations/reservation.service.js';
import { PRICE_PER_PAGE_MICROS } from '../src/pricing.js';
import { migratedDatabase } from '../../../test/support/databases.js';

let db: PrismaClient;
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
  db = new PrismaClient({ adapter: prismaPgAdapter(await migratedDatabase('billing')) });
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
