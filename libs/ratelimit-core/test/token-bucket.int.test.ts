import { randomUUID } from 'node:crypto';
import { getFreePort } from '@exs/devinfra';
import { createRedis, StoreUnavailableError, TokenBucket, UnknownPlanError, waitUntilReady, type Clock } from '../src/index.js';

const at = (t: number): Clock => ({ now: () => t });

test('two takers on one Redis share an account bucket (the gateway and the ratelimit service)', async () => {
  const a = createRedis(process.env.EXS_TEST_REDIS_URL!, 1000);
  const b = createRedis(process.env.EXS_TEST_REDIS_URL!, 1000);
  try {
    await Promise.all([waitUntilReady(a, 3000), waitUntilReady(b, 3000)]);
    const account = `acct_${randomUUID()}`;
    const one = new TokenBucket(a, at(1_000_000));
    const two = new TokenBucket(b, at(1_000_000));
    expect((await one.take(account, 'free')).remaining).toBe(3);
    expect((await two.take(account, 'free')).remaining).toBe(2);
    expect((await one.take(account, 'free', 2)).allowed).toBe(true);
    expect(await two.take(account, 'free')).toMatchObject({ allowed: false, retryAfterSeconds: 0.5 });
  } finally {
    a.disconnect();
    b.disconnect();
  }
});

test('an unknown plan is refused before Redis is asked', async () => {
  const port = await getFreePort();
  const redis = createRedis(`redis://127.0.0.1:${port}`, 100);
  try {
    await expect(new TokenBucket(redis).take('acct_x', 'platinum')).rejects.toBeInstanceOf(UnknownPlanError);
  } finally {
    redis.disconnect();
  }
});

test('an unreachable Redis is a StoreUnavailableError (the caller decides fail-open or closed)', async () => {
  const port = await getFreePort();
  const redis = createRedis(`redis://127.0.0.1:${port}`, 100);
  try {
    await expect(new TokenBucket(redis).take('acct_x', 'free')).rejects.toBeInstanceOf(StoreUnavailableError);
  } finally {
    redis.disconnect();
  }
});
