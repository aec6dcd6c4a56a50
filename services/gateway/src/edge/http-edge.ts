import type { FastifyInstance } from 'fastify';
import type { Logger } from '@exs/platform';
import { registerContractHeaders } from './contract-headers.js';
import { sendError, toErrorResponse } from './error-filter.js';
import { registerJsonBodyParser } from './json-body-parser.js';
import { answerMalformedRequests } from './malformed-request.js';
import { registerNulGuard } from './nul-guard.js';
import { registerCors } from './cors.js';
import type { KeyBeforeBody } from '../auth/key-before-body.js';

/**
 * Everything the gateway sets on Fastify before Nest adds its routes: the contract headers, what bodies
 * are accepted and how, the refusal of hostile input before any handler runs, and the contract's error
 * shape for what Fastify or Node refuse on their own.
 */
export function configureHttpEdge(fastify: FastifyInstance, logger: Logger, keyBeforeBody: KeyBeforeBody, opts: { corsAllowedOrigins: readonly string[] }): void {
  registerContractHeaders(fastify);
  registerCors(fastify, opts.corsAllowedOrigins);
  answerMalformedRequests(fastify, logger);
  keyBeforeBody.register(fastify);
  registerJsonBodyParser(fastify);
  // Uploads take any content type and reach the handler as the raw stream, unbuffered (the handler
  // enforces its cap); every other route takes JSON only.
  fastify.addContentTypeParser('*', (request, payload, done) => {
    if (request.routeOptions.url === '/v1/uploads') return done(null, payload);
    done(Object.assign(new Error('unsupported content type'), { statusCode: 415 }));
  });
  registerNulGuard(fastify);
  // Errors Fastify raises before Nest sees the request (malformed JSON, a body over the limit while it
  // streams in, the refusals above) still answer in the contract's shape.
  fastify.setErrorHandler((err, request, reply) => sendError(reply, toErrorResponse(err, logger, request.id)));
}
