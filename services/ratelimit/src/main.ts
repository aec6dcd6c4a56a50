import { createLogger, startServiceApp } from '@exs/platform';
import { loadRateLimitConfig } from './config.js';
import { RateLimitModule } from './ratelimit.module.js';

const config = loadRateLimitConfig();
const logger = createLogger('ratelimit', config.LOG_LEVEL);

await startServiceApp({
  module: RateLimitModule.forRoot(config, logger),
  logger,
  http: { host: config.HTTP_HOST, port: config.HTTP_PORT },
  grpc: { name: 'ratelimit', host: config.GRPC_HOST, port: config.GRPC_PORT },
});
