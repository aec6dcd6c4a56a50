import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import type { JsMsg } from '@nats-io/jetstream';
import { JETSTREAM, NATS_CONNECTION, SUBJECTS, consumeEvents, publishEvent, type JetStreamClient, type Logger } from '@exs/platform';
import { eventsV1 } from '@exs/contracts';
import { PrismaClient, type Job } from '../generated/prisma/client.js';
import { EnginePool } from '../engine/engine-pool.js';
import { PublicFailure } from '../public-failure.js';
import { LIMITS } from '../engine/limits.js';
import { DocumentStore } from '../documents/document-store.js';
import { Settlement } from '../settlement/settlement.js';
import { resultBody } from '../result/result-body.js';
import { CLOCK, type Clock } from '../clock.js';
import { EXTRACTION_CONFIG, type ExtractionConfig } from '../config.js';
import { LOGGER } from '../tokens.js';

const STREAM = 'EXS_JOB_REQUESTS';
const DURABLE = 'extraction-workers';
const MAX_DELIVER = 5;

/**
 * Runs queued jobs from JetStream. A message is acked only when the job reached a final state, so a
 * worker killed mid-job leaves it to be redelivered; re-running is safe because a finished job is
 * skipped and billing's capture is idempotent per reservation.
 */
@Injectable()
export class JobWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private stops: Array<() => Promise<void>> = [];

  constructor(
    private readonly db: PrismaClient,
    private readonly engine: EnginePool,
    private readonly documents: DocumentStore,
    private readonly settlement: Settlement,
    @Inject(JETSTREAM) private readonly js: JetStreamClient,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(EXTRACTION_CONFIG) private readonly config: ExtractionConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.EXTRACTION_TARGETS.has('worker')) return;
    for (let i = 0; i < this.config.WORKER_CONCURRENCY; i++) {
      this.stops.push(await consumeEvents(this.js, this.nc, {
        stream: STREAM,
        durable: DURABLE,
        subject: SUBJECTS.jobRequested,
        codec: eventsV1.JobRequested,
        ackWaitMs: this.config.JOB_ACK_WAIT_SECONDS * 1000,
        maxDeliver: MAX_DELIVER,
        handle: (msg, raw) => this.run(msg.jobId, raw),
        onError: (err, raw) => this.logger.error({ err, delivery: raw.info.deliveryCount }, 'job attempt failed; it will be redelivered'),
      }));
    }
    this.logger.info({ concurrency: this.config.WORKER_CONCURRENCY }, 'job workers consuming');
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.stops.map((stop) => stop()));
  }

  async run(jobId: string, raw: Pick<JsMsg, 'info'>): Promise<void> {
    let job = await this.db.job.findUnique({ where: { id: jobId } });
    if (!job || job.state === 'succeeded' || job.state === 'failed') return;
    await this.db.job.update({ where: { id: jobId }, data: { state: 'running', startedAt: job.startedAt ?? this.clock.now(), attempts: { increment: 1 } } });
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
      const result = await this.engine.run(bytes, job.schemaJson, LIMITS.pages);
      await this.settlement.capture(job.accountId, job, job.pages);
      await this.succeed(job, JSON.stringify(resultBody(result, { requestId: job.requestId, billedPages: job.pages, calibratorVersion: this.engine.calibratorVersion })));
    } catch (err) {
      // The document's own problems are final; anything else is retried until the last delivery.
      const final = err instanceof PublicFailure && err.code !== 'provider_unavailable';
      if (!final && raw.info.deliveryCount < MAX_DELIVER) throw err;
      const failure = err instanceof PublicFailure ? err : new PublicFailure('extraction_failed');
      await this.settlement.release(job.accountId, job);
      await this.fail(job, failure);
    }
  }

  private async succeed(job: Job, resultJson: string): Promise<void> {
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + this.config.JOB_RETENTION_HOURS * 3600_000);
    await this.db.job.update({ where: { id: job.id }, data: { state: 'succeeded', resultJson, billedPages: job.pages, finishedAt: now, expiresAt } });
    await publishEvent(this.js, SUBJECTS.jobSucceeded, eventsV1.JobSucceeded,
      { jobId: job.id, accountId: job.accountId, requestId: job.requestId, billedPages: job.pages, finishedAtMs: String(now.getTime()) }, `${job.id}.succeeded`);
  }

  private async fail(job: Job, failure: PublicFailure): Promise<void> {
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + this.config.JOB_RETENTION_HOURS * 3600_000);
    await this.db.job.update({ where: { id: job.id }, data: { state: 'failed', errorCode: failure.code, errorDetail: failure.detail, finishedAt: now, expiresAt } });
    await publishEvent(this.js, SUBJECTS.jobFailed, eventsV1.JobFailed,
      { jobId: job.id, accountId: job.accountId, requestId: job.requestId, errorCode: failure.code, finishedAtMs: String(now.getTime()) }, `${job.id}.failed`);
  }
}
