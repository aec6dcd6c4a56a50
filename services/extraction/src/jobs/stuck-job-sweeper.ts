import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from '@exs/platform';
import { PrismaClient } from '../generated/prisma/client.js';
import { EnginePool } from '../engine/engine-pool.js';
import { LIMITS } from '../engine/limits.js';
import { PublicFailure } from '../public-failure.js';
import { CLOCK, type Clock } from '../clock.js';
import { EXTRACTION_CONFIG, type ExtractionConfig } from '../config.js';
import { LOGGER } from '../tokens.js';
import { JobEndings } from './job-endings.js';
import { JOB_ATTEMPTS } from './job-worker.js';

/** The shortest time a job may stay unended after admission; matches billing's default hold lifetime. */
export const STUCK_AFTER_MIN_MS = 6 * 3600_000;
export const STUCK_DETAIL = 'the job did not finish in time';
const BATCH = 100;

/**
 * Fails jobs still queued or running long after any run of them could have ended: their request message
 * was lost (the process died between recording the job and queueing it, or the stream lost it), or the
 * delivery that would have ended them failed. Without this they would stay unended for good, their funds
 * held until billing's expiry and no webhook sent. They fail with internal_error: the service lost them,
 * and submitting again is safe. docs/operations.md ("Jobs that do not end") gives the bound's reasons.
 */
@Injectable()
export class StuckJobSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  /**
   * Twice the longest a job can legitimately take once a worker has it (every attempt at the largest
   * document running to its engine deadline, each followed by an ack wait), and no less than 6 hours.
   */
  readonly stuckAfterMs: number;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly db: PrismaClient,
    private readonly endings: JobEndings,
    engine: EnginePool,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(EXTRACTION_CONFIG) config: ExtractionConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    const longestRunMs = JOB_ATTEMPTS * (engine.jobDeadlineMs(LIMITS.pages) + config.JOB_ACK_WAIT_SECONDS * 1000);
    this.stuckAfterMs = Math.max(STUCK_AFTER_MIN_MS, 2 * longestRunMs);
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), 60_000);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Fails the stuck jobs (a batch per call); returns how many this call ended. */
  async sweep(): Promise<number> {
    try {
      const cutoff = new Date(this.clock.now().getTime() - this.stuckAfterMs);
      const stuck = await this.db.job.findMany({
        where: { state: { in: ['queued', 'running'] }, createdAt: { lt: cutoff } },
        select: { id: true, state: true, attempts: true },
        orderBy: { createdAt: 'asc' },
        take: BATCH,
      });
      let ended = 0;
      for (const job of stuck) {
        if (await this.endings.fail(job.id, new PublicFailure('internal_error', STUCK_DETAIL))) {
          ended += 1;
          this.logger.error({ jobId: job.id, state: job.state, attempts: job.attempts }, 'stuck job failed');
        }
      }
      return ended;
    } catch (err) {
      this.logger.warn({ err: (err as Error).message }, 'stuck job sweep failed');
      return 0;
    }
  }
}
