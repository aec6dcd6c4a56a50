import { createLogger, startServiceApp } from '@exs/platform';
import { loadExtractionConfig } from './config.js';
import { ExtractionModule } from './extraction.module.js';

const config = loadExtractionConfig();
const logger = createLogger('extraction', config.LOG_LEVEL);

await startServiceApp({
  module: ExtractionModule.forRoot(config, logger),
  logger,
  http: { host: config.HTTP_HOST, port: config.HTTP_PORT },
  // A worker-only process serves health over HTTP but no gRPC API.
  grpc: config.EXTRACTION_TARGETS.has('api') ? { name: 'extraction', host: config.GRPC_HOST, port: config.GRPC_PORT } : undefined,
});
