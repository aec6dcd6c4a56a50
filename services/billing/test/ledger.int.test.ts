// ListLedger over gRPC against billing as it runs (real PostgreSQL): the account's own money events, newest
// first, paged by a cursor that only this account's entries can be.
import { randomUUID } from 'node:crypto';
import { status } from '@grpc/grpc-js';
import { call } from '@exs/platform';
import type { billingV1 } from '@exs/contracts';
import { WalletService } from '../src/wallet/wallet.service.js';
import { ReservationService } from '../src/reservations/reservation.service.js';
import { PRICE_PER_PAGE_MICROS } from '../src/pricing.js';
import { startPaymentsHarness, type PaymentsHarness } from './payments-harness.js';

let h: PaymentsHarness;
const USD = 1_000_000n;

beforeAll(async () => {
  h = await startPaymentsHarness();
}, 90_000);
afterAll(async () => {
  await h?.close();
});

async function grpcCode(p: Promise<unknown>): Promise<number | undefined> {
  try {
    await p;
    return undefined;
  } catch (err) {
    return (err as { code?: number }).code;
  }
}

/** An account with a USD 10 grant, a top-up of USD 5, and a 3-page hold captured for 2 pages. */
async function accountWithHistory() {
  const accountId = `acct_${randomUUID()}`;
  await h.app.get(WalletService).create(accountId, 'free', 10n * USD);
  await h.app.get(WalletService).credit(accountId, 5n * USD, `payment:${randomUUID()}`);
  const reservations = h.app.get(ReservationService);
  const reservationId = await reservations.reserve(accountId, `job-${randomUUID()}`, 3);
  await reservations.capture(reservationId, 2);
  return { accountId, reservationId };
}

async function allPages(accountId: string, limit: number): Promise<billingV1.LedgerEntry[]> {
  const out: billingV1.LedgerEntry[] = [];
  let after = '';
  for (;;) {
    const page = await call(h.api.listLedger({ accountId, limit, startingAfter: after }));
    expect(page.entries.length).toBeLessThanOrEqual(limit);
    out.push(...page.entries);
    if (!page.hasMore) return out;
    after = page.entries.at(-1)!.id;
  }
}

test('the ledger lists every money event of the account newest first, with kind, amount, reference and time', async () => {
  const { accountId, reservationId } = await accountWithHistory();
  const { entries, hasMore } = await call(h.api.listLedger({ accountId, limit: 0, startingAfter: '' }));
  expect(hasMore).toBe(false);
  expect(entries.map((e) => [e.kind, e.amountMicros, e.reference]).sort()).toEqual([
    ['capture', String(2n * PRICE_PER_PAGE_MICROS), reservationId],
    ['credit', String(10n * USD), 'initial-grant'],
    ['credit', String(5n * USD), expect.stringMatching(/^payment:/)],
    ['release', String(PRICE_PER_PAGE_MICROS), reservationId],
  ].sort());
  const times = entries.map((e) => Number(e.createdAtMs));
  expect(times.every((t) => t > 0)).toBe(true);
  expect([...times].sort((a, b) => b - a)).toEqual(times);
  // The grant came first, so it is last.
  expect(entries.at(-1)!.reference).toBe('initial-grant');
});

test('pages of one entry walk the whole ledger once, in the order of a single page', async () => {
  const { accountId } = await accountWithHistory();
  const single = (await call(h.api.listLedger({ accountId, limit: 100, startingAfter: '' }))).entries;
  const paged = await allPages(accountId, 1);
  expect(paged.map((e) => e.id)).toEqual(single.map((e) => e.id));
  expect(new Set(paged.map((e) => e.id)).size).toBe(4);
});

test('a second account sees none of the first\'s entries and cannot page with the first\'s entry ids', async () => {
  const first = await accountWithHistory();
  const second = await accountWithHistory();
  const firstIds = new Set((await allPages(first.accountId, 100)).map((e) => e.id));
  const secondEntries = await allPages(second.accountId, 100);
  expect(secondEntries.some((e) => firstIds.has(e.id))).toBe(false);
  expect(secondEntries.some((e) => e.reference === first.reservationId)).toBe(false);
  const foreignCursor = [...firstIds][0]!;
  expect(await grpcCode(call(h.api.listLedger({ accountId: second.accountId, limit: 10, startingAfter: foreignCursor })))).toBe(status.INVALID_ARGUMENT);
});

test.each([['a limit over 100', 101, ''], ['a negative limit', -1, ''], ['a cursor that is not an id', 10, "x' OR 1=1"], ['an unknown id', 10, randomUUID()]])('%s is refused with INVALID_ARGUMENT', async (_name, limit, startingAfter) => {
  const { accountId } = await accountWithHistory();
  expect(await grpcCode(call(h.api.listLedger({ accountId, limit, startingAfter })))).toBe(status.INVALID_ARGUMENT);
});

test('an account without a wallet is NOT_FOUND and an empty account id INVALID_ARGUMENT', async () => {
  expect(await grpcCode(call(h.api.listLedger({ accountId: `acct_${randomUUID()}`, limit: 10, startingAfter: '' })))).toBe(status.NOT_FOUND);
  expect(await grpcCode(call(h.api.listLedger({ accountId: '', limit: 10, startingAfter: '' })))).toBe(status.INVALID_ARGUMENT);
});
