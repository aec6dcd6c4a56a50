import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from '@exs/platform';
import { UploadService } from './upload.service.js';

export const SWEEPER_OPTIONS = Symbol('SWEEPER_OPTIONS');
export interface SweeperOptions {
  /** 0 disables the timer (tests call sweepExpired themselves). */
  intervalMs: number;
  logger: Logger;
}

/** Runs the expiry sweep on a timer; a sweep never overlaps the previous one. */
@Injectable()
export class SweeperService implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(private readonly uploads: UploadService, @Inject(SWEEPER_OPTIONS) private readonly options: SweeperOptions) {}

  onApplicationBootstrap(): void {
    if (this.options.intervalMs <= 0) return;
    this.timer = setInterval(() => { if (!this.running) this.running = this.runOnce().finally(() => { this.running = undefined; }); }, this.options.intervalMs);
    this.timer.unref();
  }

  async runOnce(): Promise<void> {
    try {
      const removed = await this.uploads.sweepExpired();
      if (removed > 0) this.options.logger.info({ removed }, 'expired uploads swept');
    } catch (err) {
      this.options.logger.warn({ err: (err as Error).message }, 'upload sweep failed; retrying next interval');
    }
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
