import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from '@exs/platform';
import { BILLING_LOGGER, ReservationService, SWEEP_BATCH } from './reservation.service.js';
import { ReservationMetrics } from './reservation-metrics.js';

export const SWEEP_OPTIONS = Symbol('BILLING_SWEEP_OPTIONS');
export interface SweepOptions {
  intervalMs: number;
}

/** Gives back holds nobody settled, every interval (RESERVATION_SWEEP_INTERVAL_SECONDS), on every replica. */
@Injectable()
export class ReservationExpirySweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly reservations: ReservationService,
    @Inject(SWEEP_OPTIONS) private readonly options: SweepOptions,
    @Inject(BILLING_LOGGER) private readonly logger: Logger,
    private readonly metrics: ReservationMetrics,
  ) {}

  onApplicationBootstrap(): void {
    // A tick while the previous sweep still runs is skipped rather than queued.
    this.timer = setInterval(() => { if (!this.running) this.running = this.sweep().finally(() => { this.running = undefined; }); }, this.options.intervalMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** Releases batches until fewer than a full batch were due, so a backlog clears within one tick. */
  async sweep(): Promise<void> {
    try {
      for (;;) {
        const released = await this.reservations.sweepExpired(SWEEP_BATCH);
        this.metrics.expiredReleased(released.length);
        if (released.length) this.logger.info({ count: released.length }, 'expired holds released');
        if (released.length < SWEEP_BATCH) return;
      }
    } catch (err) {
      // The database is unreachable or another statement got in the way: the next tick tries again.
      this.logger.warn({ err: (err as Error).message }, 'reservation expiry sweep failed');
    }
  }
}
