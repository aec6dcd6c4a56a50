import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from '@exs/platform';
import { PrismaClient } from '../generated/prisma/client.js';
import { DASHBOARD_CONFIG, type DashboardConfig } from '../config.js';
import { CLOCK, type Clock } from '../clock.js';
import { LOGGER } from '../tokens.js';

/** Each delete statement's deadline in PostgreSQL: a stuck sweep gives up and the next tick tries again. */
const STATEMENT_TIMEOUT_MS = 10_000;
/** Batches per table in one tick, so one tick ends even if rows expire faster than they are deleted. */
const MAX_BATCHES_PER_TICK = 100;

export interface SweptRows {
  sessions: number;
  pendingSignups: number;
  resetTokens: number;
}

/**
 * Deletes the rows that can no longer do anything: expired sessions, and sign-up and reset links that
 * were used or have expired. A row is expired AT its expires_at (the instant a session or link stops
 * working, see SessionsService.user and UsersService), so `expires_at <= now` goes. Deleting a used or
 * expired link changes no answer: an unknown token is refused like a used or expired one.
 *
 * Every EXPIRED_SWEEP_INTERVAL_SECONDS on every replica (the deletes are idempotent; two replicas may at
 * worst both find nothing), at most EXPIRED_SWEEP_BATCH rows per statement so no statement holds many
 * row locks or runs long.
 */
@Injectable()
export class ExpiredRowsSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopping = false;

  constructor(
    private readonly db: PrismaClient,
    @Inject(DASHBOARD_CONFIG) private readonly config: DashboardConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    // A tick while the previous sweep still runs is skipped rather than queued.
    this.timer = setInterval(() => { if (!this.running) this.running = this.sweep().finally(() => { this.running = undefined; }); }, this.config.EXPIRED_SWEEP_INTERVAL_SECONDS * 1000);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** Deletes batches until a batch finds less than a full one of each kind (or shutdown starts). */
  async sweep(): Promise<void> {
    try {
      for (let i = 0; i < MAX_BATCHES_PER_TICK && !this.stopping; i++) {
        const swept = await this.sweepBatch();
        const total = swept.sessions + swept.pendingSignups + swept.resetTokens;
        if (total) this.logger.info(swept, 'expired dashboard rows deleted');
        const batch = this.config.EXPIRED_SWEEP_BATCH;
        if (swept.sessions < batch && swept.pendingSignups < batch && swept.resetTokens < batch) return;
      }
    } catch (err) {
      // The database is unreachable or the statement ran past its deadline: the next tick tries again.
      this.logger.warn({ err: (err as Error).message }, 'expired rows sweep failed');
    }
  }

  /** One statement per table, each deleting at most EXPIRED_SWEEP_BATCH rows. */
  async sweepBatch(): Promise<SweptRows> {
    // timestamp(3) columns hold UTC wall-clock time (Prisma's convention); PostgreSQL ignores the Z.
    const now = new Date(this.clock.now()).toISOString();
    const limit = this.config.EXPIRED_SWEEP_BATCH;
    const [, sessions, pendingSignups, resetTokens] = await this.db.$transaction([
      this.db.$executeRawUnsafe(`SET LOCAL statement_timeout = ${STATEMENT_TIMEOUT_MS}`),
      this.db.$executeRaw`DELETE FROM sessions WHERE id IN (
        SELECT id FROM sessions WHERE expires_at <= ${now}::timestamp(3) LIMIT ${limit})`,
      this.db.$executeRaw`DELETE FROM pending_signups WHERE token_hash IN (
        SELECT token_hash FROM pending_signups WHERE expires_at <= ${now}::timestamp(3) OR used_at IS NOT NULL LIMIT ${limit})`,
      this.db.$executeRaw`DELETE FROM password_reset_tokens WHERE token_hash IN (
        SELECT token_hash FROM password_reset_tokens WHERE expires_at <= ${now}::timestamp(3) OR used_at IS NOT NULL LIMIT ${limit})`,
    ]);
    return { sessions: sessions as number, pendingSignups: pendingSignups as number, resetTokens: resetTokens as number };
  }
}
