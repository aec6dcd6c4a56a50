import type { FastifyInstance } from 'fastify';
import { BODY_MAX_JSON_DEPTH } from '../extract/schema-limits.js';
import { ApiError } from './api-error.js';
import { inspectJsonValue } from './json-inspection.js';

const NUL_REFUSED = 'text must not contain the NUL character (U+0000)';

/** Streamed bodies (uploads) are bytes, not text: nothing to look at. */
const isStream = (body: unknown) => typeof (body as { pipe?: unknown } | null)?.pipe === 'function';

/**
 * Refuses NUL (U+0000) anywhere in caller text, in one place for every route: JSON body strings and keys,
 * query parameters and path parameters. PostgreSQL cannot store it in a text column, so without this a
 * key name or a webhook description with a NUL was a 500 from the database.
 */
export function registerNulGuard(fastify: FastifyInstance): void {
  fastify.addHook('preValidation', async (request) => {
    const inputs = [request.query, request.params, isStream(request.body) ? undefined : request.body];
    for (const input of inputs) {
      const finding = inspectJsonValue(input, BODY_MAX_JSON_DEPTH);
      if (finding === 'nul') throw new ApiError('invalid_schema', {}, NUL_REFUSED);
      if (finding === 'too_deep') throw new ApiError('invalid_schema', {}, 'JSON nested too deeply');
    }
  });
}
