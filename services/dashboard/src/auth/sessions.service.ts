import { Inject, Injectable } from '@nestjs/common';
import { PrismaClient, type User } from '../generated/prisma/client.js';
import { DASHBOARD_CONFIG, type DashboardConfig } from '../config.js';
import { CLOCK, type Clock } from '../clock.js';
import { digest, newSecret } from './secrets.js';

export const SESSION_COOKIE = 'exs_session';

/**
 * Signed-in browsers. A session is created only by a successful sign-in, with a fresh random secret, so
 * an identifier planted before sign-in never becomes a signed-in session (no fixation). The cookie holds
 * the secret; the table its SHA-256. Sessions end at sign-out, at expiry, and when the password changes.
 */
@Injectable()
export class SessionsService {
  constructor(private readonly db: PrismaClient, @Inject(DASHBOARD_CONFIG) private readonly config: DashboardConfig, @Inject(CLOCK) private readonly clock: Clock) {}

  get ttlSeconds(): number { return this.config.SESSION_TTL_HOURS * 3600; }

  /** A new session for the user; returns the cookie's value. */
  async start(userId: string): Promise<string> {
    const secret = newSecret();
    await this.db.session.create({ data: { id: digest(secret), userId, expiresAt: new Date(this.clock.now() + this.ttlSeconds * 1000) } });
    return secret;
  }

  /** The signed-in user for a cookie value, or null (unknown, expired or ended). */
  async user(secret: string | undefined): Promise<User | null> {
    if (!secret || secret.length > 100) return null;
    const session = await this.db.session.findUnique({ where: { id: digest(secret) }, include: { user: true } });
    if (!session || session.expiresAt.getTime() <= this.clock.now()) return null;
    return session.user;
  }

  async end(secret: string | undefined): Promise<void> {
    if (!secret || secret.length > 100) return;
    await this.db.session.deleteMany({ where: { id: digest(secret) } });
  }
}
