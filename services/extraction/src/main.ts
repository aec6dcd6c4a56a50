import { createLogger, startServiceApp } from '@exs/platform';
import { loadExtractionConfig } from './config.js';
import { ExtractionModule } from './extraction.module.js';
import { EngineHealth } from './engine/engine-health.js';

const config = loadExtractionConfig();
const logger = createLogger('extraction', config.LOG_LEVEL);

await startServiceApp({
  module: ExtractionModule.forRoot(config, logger),
  logger,
  http: { host: config.HTTP_HOST, port: config.HTTP_PORT },
  // A worker-only process serves health over HTTP but no gRPC API.
  // Its API reports NOT_SERVING on grpc.health.v1 while no engine thread can take work (/status shows it).
  grpc: config.EXTRACTION_TARGETS.has('api')
    ? { name: 'extraction', host: config.GRPC_HOST, port: config.GRPC_PORT, serving: (app, report) => app.get(EngineHealth).watch(report) }
    : undefined,
  // Jobs in hand get this long to finish at shutdown (JobWorker); an API-only process holds none.
  shutdownGraceSeconds: config.EXTRACTION_TARGETS.has('worker') ? config.SHUTDOWN_GRACE_SECONDS : 0,
});
