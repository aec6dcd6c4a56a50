import type { FastifyInstance } from 'fastify';
import { BODY_MAX_JSON_DEPTH, SCHEMA_LIMITS } from '../extract/schema-limits.js';
import { ApiError } from './api-error.js';
import { jsonTextExceedsDepth } from './json-inspection.js';

/**
 * Fastify's own JSON parser (secure-json-parse, prototype poisoning refused), behind a nesting-depth check
 * on the raw text: a body nested deeper than any route takes is refused before it is parsed, so no later
 * step (the idempotency fingerprint, the schema's serialisation) ever walks a hostile depth.
 */
export function registerJsonBodyParser(fastify: FastifyInstance): void {
  const parse = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonTextExceedsDepth(body as string, BODY_MAX_JSON_DEPTH)) {
      done(new ApiError('invalid_schema', {}, `JSON nested more than ${SCHEMA_LIMITS.maxJsonDepth} levels deep`), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}
