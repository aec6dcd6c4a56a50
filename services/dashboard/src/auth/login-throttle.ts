import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { DASHBOARD_CONFIG, type DashboardConfig } from '../config.js';
import { digest } from './secrets.js';

export const THROTTLE_REDIS = Symbol('THROTTLE_REDIS');

/**
 * Failed sign-ins counted in Redis per e-mail address (known or not, so the limit says nothing about
 * which addresses exist) and per client IP, each in a fixed window of LOGIN_WINDOW_SECONDS. Once either
 * count reaches its maximum, sign-ins for that address or from that IP are refused, right password or
 * not, until the window ends. A successful sign-in clears the address's count.
 */
@Injectable()
export class LoginThrottle implements OnApplicationShutdown {
  constructor(@Inject(THROTTLE_REDIS) private readonly redis: Redis, @Inject(DASHBOARD_CONFIG) private readonly config: DashboardConfig) {}

  private keys(email: string, ip: string) {
    return { account: `dashboard:login-failures:account:${digest(email)}`, ip: `dashboard:login-failures:ip:${ip}` };
  }

  /** Whether a sign-in for this address from this IP may be tried now. */
  async allowed(email: string, ip: string): Promise<boolean> {
    const k = this.keys(email, ip);
    const [account, byIp] = await this.redis.mget(k.account, k.ip);
    return Number(account ?? 0) < this.config.LOGIN_MAX_FAILURES_PER_ACCOUNT && Number(byIp ?? 0) < this.config.LOGIN_MAX_FAILURES_PER_IP;
  }

  async failed(email: string, ip: string): Promise<void> {
    const k = this.keys(email, ip);
    const window = this.config.LOGIN_WINDOW_SECONDS;
    await this.redis.multi().incr(k.account).expire(k.account, window, 'NX').incr(k.ip).expire(k.ip, window, 'NX').exec();
  }

  async succeeded(email: string): Promise<void> {
    await this.redis.del(this.keys(email, '').account);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => {});
  }
}

/** A Redis client whose every command has a deadline (a stalled Redis fails the sign-in, not the process). */
export function throttleRedis(url: string): Redis {
  return new Redis(url, { commandTimeout: 1000, maxRetriesPerRequest: 1 });
}
