import { once } from 'node:events';
import { Controller, Inject } from '@nestjs/common';
import { GrpcMethod, GrpcStreamCall, RpcException } from '@nestjs/microservices';
import { status, type Metadata, type sendUnaryData, type ServerReadableStream, type ServerWritableStream } from '@grpc/grpc-js';
import { Observable } from 'rxjs';
import type { uploadsV1 } from '@exs/contracts';
import type { Logger } from '@exs/platform';
import { ObjectTooLargeError } from './blobs/blob-store.js';
import { UploadNotFoundError, UploadService, type StagedObject } from './uploads/upload.service.js';

export const UPLOADS_LOGGER = Symbol('UPLOADS_LOGGER');

const SERVICE = 'UploadsService';

/** A gRPC status error as grpc-js expects it from a handler callback or stream. */
const grpcError = (code: status, message: string) => Object.assign(new Error(message), { code, details: message });

/**
 * The gRPC surface. Not decorated with ts-proto's `UploadsServiceControllerMethods()`: that binds Stage
 * as an RxJS stream, which Nest feeds without backpressure (a fast client could fill this process's
 * memory while the store is slow). Stage here takes the raw call instead (`GrpcStreamCall`) and reads
 * it as a Node stream, so the HTTP/2 window closes while the store catches up; Read writes with
 * `drain` for the same reason. The other methods are bound as ts-proto would.
 */
@Controller()
export class UploadsGrpcController {
  constructor(private readonly uploads: UploadService, @Inject(UPLOADS_LOGGER) private readonly logger: Logger) {}

  private toGrpc(rpc: string, err: unknown): Error {
    if (err instanceof ObjectTooLargeError) return grpcError(status.RESOURCE_EXHAUSTED, err.message);
    if (err instanceof UploadNotFoundError) return grpcError(status.NOT_FOUND, 'upload not found');
    if (err instanceof RangeError) return grpcError(status.INVALID_ARGUMENT, err.message);
    this.logger.error({ rpc, err: (err as Error)?.message }, 'uploads call failed');
    return grpcError(status.UNAVAILABLE, 'upload storage unavailable');
  }

  /** Client-streaming: the header, then chunks. Over the cap: RESOURCE_EXHAUSTED, nothing kept. */
  @GrpcStreamCall(SERVICE, 'stage')
  async stage(call: ServerReadableStream<uploadsV1.StageRequest, uploadsV1.StageResponse>, callback: sendUnaryData<uploadsV1.StageResponse>): Promise<void> {
    const cancelled = new AbortController();
    call.once('cancelled', () => {
      cancelled.abort(new Error('client cancelled the stage'));
      call.destroy(new Error('client cancelled the stage'));
    });
    try {
      const messages = call[Symbol.asyncIterator]() as AsyncIterator<uploadsV1.StageRequest>;
      const first = await messages.next();
      const header = first.done ? undefined : first.value.header;
      if (!header) throw new RangeError('the first message must carry the header');
      const chunks = (async function* () {
        for (;;) {
          const next = await messages.next();
          if (next.done) return;
          if (next.value.header) throw new RangeError('the header may only be sent once');
          if (next.value.chunk?.length) yield next.value.chunk;
        }
      })();
      const object = await this.uploads.stage(header.accountId, header.contentType, Number(header.maxBytes || 0), chunks, cancelled.signal);
      callback(null, { uploadKey: object.key, sizeBytes: String(object.sizeBytes), sha256: object.sha256, expiresAtMs: String(object.expiresAt.getTime()) });
    } catch (err) {
      callback(call.cancelled ? grpcError(status.CANCELLED, 'cancelled') : this.toGrpc('Stage', err));
    }
  }

  @GrpcMethod(SERVICE, 'resolve')
  async resolve(req: uploadsV1.ResolveRequest): Promise<uploadsV1.ResolveResponse> {
    try {
      return toResolveResponse(await this.uploads.resolve(req.accountId, req.uploadKey));
    } catch (err) {
      throw new RpcException(this.toGrpc('Resolve', err));
    }
  }

  /** Server-streaming bytes of a resolvable object, written as fast as the client reads them. */
  @GrpcMethod(SERVICE, 'read')
  read(req: uploadsV1.ReadRequest, _metadata: Metadata, call: ServerWritableStream<uploadsV1.ReadRequest, uploadsV1.ReadResponse>): Observable<uploadsV1.ReadResponse> {
    return new Observable<uploadsV1.ReadResponse>((subscriber) => {
      let stopped = false;
      let body: NodeJS.ReadableStream & { destroy(): void } | undefined;
      (async () => {
        const opened = await this.uploads.open(req.accountId, req.uploadKey);
        body = opened.body;
        for await (const chunk of opened.body) {
          if (stopped) return;
          if (!call.write({ chunk: chunk as Buffer })) {
            await Promise.race([once(call, 'drain'), once(call, 'cancelled')]);
          }
        }
        subscriber.complete();
      })().catch((err) => { if (!stopped) subscriber.error(new RpcException(this.toGrpc('Read', err))); });
      return () => { stopped = true; body?.destroy(); };
    });
  }

  /** Idempotent: deleted=false for an unknown, expired or foreign key. */
  @GrpcMethod(SERVICE, 'delete')
  async delete(req: uploadsV1.DeleteRequest): Promise<uploadsV1.DeleteResponse> {
    try {
      return { deleted: await this.uploads.delete(req.accountId, req.uploadKey) };
    } catch (err) {
      throw new RpcException(this.toGrpc('Delete', err));
    }
  }
}

function toResolveResponse(o: StagedObject): uploadsV1.ResolveResponse {
  return { uploadKey: o.key, sizeBytes: String(o.sizeBytes), contentType: o.contentType, sha256: o.sha256, expiresAtMs: String(o.expiresAt.getTime()) };
}
