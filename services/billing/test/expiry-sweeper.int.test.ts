import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { createLogger } from '@exs/platform';
import { BillingModule } from '../src/billing.module.js';
import { billingConfigSchema } from '../src/config.js';
import { WalletService } from '../src/wallet/wallet.service.js';
import { ReservationService } from '../src/reservations/reservation.service.js';
import { PRICE_PER_PAGE_MICROS } from '../src/pricing.js';
import { migratedDatabase } from '../../../test/support/databases.js';

let ctx: INestApplicationContext;
const clock = { t: Date.parse('2030-01-01T00:00:00.000Z'), now: () => clock.t };

beforeAll(async () => {
  const config = billingConfigSchema.parse({ DATABASE_URL: await migratedDatabase('billing'), RESERVATION_TTL_SECONDS: '120', RESERVATION_SWEEP_INTERVAL_SECONDS: '1' });
  ctx = await NestFactory.createApplicationContext(BillingModule.forRoot(config, createLogger('billing', 'silent'), { clock }), { logger: false });
  await ctx.init();
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

test('the running service releases a hold once the configured lifetime has passed', async () => {
  const wallets = ctx.get(WalletService);
  await wallets.create('acct_1', 'default', 10n * PRICE_PER_PAGE_MICROS);
  await ctx.get(ReservationService).reserve('acct_1', 'job_1', 3);
  clock.t += 120_000 + 1;
  // Polled until released, however long the 1 s sweep takes on a loaded machine: a sweeper that never
  // releases fails the test by its timeout.
  while ((await wallets.get('acct_1')).heldMicros !== 0n) await new Promise((resolve) => setTimeout(resolve, 100));
  expect((await wallets.get('acct_1')).heldMicros).toBe(0n);
}, 60_000);
