import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from '@exs/platform';
import { PrismaClient } from '../generated/prisma/client.js';
import { CLOCK, type Clock } from '../clock.js';
import { LOGGER } from '../tokens.js';

/** Deletes jobs (and their results) once their retention has passed: deleted, not just hidden. */
@Injectable()
export class RetentionSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;

  constructor(private readonly db: PrismaClient, @Inject(CLOCK) private readonly clock: Clock, @Inject(LOGGER) private readonly logger: Logger) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), 60_000);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async sweep(): Promise<number> {
    try {
      const { count } = await this.db.job.deleteMany({ where: { expiresAt: { lte: this.clock.now() } } });
      if (count) this.logger.info({ count }, 'expired jobs deleted');
      return count;
    } catch (err) {
      this.logger.warn({ err: (err as Error).message }, 'retention sweep failed');
      return 0;
    }
  }
}
