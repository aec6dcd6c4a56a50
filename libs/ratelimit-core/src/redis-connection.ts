import { Redis, ReplyError } from 'ioredis';
import { createHash } from 'node:crypto';

/** Redis could not answer (down, unreachable, too slow): the RPC fails with UNAVAILABLE. */
export class StoreUnavailableError extends Error {}

/**
 * A connection that fails fast instead of queueing: while Redis is down a command errors at once
 * (no offline queue) and a hung Redis fails the command after `commandTimeoutMs`, so the caller's
 * fail-open/fail-closed decision happens within its own deadline.
 */
export function createRedis(url: string, commandTimeoutMs: number): Redis {
  const redis = new Redis(url, {
    lazyConnect: false,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: commandTimeoutMs,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
  });
  redis.on('error', () => {}); // reconnects on its own; failures surface per command
  return redis;
}

/**
 * Resolves once the connection is ready, or after `timeoutMs` if Redis is not there yet (the service then
 * starts anyway and its commands fail fast until Redis comes). Without this wait, the first commands after
 * start-up raced the connect and failed as outages, since the offline queue is off.
 */
export function waitUntilReady(redis: Redis, timeoutMs: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    redis.once('ready', done);
  });
}

/** A Lua script run by its SHA, loading it on first use (or after a Redis restart flushed the cache). */
export class LuaScript {
  private readonly sha: string;

  constructor(private readonly source: string, private readonly numKeys: number) {
    this.sha = createHash('sha1').update(source).digest('hex');
  }

  async run<T>(redis: Redis, keys: string[], args: Array<string | number>): Promise<T> {
    if (keys.length !== this.numKeys) throw new Error(`script expects ${this.numKeys} keys`);
    try {
      try {
        return (await redis.evalsha(this.sha, this.numKeys, ...keys, ...args)) as T;
      } catch (err) {
        if (!String((err as Error).message).startsWith('NOSCRIPT')) throw err;
        return (await redis.eval(this.source, this.numKeys, ...keys, ...args)) as T;
      }
    } catch (err) {
      if (err instanceof ReplyError) throw err; // a script bug, not an outage
      throw new StoreUnavailableError((err as Error).message);
    }
  }
}
