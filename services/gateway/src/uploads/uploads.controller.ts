import type { Readable } from 'node:stream';
import { Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import type { ClientGrpc } from '@nestjs/microservices';
import { status } from '@grpc/grpc-js';
import type { FastifyRequest } from 'fastify';
import { Observable, lastValueFrom } from 'rxjs';
import { grpcClientToken, grpcService } from '@exs/platform';
import type { uploadsV1 } from '@exs/contracts';
import { CurrentPrincipal } from '../auth/principal.js';
import type { Principal } from '../accounts/api-keys.service.js';
import { ApiError } from '../edge/api-error.js';
import { fromGrpcError } from '../edge/grpc-failure.js';

/** Staged documents: up to 50 MiB. */
export const STAGED_MAX_BYTES = 50 * 1024 * 1024;

/** The request body as Stage messages (header, then chunks), failing as soon as it passes the cap. */
function stageMessages(body: Readable, principal: Principal, contentType: string): Observable<uploadsV1.StageRequest> {
  return new Observable((subscriber) => {
    let size = 0;
    subscriber.next({ header: { accountId: principal.accountId, contentType, maxBytes: String(STAGED_MAX_BYTES) } });
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > STAGED_MAX_BYTES) {
        body.off('data', onData);
        body.destroy();
        subscriber.error(new ApiError('document_too_large', {}, `uploads are limited to ${STAGED_MAX_BYTES} bytes`));
        return;
      }
      subscriber.next({ chunk });
    };
    body.on('data', onData);
    body.once('end', () => subscriber.complete());
    body.once('error', (err) => subscriber.error(err));
    return () => body.off('data', onData);
  });
}

/** `POST /v1/uploads`: the raw document as the body, streamed to storage without buffering it whole. */
@Controller('v1/uploads')
export class UploadsController {
  private readonly uploads: uploadsV1.UploadsServiceClient;

  constructor(@Inject(grpcClientToken('uploads')) client: ClientGrpc) {
    this.uploads = grpcService<uploadsV1.UploadsServiceClient>(client, 'uploads');
  }

  @Post()
  @HttpCode(201)
  async stage(@Req() request: FastifyRequest, @CurrentPrincipal() principal: Principal) {
    const declared = Number(request.headers['content-length'] ?? NaN);
    if (declared > STAGED_MAX_BYTES) throw new ApiError('document_too_large', {}, `uploads are limited to ${STAGED_MAX_BYTES} bytes`);
    const body = request.body as Readable | undefined;
    if (!body || typeof (body as Readable).on !== 'function') throw new ApiError('invalid_schema', {}, 'send the document bytes as the request body (Content-Type: application/octet-stream)');
    const contentType = String(request.headers['content-type'] ?? 'application/octet-stream');
    const res = await lastValueFrom(this.uploads.stage(stageMessages(body, principal, contentType))).catch((err: unknown) => {
      if (err instanceof ApiError) throw err;
      if ((err as { code?: number }).code === status.RESOURCE_EXHAUSTED) throw new ApiError('document_too_large', {}, `uploads are limited to ${STAGED_MAX_BYTES} bytes`);
      if ((err as { code?: number }).code === status.INVALID_ARGUMENT) throw new ApiError('unsupported_document');
      return fromGrpcError(err);
    });
    if (res.sizeBytes === '0') throw new ApiError('unsupported_document', {}, 'the upload is empty');
    return {
      object: 'upload',
      upload_key: res.uploadKey,
      size_bytes: Number(res.sizeBytes),
      sha256: res.sha256,
      expires_at: new Date(Number(res.expiresAtMs)).toISOString(),
    };
  }
}
