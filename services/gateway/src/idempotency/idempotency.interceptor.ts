import { createHash } from 'node:crypto';
import { Inject, Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { defer, finalize, of, switchMap, catchError, tap, type Observable } from 'rxjs';
import { ERROR_CATALOG, type Logger } from '@exs/platform';
import { ApiError } from '../edge/api-error.js';
import { errorBody } from '../edge/error-body.js';
import { rateLimitDecision } from '../auth/rate-limit.guard.js';
import { LOGGER } from '../tokens.js';
import { IdempotencyStore, type BeginOutcome } from './idempotency.store.js';
import { idempotencyKeyOf, ignoredIdempotencyKeyOf, isWellFormedIdempotencyKey, MAX_IDEMPOTENCY_KEY_LENGTH } from './idempotency-key.js';

/** Outcomes worth replaying: the same request would get the same answer. Transient ones are not kept. */
const REPLAYABLE_ERRORS = new Set(['invalid_schema', 'document_too_large', 'unsupported_document', 'insufficient_balance', 'not_found', 'extraction_failed']);

function malformedKey(): ApiError {
  return new ApiError('invalid_schema', {}, `the Idempotency-Key header must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`);
}

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
 *
 * Latency: the claim runs while the rate limiter answers (the guard started that call), and the
 * response is stored after it is sent (IdempotencyStore.completeLater).
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(private readonly store: IdempotencyStore, @Inject(LOGGER) private readonly logger: Logger) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = ctx.switchToHttp().getRequest<FastifyRequest>();
    const key = idempotencyKeyOf(request);
    if (key === undefined) {
      // An upload ignores its key, but a malformed one is still the caller's bug, answered as on any POST.
      const ignored = ignoredIdempotencyKeyOf(request);
      if (ignored !== undefined && !isWellFormedIdempotencyKey(ignored)) throw malformedKey();
      return next.handle();
    }
    const reply = ctx.switchToHttp().getResponse<FastifyReply>();
    const { accountId } = request.principal!;
    const requestId = request.id;
    if (!isWellFormedIdempotencyKey(key)) {
      // A rate-limited request is 429 whatever its header says, as when the guard decides alone.
      return defer(async () => {
        await rateLimitDecision(request);
        throw malformedKey();
      });
    }
    const successStatus: number = Reflect.getMetadata(HTTP_CODE_METADATA, ctx.getHandler()) ?? 201;
    const onLostCompletion = (err: unknown) =>
      this.logger.error({ err: (err as Error).message, request_id: requestId }, 'idempotency record not completed; the key frees when its lease lapses');

    return defer(() => this.admit(request, accountId, key)).pipe(switchMap((outcome) => {
      if (outcome.kind === 'conflict') throw new ApiError('idempotency_key_conflict');
      if (outcome.kind === 'replay') {
        reply.header('x-request-id', outcome.requestId).header('idempotent-replayed', 'true').status(outcome.status);
        return of(JSON.parse(outcome.body));
      }
      const release = this.store.hold(accountId, key, requestId);
      return next.handle().pipe(
        tap((body) => this.store.completeLater(accountId, key, requestId, successStatus, () => JSON.stringify(body), onLostCompletion)),
        catchError(async (err: unknown) => {
          if (err instanceof ApiError && REPLAYABLE_ERRORS.has(err.code)) {
            const stored = () => JSON.stringify(errorBody(err.code, requestId, err.extra, err.detail));
            this.store.completeLater(accountId, key, requestId, ERROR_CATALOG[err.code].status, stored, onLostCompletion);
          } else {
            // If this fails too (database down), the lease lapses and frees the key on its own.
            await this.store.abandon(accountId, key, requestId).catch(() => {});
          }
          throw err;
        }),
        finalize(release),
      );
    }));
  }

  /** The rate limiter's verdict and the claim, concurrently; a 429 wins and gives the claim back. */
  private async admit(request: FastifyRequest, accountId: string, key: string): Promise<BeginOutcome> {
    const [limit, claim] = await Promise.allSettled([
      rateLimitDecision(request),
      this.store.begin(accountId, key, fingerprint(request), request.id),
    ]);
    if (limit.status === 'rejected') {
      if (claim.status === 'fulfilled' && claim.value.kind === 'started') await this.store.abandon(accountId, key, request.id).catch(() => {});
      throw limit.reason;
    }
    if (claim.status === 'rejected') throw claim.reason;
    return claim.value;
  }
}
