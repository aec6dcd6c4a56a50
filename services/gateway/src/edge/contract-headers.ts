import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** The contract version every response is served under (spec: Versioning). */
export const SERVICE_VERSION = '2026-08-10';

/** Request ids are minted here, never taken from the caller, so they are unique and trustworthy. */
export const mintRequestId = (): string => `req_${randomUUID().replaceAll('-', '')}`;

/** Sets `x-request-id` and `service-version` on every response, errors and 404s included. */
export function registerContractHeaders(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    reply.header('service-version', SERVICE_VERSION);
  });
}
