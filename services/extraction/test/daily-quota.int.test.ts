// DailyQuota (extraction's side of the daily page quota) against the real ratelimit service on a real
// Redis: the calling key's limit must reach ReservePages and be applied to the account's shared count.
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { Module, type DynamicModule, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createLogger, grpcClientsModule } from '@exs/platform';
import { DailyQuota, QuotaExceeded } from '../src/settlement/daily-quota.js';
import { LOGGER } from '../src/tokens.js';
import { FakeClock, startRateLimit, type RunningRateLimit } from '../../ratelimit/test/support.js';

@Module({})
class QuotaClientModule {
  static forRoot(url: string): DynamicModule {
    return {
      module: QuotaClientModule,
      imports: [grpcClientsModule([{ name: 'ratelimit', url, timeoutSeconds: 5 }])],
      providers: [DailyQuota, { provide: LOGGER, useValue: createLogger('test', 'silent') }],
    };
  }
}

// 12:00:00 UTC: the next reset is exactly 12 hours away.
const clock = new FakeClock(Date.UTC(2026, 7, 10, 12, 0, 0));
let ratelimit: RunningRateLimit;
let ctx: INestApplicationContext;
let quota: DailyQuota;
const account = () => `acct_${randomUUID()}`;

/** Holds `pages` for a new reference and confirms them as billed (one finished request). */
async function bill(accountId: string, plan: string, pages: number, keyLimit = 0): Promise<void> {
  const hold = await quota.hold(accountId, plan, randomUUID(), pages, keyLimit, clock.now());
  await quota.confirm(accountId, hold, pages);
}

/** The error a hold throws, or null when it was allowed. */
const refusal = (accountId: string, plan: string, pages: number, keyLimit: number) =>
  quota.hold(accountId, plan, randomUUID(), pages, keyLimit, clock.now()).then(() => null, (err: unknown) => err);

beforeAll(async () => {
  ratelimit = await startRateLimit({ REDIS_URL: process.env.EXS_TEST_REDIS_URL!, REDIS_COMMAND_TIMEOUT_MS: '3000' }, clock);
  ctx = await NestFactory.createApplicationContext(QuotaClientModule.forRoot(ratelimit.grpcUrl), { logger: false });
  quota = ctx.get(DailyQuota);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await ratelimit?.close();
});

test('a key limit of 3 on a default account: exactly 3 pages pass, the 4th is refused until 00:00 UTC', async () => {
  const a = account();
  await bill(a, 'default', 2, 3);
  await bill(a, 'default', 1, 3);
  const err = await refusal(a, 'default', 1, 3);
  expect(err).toBeInstanceOf(QuotaExceeded);
  expect(err).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 12 * 3600 });
});

test('a request that alone would pass the key limit is refused whole', async () => {
  expect(await refusal(account(), 'default', 4, 3)).toBeInstanceOf(QuotaExceeded);
});

test('without a key limit a default account is not limited', async () => {
  expect(await refusal(account(), 'default', 5000, 0)).toBeNull();
});

test("pages billed through the account's other keys count against the limited key", async () => {
  const a = account();
  await bill(a, 'default', 5, 0); // a key without a limit
  expect(await refusal(a, 'default', 2, 6)).toBeInstanceOf(QuotaExceeded);
  expect(await refusal(a, 'default', 1, 6)).toBeNull();
});

test('the limited key being used up does not stop a key without a limit', async () => {
  const a = account();
  await bill(a, 'default', 3, 3);
  expect(await refusal(a, 'default', 1, 3)).toBeInstanceOf(QuotaExceeded);
  expect(await refusal(a, 'default', 1, 0)).toBeNull();
});

test('on a free account a key limit below 100 applies', async () => {
  const a = account();
  await bill(a, 'free', 10, 10);
  expect(await refusal(a, 'free', 1, 10)).toBeInstanceOf(QuotaExceeded);
});

test("on a free account a key limit above 100 does not raise the plan's 100", async () => {
  const a = account();
  await bill(a, 'free', 100, 500);
  expect(await refusal(a, 'free', 1, 500)).toBeInstanceOf(QuotaExceeded);
});

test('the count resets at 00:00 UTC', async () => {
  const a = account();
  await bill(a, 'default', 3, 3);
  const before = clock.t;
  clock.t = Date.UTC(2026, 7, 11, 0, 0, 0);
  try {
    expect(await refusal(a, 'default', 3, 3)).toBeNull();
  } finally {
    clock.t = before;
  }
});

test('the calling key reaches ReservePages: its confirmed pages are counted under it for usage by key', async () => {
  const a = account();
  const hold = await quota.hold(a, 'default', randomUUID(), 3, 0, clock.now(), 'key_usage');
  await quota.confirm(a, hold, 2);
  expect((await ratelimit.call('GetUsage', { accountId: a, firstDay: '2026-08-10', lastDay: '2026-08-10' })).days)
    .toEqual([{ day: '2026-08-10', keys: [{ apiKeyId: 'key_usage', pages: 2 }] }]);
});
