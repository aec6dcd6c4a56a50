import { createLogger, startServiceApp } from '@exs/platform';
import type { FastifyInstance } from 'fastify';
import { loadGatewayConfig } from './config.js';
import { GatewayModule } from './gateway.module.js';
import { registerContractHeaders, mintRequestId } from './edge/contract-headers.js';
import { sendError, toErrorResponse } from './edge/error-filter.js';
import { JSON_BODY_LIMIT_BYTES } from './extract/extraction-request.js';

const config = loadGatewayConfig();
const logger = createLogger('gateway', config.LOG_LEVEL);

await startServiceApp({
  module: GatewayModule.forRoot(config, logger),
  logger,
  http: { host: config.HTTP_HOST, port: config.HTTP_PORT, bodyLimitBytes: JSON_BODY_LIMIT_BYTES },
  genReqId: mintRequestId,
  configure: (fastify: FastifyInstance) => {
    registerContractHeaders(fastify);
    // Uploads take any content type and reach the handler as the raw stream, unbuffered (the handler
    // enforces its cap); every other route takes JSON only.
    fastify.addContentTypeParser('*', (request, payload, done) => {
      if (request.routeOptions.url === '/v1/uploads') return done(null, payload);
      done(Object.assign(new Error('unsupported content type'), { statusCode: 415 }));
    });
    // Errors Fastify raises before Nest sees the request (malformed JSON, a body over the limit while it
    // streams in) still answer in the contract's shape.
    fastify.setErrorHandler((err, request, reply) => sendError(reply, toErrorResponse(err, logger, request.id)));
  },
});
