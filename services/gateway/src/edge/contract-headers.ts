import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './error-body.js';

/** The contract version every response is served under (spec: Versioning). */
export const SERVICE_VERSION = '2026-08-10';

/** Request ids are minted here, never taken from the caller, so they are unique and trustworthy. */
export const mintRequestId = (): string => `req_${randomUUID().replaceAll('-', '')}`;

/**
 * Sets `x-request-id` and `service-version` on every response, errors and 404s included. A client may pin
 * the contract with a `service-version` request header; a version this deployment does not serve is refused.
 */
export function registerContractHeaders(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    reply.header('service-version', SERVICE_VERSION);
    const pinned = request.headers['service-version'];
    if (pinned !== undefined && pinned !== SERVICE_VERSION) {
      return reply.status(400).send(errorBody('invalid_schema', request.id, {}, `service-version ${String(pinned).slice(0, 40)} is not served; use ${SERVICE_VERSION}`));
    }
  });
}
