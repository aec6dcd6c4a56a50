import { Inject, Injectable } from '@nestjs/common';
import type { ClientGrpc } from '@nestjs/microservices';
import { status } from '@grpc/grpc-js';
import { from, lastValueFrom, toArray } from 'rxjs';
import { grpcClientToken, grpcService } from '@exs/platform';
import type { uploadsV1 } from '@exs/contracts';
import { PublicFailure } from '../public-failure.js';
import { LIMITS } from '../engine/limits.js';

const CHUNK = 256 * 1024;

/** gRPC failures of a dependency: not found is the caller's problem, the rest is an outage. */
export function dependencyFailure(err: unknown, notFound: PublicFailure): PublicFailure {
  const code = (err as { code?: number })?.code;
  if (code === status.NOT_FOUND) return notFound;
  if (code === status.UNAVAILABLE || code === status.DEADLINE_EXCEEDED || code === status.RESOURCE_EXHAUSTED) {
    return new PublicFailure('provider_unavailable');
  }
  throw err;
}

/** Document bytes by way of the uploads service: staged for jobs, read back by workers. */
@Injectable()
export class DocumentStore {
  private readonly uploads: uploadsV1.UploadsServiceClient;

  constructor(@Inject(grpcClientToken('uploads')) client: ClientGrpc) {
    this.uploads = grpcService<uploadsV1.UploadsServiceClient>(client, 'uploads');
  }

  /** Reads a staged object of this account; unknown, expired or foreign keys are unsupported_document. */
  async read(accountId: string, uploadKey: string): Promise<Uint8Array> {
    try {
      const parts = await lastValueFrom(this.uploads.read({ accountId, uploadKey }).pipe(toArray()));
      return Buffer.concat(parts.map((p) => p.chunk));
    } catch (err) {
      throw dependencyFailure(err, new PublicFailure('unsupported_document', 'upload_key does not resolve to a staged object on this account'));
    }
  }

  /** Stages inline bytes so a worker on any machine can read them. */
  async stage(accountId: string, bytes: Uint8Array): Promise<string> {
    const messages: uploadsV1.StageRequest[] = [{ header: { accountId, contentType: 'application/octet-stream', maxBytes: String(LIMITS.stagedBytes) } }];
    for (let i = 0; i < bytes.length; i += CHUNK) messages.push({ chunk: Buffer.from(bytes.subarray(i, i + CHUNK)) });
    try {
      const res = await lastValueFrom(this.uploads.stage(from(messages)));
      return res.uploadKey;
    } catch (err) {
      throw dependencyFailure(err, new PublicFailure('unsupported_document'));
    }
  }
}
