import { createLogger, startServiceApp } from '@exs/platform';
import type { FastifyInstance } from 'fastify';
import { loadGatewayConfig } from './config.js';
import { GatewayModule } from './gateway.module.js';
import { mintRequestId } from './edge/contract-headers.js';
import { configureHttpEdge } from './edge/http-edge.js';
import { JSON_BODY_LIMIT_BYTES } from './extract/extraction-request.js';
import { KeyBeforeBody } from './auth/key-before-body.js';
import { startInternalGrpc } from './internal/internal-grpc.js';

const config = loadGatewayConfig();
const logger = createLogger('gateway', config.LOG_LEVEL);
const keyBeforeBody = new KeyBeforeBody();

const app = await startServiceApp({
  module: GatewayModule.forRoot(config, logger, keyBeforeBody),
  logger,
  http: { host: config.HTTP_HOST, port: config.HTTP_PORT, bodyLimitBytes: JSON_BODY_LIMIT_BYTES },
  trustProxy: config.TRUST_PROXY,
  genReqId: mintRequestId,
  configure: (fastify: FastifyInstance) => configureHttpEdge(fastify, logger, keyBeforeBody, { corsAllowedOrigins: config.CORS_ALLOWED_ORIGINS }),
});
await startInternalGrpc(app, logger, config.GRPC_HOST, config.GRPC_PORT);
