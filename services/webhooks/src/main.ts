import { createLogger, startServiceApp } from '@exs/platform';
import { loadWebhooksConfig } from './config.js';
import { WebhooksModule } from './webhooks.module.js';

const config = loadWebhooksConfig();
const logger = createLogger('webhooks', config.LOG_LEVEL);

await startServiceApp({
  module: WebhooksModule.forRoot(config, logger),
  logger,
  http: { host: config.HTTP_HOST, port: config.HTTP_PORT },
  grpc: { name: 'webhooks', host: config.GRPC_HOST, port: config.GRPC_PORT },
});
