import { Controller, Inject } from '@nestjs/common';
import { extractionV1 } from '@exs/contracts';
import { isDependencyOutage, type Logger } from '@exs/platform';
import { EnginePool } from './engine/engine-pool.js';
import { PublicFailure } from './public-failure.js';
import { DocumentStore } from './documents/document-store.js';
import { QuotaExceeded } from './settlement/daily-quota.js';
import { SyncExtractionService } from './sync/sync-extraction.js';
import { JobsService, type DocumentInput } from './jobs/jobs.service.js';
import { toJobMessage } from './jobs/job-message.js';
import { JobListing } from './jobs/job-listing.js';
import { EXTRACTION_CONFIG, type ExtractionConfig } from './config.js';
import { LOGGER } from './tokens.js';

function documentInput(doc: extractionV1.DocumentSource | undefined): DocumentInput {
  if (doc?.uploadKey) return { uploadKey: doc.uploadKey };
  if (doc?.inlineBytes?.length) return { inlineBytes: doc.inlineBytes };
  throw new PublicFailure('invalid_schema', 'document.bytes_base64 or document.upload_key is required');
}

/** Public failures travel as outcomes (the gateway renders them); only real faults become gRPC errors. */
const asOutcome = (err: unknown) => {
  if (err instanceof QuotaExceeded) return { error: { code: err.code, detail: err.detail, retryAfterSeconds: err.retryAfterSeconds } };
  if (err instanceof PublicFailure) return { error: { code: err.code, detail: err.detail, retryAfterSeconds: 0 } };
  if (isDependencyOutage(err)) return { error: { code: 'provider_unavailable', detail: '', retryAfterSeconds: 0 } };
  throw err;
};

@Controller()
@extractionV1.ExtractionServiceControllerMethods()
export class ExtractionGrpcController implements extractionV1.ExtractionServiceController {
  constructor(
    private readonly sync: SyncExtractionService,
    private readonly jobs: JobsService,
    private readonly jobListing: JobListing,
    private readonly documents: DocumentStore,
    private readonly engine: EnginePool,
    @Inject(EXTRACTION_CONFIG) private readonly config: ExtractionConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async extract(req: extractionV1.ExtractRequest): Promise<extractionV1.ExtractResponse> {
    try {
      const input = documentInput(req.document);
      const bytes = 'uploadKey' in input ? await this.documents.read(req.accountId, input.uploadKey) : input.inlineBytes;
      const out = await this.sync.extract(req.accountId, req.requestId, req.schemaJson, bytes, req.dailyPageLimit, req.apiKeyId);
      return { resultJson: out.resultJson, billedPages: out.billedPages };
    } catch (err) {
      return { ...asOutcome(err), billedPages: 0 };
    }
  }

  async submitJob(req: extractionV1.SubmitJobRequest): Promise<extractionV1.SubmitJobResponse> {
    try {
      const job = await this.jobs.submit(req.accountId, req.requestId, req.schemaJson, documentInput(req.document), req.dailyPageLimit, req.apiKeyId);
      return { job: toJobMessage(job) };
    } catch (err) {
      return asOutcome(err);
    }
  }

  async getJob(req: extractionV1.GetJobRequest): Promise<extractionV1.GetJobResponse> {
    try {
      const job = await this.jobs.get(req.accountId, req.jobId);
      return job ? { job: toJobMessage(job) } : { error: { code: 'not_found', detail: '', retryAfterSeconds: 0 } };
    } catch (err) {
      return asOutcome(err);
    }
  }

  async listJobs(req: extractionV1.ListJobsRequest): Promise<extractionV1.ListJobsResponse> {
    try {
      const { jobs, hasMore } = await this.jobListing.list({
        accountId: req.accountId, limit: req.limit, startingAfter: req.startingAfter, endingBefore: req.endingBefore, state: req.state,
      });
      return { list: { jobs: jobs.map(toJobMessage), hasMore } };
    } catch (err) {
      return asOutcome(err);
    }
  }

  getInfo(): extractionV1.GetInfoResponse {
    return { calibratorVersion: this.engine.calibratorVersion, buildId: this.config.BUILD_ID };
  }
}
