import { createLogger, startServiceApp } from '@exs/platform';
import { loadBillingConfig } from './config.js';
import { BillingModule } from './billing.module.js';
import { keepRawJsonBodies } from './payments/webhook.controller.js';

const config = loadBillingConfig();
const logger = createLogger('billing', config.LOG_LEVEL);

await startServiceApp({
  module: BillingModule.forRoot(config, logger),
  logger,
  http: { host: config.HTTP_HOST, port: config.HTTP_PORT },
  // Processor webhooks are verified over the exact bytes received (POST /webhooks/<processor>).
  configure: keepRawJsonBodies,
  grpc: { name: 'billing', host: config.GRPC_HOST, port: config.GRPC_PORT },
});
