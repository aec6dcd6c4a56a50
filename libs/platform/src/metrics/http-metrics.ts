import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isErrorCode } from '../errors/error-catalog.js';
import { REQUEST_SECONDS_BUCKETS, type ServiceMetrics } from './service-metrics.js';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Error bodies are small; anything larger is not the contract's error shape and is not parsed. */
const MAX_ERROR_BODY = 8192;

/** The contract's `error.code` of an error response body, or undefined. */
function errorCodeOf(payload: unknown): string | undefined {
  const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : undefined;
  if (!text || text.length > MAX_ERROR_BODY || !text.startsWith('{')) return undefined;
  try {
    const code = (JSON.parse(text) as { error?: { code?: unknown } })?.error?.code;
    return isErrorCode(code) ? code : undefined;
  } catch {
    return undefined;
  }
}

/**
 * RED metrics for every HTTP response, on Fastify's hooks so that answers given before a route handler
 * runs (401 from the key check, 429, 404) count too. Labels are bounded: the route template (never the
 * raw path; `unmatched` for a path no route serves), the method, the status and the contract's error
 * code read from the error body.
 */
export function instrumentHttp(fastify: FastifyInstance, metrics: ServiceMetrics): void {
  const requests = metrics.meter.createCounter('http_server_requests_total', {
    description: 'HTTP requests answered, by route template, method, status and contract error code (none for successes).',
  });
  const duration = metrics.meter.createHistogram('http_server_request_duration_seconds', {
    description: 'Time from receiving an HTTP request to sending its response, by route template, method and status.',
    advice: { explicitBucketBoundaries: REQUEST_SECONDS_BUCKETS },
  });
  const errorCodes = new WeakMap<FastifyRequest, string>();

  fastify.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400) {
      const code = errorCodeOf(payload);
      if (code) errorCodes.set(request, code);
    }
    return payload;
  });
  fastify.addHook('onResponse', async (request, reply) => {
    const attributes = {
      'http.route': request.routeOptions?.url ?? 'unmatched',
      'http.request.method': METHODS.has(request.method) ? request.method : 'other',
      'http.response.status_code': reply.statusCode,
    };
    requests.add(1, { ...attributes, 'error.code': errorCodes.get(request) ?? (reply.statusCode >= 400 ? 'other' : 'none') });
    duration.record(reply.elapsedTime / 1000, attributes);
  });
}
