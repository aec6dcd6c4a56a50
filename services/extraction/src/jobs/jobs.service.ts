import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { JETSTREAM, SUBJECTS, publishEvent, type JetStreamClient, type Logger } from '@exs/platform';
import { eventsV1 } from '@exs/contracts';
import { PrismaClient, type Job } from '../generated/prisma/client.js';
import { EnginePool } from '../engine/engine-pool.js';
import { PublicFailure } from '../public-failure.js';
import { LIMITS } from '../engine/limits.js';
import { DocumentStore } from '../documents/document-store.js';
import { Settlement, type Holds } from '../settlement/settlement.js';
import { CLOCK, type Clock } from '../clock.js';
import { LOGGER } from '../tokens.js';

export type DocumentInput = { inlineBytes: Uint8Array } | { uploadKey: string };

export const newJobId = () => `job_${randomBytes(12).toString('hex')}`;

/** Admission and lookup of async jobs; the work itself happens in JobWorker. */
@Injectable()
export class JobsService {
  constructor(
    private readonly db: PrismaClient,
    private readonly engine: EnginePool,
    private readonly documents: DocumentStore,
    private readonly settlement: Settlement,
    @Inject(JETSTREAM) private readonly js: JetStreamClient,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Checks the schema and the page count, holds the cost (402 before anything runs or is stored),
   * stages inline bytes, records the job and queues it. Whatever fails after the hold gives it back. The
   * message id is the job id, so a retried publish is dropped by the stream.
   */
  async submit(accountId: string, requestId: string, schemaJson: string, input: DocumentInput, keyPageLimit = 0, apiKeyId = ''): Promise<Job> {
    await this.engine.checkSchema(schemaJson);
    const bytes = 'uploadKey' in input ? await this.documents.read(accountId, input.uploadKey) : input.inlineBytes;
    const pages = await this.engine.countPages(bytes, LIMITS.pages);
    const id = newJobId();
    // The key's page limit matters at admission only: that is where the quota holds the pages.
    const holds = await this.settlement.hold(accountId, id, pages, keyPageLimit, apiKeyId);
    let job: Job;
    try {
      // Staged only once the money is held: a refused job leaves no copy of its document behind.
      const uploadKey = 'uploadKey' in input ? input.uploadKey : await this.documents.stage(accountId, bytes);
      job = await this.db.job.create({
        data: { id, accountId, requestId, pages, schemaJson, uploadKey, reservationId: holds.reservationId, quotaHoldId: holds.quotaHoldId, createdAt: this.clock.now() },
      });
    } catch (err) {
      await this.release(accountId, id, holds);
      throw err;
    }
    try {
      await publishEvent(this.js, SUBJECTS.jobRequested, eventsV1.JobRequested, { jobId: id, accountId, requestId }, id);
    } catch {
      await this.db.job.update({ where: { id }, data: { state: 'failed', errorCode: 'provider_unavailable', finishedAt: this.clock.now() } });
      await this.release(accountId, id, holds);
      throw new PublicFailure('provider_unavailable');
    }
    return job;
  }

  /** Gives back the holds of a job that was not admitted after all; billing expires them if it cannot be reached. */
  private async release(accountId: string, jobId: string, holds: Holds): Promise<void> {
    await this.settlement.release(accountId, holds).catch((err: unknown) =>
      this.logger.error({ err, jobId }, 'hold of a refused job not released; billing releases it when it expires'));
  }

  /** The account's job, or null: other accounts' jobs and expired jobs do not exist for the caller. */
  async get(accountId: string, jobId: string): Promise<Job | null> {
    const job = await this.db.job.findUnique({ where: { id: jobId } });
    if (!job || job.accountId !== accountId) return null;
    if (job.expiresAt && job.expiresAt <= this.clock.now()) {
      await this.db.job.deleteMany({ where: { id: jobId } });
      return null;
    }
    return job;
  }
}
