import { createLogger, startServiceApp } from '@exs/platform';
import { loadUploadsConfig } from './config.js';
import { UploadsModule } from './uploads.module.js';

const config = loadUploadsConfig();
const logger = createLogger('uploads', config.LOG_LEVEL);

await startServiceApp({
  module: UploadsModule.forRoot(config, logger),
  logger,
  http: { host: config.HTTP_HOST, port: config.HTTP_PORT },
  grpc: { name: 'uploads', host: config.GRPC_HOST, port: config.GRPC_PORT },
});
