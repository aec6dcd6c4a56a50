import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CATALOG, isDependencyOutage, type ErrorCode, type Logger } from '@exs/platform';
import { ApiError } from './api-error.js';
import { errorBody } from './error-body.js';

/** HTTP statuses Nest or Fastify raise on their own, mapped to the contract's codes. */
const STATUS_TO_CODE: Record<number, ErrorCode> = {
  400: 'invalid_schema',
  404: 'not_found',
  405: 'not_found',
  413: 'document_too_large',
  415: 'invalid_schema',
};

/** Turns anything thrown into the contract's error shape; unexpected errors never leak details. */
export function toErrorResponse(err: unknown, logger: Logger, requestId: string) {
  if (err instanceof ApiError) {
    return { status: ERROR_CATALOG[err.code].status, body: errorBody(err.code, requestId, err.extra, err.detail) };
  }
  const status = err instanceof HttpException ? err.getStatus() : (err as { statusCode?: number })?.statusCode;
  const code = typeof status === 'number' ? STATUS_TO_CODE[status] : undefined;
  if (code) return { status: ERROR_CATALOG[code].status, body: errorBody(code, requestId) };
  if (isDependencyOutage(err)) {
    logger.warn({ err: (err as Error).message, request_id: requestId }, 'storage dependency unavailable');
    return { status: 503, body: errorBody('provider_unavailable', requestId) };
  }
  logger.error({ err, request_id: requestId }, 'unhandled error');
  return { status: 500, body: errorBody('internal_error', requestId) };
}

/** Sends an error response; `rate_limited` also carries the Retry-After header the spec requires. */
export function sendError(reply: FastifyReply, { status, body }: ReturnType<typeof toErrorResponse>) {
  const retryAfter = (body.error as { retry_after?: number }).retry_after;
  if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
  return reply.status(status).send(body);
}

@Catch()
export class ContractErrorFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(err: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const request = ctx.getRequest<FastifyRequest>();
    const reply = ctx.getResponse<FastifyReply>();
    // Probe endpoints keep terminus' own body (which dependency is down) for operators.
    if (err instanceof HttpException && request.url.startsWith('/healthz/')) {
      void reply.status(err.getStatus()).send(err.getResponse());
      return;
    }
    sendError(reply, toErrorResponse(err, this.logger, request.id));
  }
}
