import { getFreePort } from '@exs/devinfra';
import { createRedis, waitUntilReady } from '../src/redis-connection.js';

const redisUrl = () => process.env.EXS_TEST_REDIS_URL!;

describe('the Redis connection at start-up', () => {
  test('is ready before the service takes its first command', async () => {
    const redis = createRedis(redisUrl(), 3000);
    try {
      await waitUntilReady(redis, 5000);
      expect(redis.status).toBe('ready');
      // With the offline queue off, a command sent before the connect finished would have failed at once.
      await expect(redis.ping()).resolves.toBe('PONG');
    } finally {
      redis.disconnect();
    }
  });

  test('does not hold start-up past the timeout when Redis is not there', async () => {
    const port = await getFreePort(); // nothing listens: connection refused on loopback
    const redis = createRedis(`redis://127.0.0.1:${port}`, 250);
    try {
      await waitUntilReady(redis, 300);
      expect(redis.status).not.toBe('ready');
      await expect(redis.ping()).rejects.toThrow();
    } finally {
      redis.disconnect();
    }
  });
});
