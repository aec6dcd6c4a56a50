// Shared arrange for the tests of hold lifetimes: a migrated billing database and reservation services on an
// injected clock, so each test reserves at T0 and moves its clock instead of sleeping.
import { prismaPgAdapter } from '@exs/platform';
import { PrismaClient } from '../src/generated/prisma/client.js';
import { WalletService } from '../src/wallet/wallet.service.js';
import { ReservationService } from '../src/reservations/reservation.service.js';
import { PRICE_PER_PAGE_MICROS } from '../src/pricing.js';
import { migratedDatabase } from '../../../test/support/databases.js';

export const TTL_SECONDS = 60;
export const T0 = Date.parse('2030-01-01T00:00:00.000Z');
export const EXPIRES_AT = T0 + TTL_SECONDS * 1000;

export const pages = (k: number) => BigInt(k) * PRICE_PER_PAGE_MICROS;

export interface HoldClockHarness {
  db: PrismaClient;
  wallets: WalletService;
  /** A fresh account id. */
  account(): string;
  /** Credited minus captured minus held. */
  available(id: string): Promise<bigint>;
  /** A reservation service whose clock reads `clock.t` (starting at T0). */
  withClock(): { clock: { t: number; now(): number }; reservations: ReservationService };
  /** A wallet of `credit` pages with a `held`-page hold for job_1 that the sweep has expired. */
  expiredHold(credit?: number, held?: number): Promise<{ id: string; r: string; clock: { t: number; now(): number }; reservations: ReservationService }>;
}

/** Registers the database set-up and tear-down of the calling test file; use the fields inside tests. */
export function holdClockHarness(prefix: string): HoldClockHarness {
  let n = 0;
  const h = {
    account: () => `acct_${prefix}_${++n}`,
    available: async (id: string) => {
      const w = await h.wallets.get(id);
      return w.creditedMicros - w.capturedMicros - w.heldMicros;
    },
    withClock: () => {
      const clock = { t: T0, now: () => clock.t };
      return { clock, reservations: new ReservationService(h.db, { ttlSeconds: TTL_SECONDS }, clock) };
    },
    expiredHold: async (credit = 10, held = 4) => {
      const id = h.account();
      await h.wallets.create(id, 'default', pages(credit));
      const { clock, reservations } = h.withClock();
      const r = await reservations.reserve(id, 'job_1', held);
      clock.t = EXPIRES_AT + 1;
      await reservations.sweepExpired();
      return { id, r, clock, reservations };
    },
  } as HoldClockHarness;
  beforeAll(async () => {
    h.db = new PrismaClient({ adapter: prismaPgAdapter(await migratedDatabase('billing')) });
    h.wallets = new WalletService(h.db);
  }, 60_000);
  afterAll(async () => {
    await h.db?.$disconnect();
  });
  return h;
}
