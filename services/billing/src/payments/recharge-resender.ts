import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from '@exs/platform';
import { BILLING_LOGGER } from '../reservations/reservation.service.js';
import { SWEEP_OPTIONS, type SweepOptions } from '../reservations/expiry-sweeper.js';
import { AutoRechargeService } from './auto-recharge.service.js';
import { PendingRecharges } from './pending-recharges.js';

/**
 * Sends again, on the reservation sweep's interval, recharges whose processor call did not get through
 * (AutoRechargeService.resendStale: same idempotency key, so never a second charge), and settles those
 * whose webhook is overdue by asking the processor (PendingRecharges).
 */
@Injectable()
export class RechargeResender implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly autoRecharge: AutoRechargeService,
    private readonly pending: PendingRecharges,
    @Inject(SWEEP_OPTIONS) private readonly options: SweepOptions,
    @Inject(BILLING_LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => { if (!this.running) this.running = this.tick().finally(() => { this.running = undefined; }); }, this.options.intervalMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private async tick(): Promise<void> {
    try {
      const sent = await this.autoRecharge.resendStale();
      if (sent) this.logger.info({ count: sent }, 'auto-recharges sent again');
    } catch (err) {
      this.logger.warn({ err: (err as Error).message }, 'auto-recharge resend failed');
    }
    try {
      const settled = await this.pending.settleOverdue();
      if (settled.size) this.logger.info({ outcomes: Object.fromEntries(settled) }, 'overdue auto-recharges looked at');
    } catch (err) {
      this.logger.warn({ err: (err as Error).message }, 'settling overdue auto-recharges failed');
    }
  }
}
