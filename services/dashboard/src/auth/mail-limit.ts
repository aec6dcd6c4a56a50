import { Inject, Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import { DASHBOARD_CONFIG, type DashboardConfig } from '../config.js';
import { THROTTLE_REDIS } from './login-throttle.js';
import { digest } from './secrets.js';

/** What a sign-up or reset request may do: send its mail, answer as usual without mail, or be refused. */
export type MailVerdict = 'send' | 'skip' | 'refuse';

/**
 * Bounds the mail anyone can make the dashboard send (sign-up and reset requests share the budget), in
 * Redis fixed windows of MAIL_WINDOW_SECONDS: per client IP (MAIL_MAX_PER_IP requests) and per target
 * address (MAIL_MAX_PER_ADDRESS, counted whether or not the address has an account). Over the address
 * limit the request is answered as usual but sends nothing, so the answer says nothing about the address;
 * over the IP limit it is refused (429), which says something about the caller only. A request refused
 * per IP does not count against its address.
 */
@Injectable()
export class MailLimit {
  constructor(@Inject(THROTTLE_REDIS) private readonly redis: Redis, @Inject(DASHBOARD_CONFIG) private readonly config: DashboardConfig) {}

  async check(email: string, ip: string): Promise<MailVerdict> {
    const window = this.config.MAIL_WINDOW_SECONDS;
    const byIp = `dashboard:mail-requests:ip:${ip}`;
    const ipCount = await this.count(byIp, window);
    if (ipCount > this.config.MAIL_MAX_PER_IP) return 'refuse';
    const addressCount = await this.count(`dashboard:mail-requests:address:${digest(email)}`, window);
    return addressCount > this.config.MAIL_MAX_PER_ADDRESS ? 'skip' : 'send';
  }

  private async count(key: string, windowSeconds: number): Promise<number> {
    const result = await this.redis.multi().incr(key).expire(key, windowSeconds, 'NX').exec();
    const [err, value] = result?.[0] ?? [new Error('redis transaction aborted'), null];
    if (err) throw err;
    return Number(value);
  }
}
