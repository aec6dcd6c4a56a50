import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import type { JsMsg } from '@nats-io/jetstream';
import { JETSTREAM, NATS_CONNECTION, SUBJECTS, ServiceMetrics, consumeEvents, type JetStreamClient, type Logger, type StopConsumer } from '@exs/platform';
import { eventsV1 } from '@exs/contracts';
import { PrismaClient } from '../generated/prisma/client.js';
import { EnginePool } from '../engine/engine-pool.js';
import { PublicFailure } from '../public-failure.js';
import { LIMITS } from '../engine/limits.js';
import { DocumentStore } from '../documents/document-store.js';
import { Settlement } from '../settlement/settlement.js';
import { resultBody } from '../result/result-body.js';
import { CLOCK, type Clock } from '../clock.js';
import { EXTRACTION_CONFIG, type ExtractionConfig } from '../config.js';
import { LOGGER } from '../tokens.js';
import { JobEndings, isEnded } from './job-endings.js';
import { pagesExtractedCounter } from '../engine/engine-metrics.js';

export const STREAM = 'EXS_JOB_REQUESTS';
export const DURABLE = 'extraction-workers';
/** Runs of one job at most. JetStream delivers its request once more after the last run (see `run`). */
export const JOB_ATTEMPTS = 5;
export const ATTEMPTS_EXHAUSTED = 'the job was stopped before it could finish on each of its attempts';

const notAborted = new AbortController().signal;

/**
 * Runs queued jobs from JetStream. A message is acked only when the job reached a final state, so a
 * worker killed mid-job leaves it to be redelivered; re-running is safe because a finished job is
 * skipped and a job ends (is settled and announced) once (JobEndings).
 */
@Injectable()
export class JobWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private stops: StopConsumer[] = [];
  private readonly pagesExtracted;

  constructor(
    private readonly db: PrismaClient,
    private readonly engine: EnginePool,
    private readonly documents: DocumentStore,
    private readonly settlement: Settlement,
    private readonly endings: JobEndings,
    @Inject(JETSTREAM) private readonly js: JetStreamClient,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(EXTRACTION_CONFIG) private readonly config: ExtractionConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    metrics: ServiceMetrics,
  ) {
    this.pagesExtracted = pagesExtractedCounter(metrics);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.EXTRACTION_TARGETS.has('worker')) return;
    for (let i = 0; i < this.config.WORKER_CONCURRENCY; i++) {
      this.stops.push(await consumeEvents(this.js, this.nc, {
        stream: STREAM,
        durable: DURABLE,
        subject: SUBJECTS.jobRequested,
        codec: eventsV1.JobRequested,
        ackWaitMs: this.config.JOB_ACK_WAIT_SECONDS * 1000,
        maxDeliver: JOB_ATTEMPTS + 1,
        handle: (msg, raw, signal) => this.run(msg.jobId, raw, signal),
        onError: (err, raw) => this.logger.error({ err, delivery: raw.info.deliveryCount }, 'job attempt failed; it will be redelivered'),
        onPullError: (err) => this.logger.warn({ err: (err as Error).message }, 'job requests could not be pulled; retrying'),
      }));
    }
    this.logger.info({ concurrency: this.config.WORKER_CONCURRENCY }, 'job workers consuming');
  }

  /**
   * Before anything closes (Nest runs this hook ahead of the servers, the engine pool and the database
   * and NATS connections): take no new job, and give the ones in hand SHUTDOWN_GRACE_SECONDS to finish
   * and be acked; what is still running then is handed back to the stream for another worker.
   */
  async beforeApplicationShutdown(): Promise<void> {
    const graceMs = this.config.SHUTDOWN_GRACE_SECONDS * 1000;
    if (this.stops.length) this.logger.info({ graceSeconds: this.config.SHUTDOWN_GRACE_SECONDS }, 'job workers stopping');
    await Promise.all(this.stops.splice(0).map((stop) => stop(graceMs)));
  }

  /**
   * One delivery of a job's request. `signal` aborts when the job was handed back at shutdown: from
   * then on another worker may be running it, so this one settles nothing.
   */
  async run(jobId: string, raw: Pick<JsMsg, 'info'>, signal: AbortSignal = notAborted): Promise<void> {
    let job = await this.db.job.findUnique({ where: { id: jobId } });
    if (!job) return;
    if (isEnded(job.state)) {
      await this.endings.announce(job);
      return;
    }
    if (raw.info.deliveryCount > JOB_ATTEMPTS) {
      // Every run was stopped before it could end the job (its worker killed: out of memory, evicted,
      // a crash): the job ends here, unbilled, without running again.
      this.logger.warn({ jobId, attempts: job.attempts }, 'job failed: no attempt finished');
      await this.endings.fail(jobId, new PublicFailure('extraction_failed', ATTEMPTS_EXHAUSTED));
      return;
    }
    const started = await this.db.job.updateMany({
      where: { id: jobId, state: { in: ['queued', 'running'] } },
      data: { state: 'running', startedAt: job.startedAt ?? this.clock.now(), attempts: { increment: 1 } },
    });
    if (started.count === 0) return;
    try {
      // No work without a hold: a job queued or redelivered after its hold expired (billing's
      // RESERVATION_TTL_SECONDS) would otherwise run unheld and be billed by a late capture, which the
      // balance may no longer cover. The hold is taken again (or the job fails insufficient_balance,
      // unbilled) before anything runs; the job keeps the reservation it will settle with.
      const holds = await this.settlement.ensureHeld(job.accountId, job.id, job.pages, job);
      if (holds.reservationId !== job.reservationId) {
        job = await this.db.job.update({ where: { id: jobId }, data: { reservationId: holds.reservationId } });
      }
      const bytes = await this.documents.read(job.accountId, job.uploadKey);
      const result = await this.engine.run(bytes, job.schemaJson, LIMITS.pages, { deadlineMs: this.engine.jobDeadlineMs(job.pages) });
      if (signal.aborted) return;
      if (await this.endings.succeed(jobId, JSON.stringify(resultBody(result, { requestId: job.requestId, billedPages: job.pages, calibratorVersion: this.engine.calibratorVersion })))) {
        this.pagesExtracted('job', result.document);
      }
    } catch (err) {
      if (signal.aborted) return;
      // The document's own problems are final (a run past its deadline too); anything else is retried
      // until the last attempt.
      const final = err instanceof PublicFailure && err.code !== 'provider_unavailable';
      if (!final && raw.info.deliveryCount < JOB_ATTEMPTS) throw err;
      await this.endings.fail(jobId, err instanceof PublicFailure ? err : new PublicFailure('extraction_failed'));
    }
  }
}
