import { randomUUID } from 'node:crypto';
import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { getFreePort } from '@exs/devinfra';
import { createLogger } from '@exs/platform';
import { TokenBucket, createRedis, waitUntilReady } from '@exs/ratelimit-core';
import type { AccountPlans } from '../src/accounts/account-plans.js';
import { RateLimitGuard, rateLimitDecision } from '../src/auth/rate-limit.guard.js';
import { RequestBucket } from '../src/auth/request-bucket.js';
import { ApiError } from '../src/edge/api-error.js';
import type { GatewayConfig } from '../src/config.js';

// The guard as the gateway runs it: the account's bucket taken straight from Redis (real Redis here).
const freePlan = { planOf: async () => 'free' } as unknown as AccountPlans;
const logger = createLogger('gateway', 'silent');
const config = (redisUrl: string) => ({ REDIS_URL: redisUrl, RATE_LIMIT_REDIS_TIMEOUT_MS: 250 }) as GatewayConfig;
function handler() {}
class Controller {}

function contextFor(accountId: string, headers: Record<string, string> = {}) {
  const request = { method: 'POST', body: {}, principal: { accountId }, headers } as any;
  const ctx = { getHandler: () => handler, getClass: () => Controller, switchToHttp: () => ({ getRequest: () => request }) } as unknown as ExecutionContext;
  return { ctx, request };
}

async function guardOn(redisUrl: string) {
  const bucket = new RequestBucket(config(redisUrl));
  await bucket.onModuleInit();
  return { guard: new RateLimitGuard(new Reflector(), freePlan, bucket, logger), bucket };
}

describe('the gateway rate-limit guard on Redis', () => {
  let guard: RateLimitGuard;
  let bucket: RequestBucket;
  beforeAll(async () => { ({ guard, bucket } = await guardOn(process.env.EXS_TEST_REDIS_URL!)); });
  afterAll(async () => { await bucket?.onApplicationShutdown(); });

  test('lets a free account burst 4 requests and refuses the 5th with rate_limited, retry_after 1', async () => {
    const account = `acct_${randomUUID()}`;
    for (let i = 0; i < 4; i++) await expect(guard.canActivate(contextFor(account).ctx)).resolves.toBe(true);
    const refused = await guard.canActivate(contextFor(account).ctx).catch((err) => err);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ code: 'rate_limited', extra: { retry_after: 1 } });
  });

  test('draws from the same bucket as the ratelimit service (one bucket per account, whoever takes it)', async () => {
    const account = `acct_${randomUUID()}`;
    const redis = createRedis(process.env.EXS_TEST_REDIS_URL!, 1000);
    try {
      await waitUntilReady(redis, 3000);
      const service = new TokenBucket(redis); // what ratelimit's Take runs
      for (let i = 0; i < 3; i++) expect((await service.take(account, 'free')).allowed).toBe(true);
      await expect(guard.canActivate(contextFor(account).ctx)).resolves.toBe(true);
      expect((await service.take(account, 'free')).allowed).toBe(false);
    } finally {
      redis.disconnect();
    }
  });

  test('leaves the verdict of a request with an Idempotency-Key on the request instead of waiting for it', async () => {
    const account = `acct_${randomUUID()}`;
    for (let i = 0; i < 4; i++) await guard.canActivate(contextFor(account).ctx);
    const { ctx, request } = contextFor(account, { 'idempotency-key': 'k-1' });
    await expect(guard.canActivate(ctx)).resolves.toBe(true);
    await expect(rateLimitDecision(request)).rejects.toMatchObject({ code: 'rate_limited' });
  });
});

test('lets requests through when Redis cannot be reached (fail-open)', async () => {
  const port = await getFreePort(); // nothing listens here: connection refused on loopback
  const { guard, bucket } = await guardOn(`redis://127.0.0.1:${port}`);
  try {
    const account = `acct_${randomUUID()}`;
    for (let i = 0; i < 6; i++) await expect(guard.canActivate(contextFor(account).ctx)).resolves.toBe(true);
  } finally {
    await bucket.onApplicationShutdown();
  }
});
