import { createLogger, startServiceApp } from '@exs/platform';
import { loadBillingConfig } from './config.js';
import { BillingModule } from './billing.module.js';

const config = loadBillingConfig();
const logger = createLogger('billing', config.LOG_LEVEL);

await startServiceApp({
  module: BillingModule.forRoot(config, logger),
  logger,
  http: { host: config.HTTP_HOST, port: config.HTTP_PORT },
  grpc: { name: 'billing', host: config.GRPC_HOST, port: config.GRPC_PORT },
});
