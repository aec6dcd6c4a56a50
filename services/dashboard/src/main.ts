import { createLogger, startServiceApp } from '@exs/platform';
import type { FastifyInstance } from 'fastify';
import { loadDashboardConfig } from './config.js';
import { DashboardModule } from './dashboard.module.js';
import { FORM_BODY_LIMIT_BYTES, configureWebEdge } from './web-edge.js';

const config = loadDashboardConfig();
const logger = createLogger('dashboard', config.LOG_LEVEL);

await startServiceApp({
  module: DashboardModule.forRoot(config, logger),
  logger,
  http: { host: config.HTTP_HOST, port: config.HTTP_PORT, bodyLimitBytes: FORM_BODY_LIMIT_BYTES },
  trustProxy: config.TRUST_PROXY,
  configure: (fastify: FastifyInstance) => configureWebEdge(fastify, config),
});
