import { Inject, Injectable } from '@nestjs/common';
import { JETSTREAM, SUBJECTS, ServiceMetrics, publishEvent, type JetStreamClient, type Logger } from '@exs/platform';
import { eventsV1 } from '@exs/contracts';
import { PrismaClient, type Job, type Prisma } from '../generated/prisma/client.js';
import { PublicFailure } from '../public-failure.js';
import { Settlement } from '../settlement/settlement.js';
import { CLOCK, type Clock } from '../clock.js';
import { EXTRACTION_CONFIG, type ExtractionConfig } from '../config.js';
import { LOGGER } from '../tokens.js';

/** From a one-page job on an idle worker to the 6 h bound of the stuck-job sweeper. */
const JOB_SECONDS_BUCKETS = [0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800, 3600, 21600];

export const isEnded = (state: string): boolean => state === 'succeeded' || state === 'failed';

/**
 * The one way a job ends, whoever ends it (its worker, the delivery after its last attempt, the stuck-job
 * sweeper): under a lock on its row and only if it has not ended yet, so that two of them racing settle
 * the money once and record one outcome; then the outcome is published for the webhooks service.
 */
@Injectable()
export class JobEndings {
  private readonly finished;
  private readonly duration;

  constructor(
    private readonly db: PrismaClient,
    private readonly settlement: Settlement,
    @Inject(JETSTREAM) private readonly js: JetStreamClient,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(EXTRACTION_CONFIG) private readonly config: ExtractionConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    metrics: ServiceMetrics,
  ) {
    this.finished = metrics.meter.createCounter('exs_jobs_finished_total', {
      description: 'Jobs ended, by outcome (succeeded, failed) and error code (none for a success).',
    });
    // Both outcomes served as 0 from start-up (a failure under its most common codes: the engine's and the
    // sweeper's), so failure ratios and alerts see the series before the first job ends.
    this.finished.add(0, { outcome: 'succeeded', 'error.code': 'none' });
    for (const code of ['extraction_failed', 'internal_error']) this.finished.add(0, { outcome: 'failed', 'error.code': code });
    this.duration = metrics.meter.createHistogram('exs_job_duration_seconds', {
      description: 'Time from admission to the end of a job (queueing, every attempt and settlement), by outcome.',
      advice: { explicitBucketBoundaries: JOB_SECONDS_BUCKETS },
    });
  }

  /** Captures the held pages and stores the result. False when the job had already ended (nothing captured). */
  async succeed(jobId: string, resultJson: string): Promise<boolean> {
    return this.end(jobId, async (job) => {
      await this.settlement.capture(job.accountId, job, job.pages);
      return { state: 'succeeded', resultJson, billedPages: job.pages };
    });
  }

  /**
   * Releases the holds and records the failure. False when the job had already ended. A release billing
   * does not answer does not keep the job from ending: billing gives back a hold nobody settles when it
   * expires (RESERVATION_TTL_SECONDS).
   */
  async fail(jobId: string, failure: PublicFailure): Promise<boolean> {
    return this.end(jobId, async (job) => {
      await this.settlement.release(job.accountId, job).catch((err: unknown) =>
        this.logger.error({ err, jobId }, 'job hold not released; billing releases it when it expires'));
      return { state: 'failed', errorCode: failure.code, errorDetail: failure.detail };
    });
  }

  /**
   * Publishes the event of an ended job. Publishing it again is harmless (the stream drops a repeat within
   * its duplicate window, the webhooks service keys deliveries on job id and event type), so a delivery
   * that finds its job ended publishes again in case the first publish was lost.
   */
  async announce(job: Job): Promise<void> {
    const finishedAtMs = String((job.finishedAt ?? this.clock.now()).getTime());
    if (job.state === 'succeeded') {
      await publishEvent(this.js, SUBJECTS.jobSucceeded, eventsV1.JobSucceeded,
        { jobId: job.id, accountId: job.accountId, requestId: job.requestId, billedPages: job.billedPages, finishedAtMs }, `${job.id}.succeeded`);
    } else if (job.state === 'failed') {
      await publishEvent(this.js, SUBJECTS.jobFailed, eventsV1.JobFailed,
        { jobId: job.id, accountId: job.accountId, requestId: job.requestId, errorCode: job.errorCode ?? 'internal_error', finishedAtMs }, `${job.id}.failed`);
    }
  }

  /**
   * Settles and records the outcome in one transaction holding the row: a concurrent ending waits for
   * it, then finds the job ended. The row is read under the lock, so the settlement uses the job's
   * current reservation (a redelivery may have taken a new one).
   */
  private async end(jobId: string, settle: (job: Job) => Promise<Prisma.JobUpdateInput>): Promise<boolean> {
    const ended = await this.db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT 1 FROM jobs WHERE id = ${jobId} FOR UPDATE`;
      const job = await tx.job.findUnique({ where: { id: jobId } });
      if (!job || isEnded(job.state)) return undefined;
      const outcome = await settle(job);
      const now = this.clock.now();
      const expiresAt = new Date(now.getTime() + this.config.JOB_RETENTION_HOURS * 3600_000);
      return tx.job.update({ where: { id: jobId }, data: { ...outcome, finishedAt: now, expiresAt } });
    }, { maxWait: 10_000, timeout: 60_000 });
    if (!ended) return false;
    this.finished.add(1, { outcome: ended.state, 'error.code': ended.errorCode ?? 'none' });
    this.duration.record(Math.max(0, (ended.finishedAt!.getTime() - ended.createdAt.getTime()) / 1000), { outcome: ended.state });
    await this.announce(ended);
    return true;
  }
}
