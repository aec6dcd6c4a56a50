import { createLogger, startServiceApp } from '@exs/platform';
import type { FastifyInstance } from 'fastify';
import { loadGatewayConfig } from './config.js';
import { GatewayModule } from './gateway.module.js';
import { registerContractHeaders, mintRequestId } from './edge/contract-headers.js';
import { toErrorResponse } from './edge/error-filter.js';

const config = loadGatewayConfig();
const logger = createLogger('gateway', config.LOG_LEVEL);

const app = await startServiceApp({
  module: GatewayModule.forRoot(config, logger),
  logger,
  http: { host: config.HTTP_HOST, port: config.HTTP_PORT },
  configure: (fastify: FastifyInstance) => {
    registerContractHeaders(fastify);
    // Errors raised by Fastify before Nest sees the request (malformed JSON, oversized bodies) still
    // answer in the contract's shape; unknown routes reach the exception filter as NotFoundException.
    fastify.setErrorHandler((err, request, reply) => {
      const { status, body } = toErrorResponse(err, logger, request.id);
      return reply.status(status).send(body);
    });
  },
  genReqId: mintRequestId,
});
void app;
