import { createHash } from 'node:crypto';
import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { from, of, switchMap, catchError, type Observable } from 'rxjs';
import { ERROR_CATALOG } from '@exs/platform';
import { ApiError } from '../edge/api-error.js';
import { errorBody } from '../edge/error-body.js';
import { IdempotencyStore } from './idempotency.store.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const MAX_KEY_LENGTH = 255;

/** Outcomes worth replaying: the same request would get the same answer. Transient ones are not kept. */
const REPLAYABLE_ERRORS = new Set(['invalid_schema', 'document_too_large', 'unsupported_document', 'insufficient_balance', 'not_found', 'extraction_failed']);

function fingerprint(request: FastifyRequest): string {
  return createHash('sha256')
    .update(request.method).update('\0')
    .update(request.routeOptions.url ?? request.url).update('\0')
    .update(JSON.stringify(request.params ?? {})).update('\0')
    .update(JSON.stringify(request.body ?? null))
    .digest('hex');
}

/**
 * `Idempotency-Key` on POSTs: the first request runs and its response is stored; the same key with the
 * same body replays it (with the original request id and `idempotent-replayed: true`); a different body,
 * or a repeat while the first still runs, is 409 idempotency_key_conflict.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(private readonly store: IdempotencyStore) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = ctx.switchToHttp().getRequest<FastifyRequest>();
    const reply = ctx.switchToHttp().getResponse<FastifyReply>();
    const raw = request.headers[IDEMPOTENCY_HEADER];
    // Uploads stream their body, so it cannot be fingerprinted before it runs; retrying an upload is
    // safe anyway (each one stages a new object), so the header is ignored there (docs/api.md).
    const streamed = typeof (request.body as { pipe?: unknown } | null)?.pipe === 'function';
    if (request.method !== 'POST' || raw === undefined || !request.principal || streamed) return next.handle();
    const key = Array.isArray(raw) ? raw[0] : raw;
    if (!key || key.length > MAX_KEY_LENGTH) {
      throw new ApiError('invalid_schema', {}, `the Idempotency-Key header must be 1 to ${MAX_KEY_LENGTH} characters`);
    }
    const { accountId } = request.principal;
    const successStatus: number = Reflect.getMetadata(HTTP_CODE_METADATA, ctx.getHandler()) ?? 201;

    return from(this.store.begin(accountId, key, fingerprint(request), request.id)).pipe(switchMap((outcome) => {
      if (outcome.kind === 'conflict') throw new ApiError('idempotency_key_conflict');
      if (outcome.kind === 'replay') {
        reply.header('x-request-id', outcome.requestId).header('idempotent-replayed', 'true').status(outcome.status);
        return of(JSON.parse(outcome.body));
      }
      return next.handle().pipe(
        switchMap(async (body) => {
          await this.store.complete(accountId, key, successStatus, JSON.stringify(body));
          return body;
        }),
        catchError(async (err: unknown) => {
          if (err instanceof ApiError && REPLAYABLE_ERRORS.has(err.code)) {
            const stored = errorBody(err.code, request.id, err.extra, err.detail);
            await this.store.complete(accountId, key, ERROR_CATALOG[err.code].status, JSON.stringify(stored));
          } else {
            await this.store.abandon(accountId, key);
          }
          throw err;
        }),
      );
    }));
  }
}
