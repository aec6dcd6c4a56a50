import { Inject, Injectable } from '@nestjs/common';
import { PrismaClient, type User } from '../generated/prisma/client.js';
import { DASHBOARD_CONFIG, type DashboardConfig } from '../config.js';
import { CLOCK, type Clock } from '../clock.js';
import { Mailer } from '../mail/mailer.js';
import { alreadyRegisteredMail, resetMail, verificationMail } from '../mail/messages.js';
import { checkPassword, hashPassword } from './passwords.js';
import { digest, newId, newSecret } from './secrets.js';

/**
 * People and their passwords: sign-up through an e-mailed link, sign-in, password reset. Every answer
 * that reaches the person is the same whether the address is known or not; only the inbox learns more.
 * Links carry single-use tokens that expire (VERIFY_TOKEN_TTL_MINUTES, RESET_TOKEN_TTL_MINUTES).
 */
@Injectable()
export class UsersService {
  constructor(
    private readonly db: PrismaClient,
    private readonly mailer: Mailer,
    @Inject(DASHBOARD_CONFIG) private readonly config: DashboardConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  private link(path: string, token?: string): string {
    const url = new URL(path, this.config.PUBLIC_URL);
    if (token) url.searchParams.set('token', token);
    return url.toString();
  }

  private expiry(minutes: number): Date {
    return new Date(this.clock.now() + minutes * 60_000);
  }

  /**
   * A sign-up: a new address gets a verification link (the account exists once it is followed); a known
   * one gets a note that it already has an account. The password is hashed either way, so both take
   * the same time.
   */
  async signUp(email: string, password: string): Promise<void> {
    const passwordHash = await hashPassword(password);
    if (await this.db.user.findUnique({ where: { email } })) {
      await this.mailer.send(alreadyRegisteredMail(email, this.link('/signin'), this.link('/reset')));
      return;
    }
    const token = newSecret();
    await this.db.pendingSignup.create({
      data: { tokenHash: digest(token), email, passwordHash, expiresAt: this.expiry(this.config.VERIFY_TOKEN_TTL_MINUTES) },
    });
    await this.mailer.send(verificationMail(email, this.link('/verify', token), this.config.VERIFY_TOKEN_TTL_MINUTES));
  }

  /**
   * Follows a verification link: the user exists from now on, with the password chosen at that sign-up.
   * Null when the token is unknown, used or expired. When the address was verified meanwhile (another
   * sign-up's link), that user is kept as it is.
   */
  async verifyEmail(token: string): Promise<User | null> {
    const now = new Date(this.clock.now());
    return this.db.$transaction(async (tx) => {
      const tokenHash = digest(token);
      const { count } = await tx.pendingSignup.updateMany({ where: { tokenHash, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
      if (count !== 1) return null;
      const pending = await tx.pendingSignup.findUniqueOrThrow({ where: { tokenHash } });
      return tx.user.upsert({
        where: { email: pending.email },
        create: { id: newId('usr'), email: pending.email, passwordHash: pending.passwordHash },
        update: {},
      });
    });
  }

  /** The user these credentials sign in, or null; an unknown address costs a password check too. */
  async authenticate(email: string, password: string): Promise<User | null> {
    const user = await this.db.user.findUnique({ where: { email } });
    const ok = await checkPassword(user?.passwordHash ?? null, password);
    return ok ? user : null;
  }

  /** Sends a reset link when the address has an account; nothing otherwise (the caller answers the same). */
  async requestReset(email: string): Promise<void> {
    const user = await this.db.user.findUnique({ where: { email } });
    if (!user) return;
    const token = newSecret();
    await this.db.passwordResetToken.create({ data: { tokenHash: digest(token), userId: user.id, expiresAt: this.expiry(this.config.RESET_TOKEN_TTL_MINUTES) } });
    await this.mailer.send(resetMail(email, this.link('/reset/confirm', token), this.config.RESET_TOKEN_TTL_MINUTES));
  }

  /**
   * Sets a new password with a reset token, once: false when the token is unknown, used or expired.
   * Every session of the user ends, and the user's other reset links stop working.
   */
  async resetPassword(token: string, password: string): Promise<boolean> {
    const passwordHash = await hashPassword(password);
    const now = new Date(this.clock.now());
    return this.db.$transaction(async (tx) => {
      const tokenHash = digest(token);
      const { count } = await tx.passwordResetToken.updateMany({ where: { tokenHash, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
      if (count !== 1) return false;
      const { userId } = await tx.passwordResetToken.findUniqueOrThrow({ where: { tokenHash } });
      await tx.user.update({ where: { id: userId }, data: { passwordHash } });
      await tx.passwordResetToken.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } });
      await tx.session.deleteMany({ where: { userId } });
      return true;
    });
  }
}
