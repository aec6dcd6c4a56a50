import { usableCpus } from '@exs/engine';
import { baseConfigSchema, databaseConfigSchema, grpcServerConfigSchema, grpcTarget, loadConfig, natsConfigSchema, z } from '@exs/platform';
import { documentAiConfigIssues, documentAiConfigShape } from './providers/documentai/settings.js';
import { DEFAULT_ENGINE_DEADLINES, type EngineDeadlines } from './engine/deadlines.js';

/** A deadline in whole seconds, up to a day. */
const seconds = (defaultMs: number) => z.coerce.number().int().min(1).max(86_400).default(defaultMs / 1000);

/** Which roles this process runs: the gRPC API, the JetStream job workers, or both (the default). */
const targets = z.string().default('api,worker').transform((v, ctx) => {
  const list = v.split(',').map((s) => s.trim()).filter(Boolean);
  for (const t of list) if (t !== 'api' && t !== 'worker') ctx.addIssue({ code: 'custom', message: `unknown target "${t}" (api, worker)` });
  return new Set(list as Array<'api' | 'worker'>);
});

export const extractionConfigSchema = baseConfigSchema
  .extend(grpcServerConfigSchema.shape)
  .extend(databaseConfigSchema.shape)
  .extend(natsConfigSchema.shape)
  .extend({
    HTTP_PORT: z.coerce.number().int().min(1).max(65535).default(9102),
    GRPC_PORT: z.coerce.number().int().min(1).max(65535).default(50052),
    EXTRACTION_TARGETS: targets,
    UPLOADS_GRPC_URL: grpcTarget.default('127.0.0.1:50051'),
    BILLING_GRPC_URL: grpcTarget.default('127.0.0.1:50053'),
    RATELIMIT_GRPC_URL: grpcTarget.default('127.0.0.1:50054'),
    /**
     * Worker threads running the engine (parsing, layout, ranking), shared by sync extractions and jobs;
     * each holds its own pdf.js. Default: the CPUs this process may use (cgroup quota included).
     */
    ENGINE_THREADS: z.coerce.number().int().min(1).max(64).default(() => usableCpus()),
    /**
     * Engine call deadlines (engine/deadlines.ts): past one, the call fails (422 extraction_failed, not
     * billed) and its thread is terminated and replaced. Check + count + sync must stay under the
     * gateway's 120 s deadline on its Extract call.
     */
    ENGINE_SYNC_DEADLINE_SECONDS: seconds(DEFAULT_ENGINE_DEADLINES.syncMs),
    ENGINE_JOB_DEADLINE_SECONDS: seconds(DEFAULT_ENGINE_DEADLINES.jobMs),
    ENGINE_JOB_DEADLINE_SECONDS_PER_PAGE: z.coerce.number().int().min(0).max(3600).default(DEFAULT_ENGINE_DEADLINES.jobPerPageMs / 1000),
    ENGINE_CHECK_DEADLINE_SECONDS: seconds(DEFAULT_ENGINE_DEADLINES.checkMs),
    /** Jobs a worker process runs at once (each takes an engine thread; OCR processes are shared). */
    WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    /** A job a worker neither finished nor reported progress on for this long is redelivered (a dead worker). */
    JOB_ACK_WAIT_SECONDS: z.coerce.number().int().min(2).max(3600).default(30),
    /**
     * On SIGTERM a worker takes no new job and has this long to finish the ones it holds; then it hands
     * them back for another worker to start at once. The pod's termination grace must exceed it + 10 s.
     */
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(3600).default(20),
    /** How long a job result is kept after success. */
    JOB_RETENTION_HOURS: z.coerce.number().positive().default(24),
    /** The optional Document AI OCR provider (off unless DOCUMENTAI_PROCESSOR is set; docs/providers.md). */
    ...documentAiConfigShape,
  })
  .superRefine((cfg, ctx) => {
    for (const issue of documentAiConfigIssues(cfg)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });

export type ExtractionConfig = z.infer<typeof extractionConfigSchema>;

export function engineDeadlines(config: ExtractionConfig): EngineDeadlines {
  return {
    syncMs: config.ENGINE_SYNC_DEADLINE_SECONDS * 1000,
    jobMs: config.ENGINE_JOB_DEADLINE_SECONDS * 1000,
    jobPerPageMs: config.ENGINE_JOB_DEADLINE_SECONDS_PER_PAGE * 1000,
    checkMs: config.ENGINE_CHECK_DEADLINE_SECONDS * 1000,
  };
}
export const EXTRACTION_CONFIG = Symbol('EXTRACTION_CONFIG');
export const loadExtractionConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(extractionConfigSchema, env);
