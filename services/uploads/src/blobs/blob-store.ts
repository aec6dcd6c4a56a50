import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';

/** Injection token of the configured store. */
export const BLOB_STORE = Symbol('BLOB_STORE');

/** More bytes arrived than the cap allows; the store keeps nothing of the object. */
export class ObjectTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`object exceeds ${maxBytes} bytes`);
  }
}

export class BlobNotFoundError extends Error {}

export interface PutResult {
  sizeBytes: number;
  /** Hex SHA-256 of the bytes stored. */
  sha256: string;
}

/**
 * Where staged bytes live. Objects are written once and never modified; keys are chosen by the
 * caller (the upload key). Every implementation streams: memory use is bounded by a chunk (disk) or
 * a multipart part (S3), never by the object.
 */
export interface BlobStore {
  /**
   * Streams `body` into object `key`. Counting happens while the bytes pass: the moment more than
   * `maxBytes` have arrived it fails with ObjectTooLargeError and nothing of the object remains.
   */
  put(key: string, body: AsyncIterable<Uint8Array>, maxBytes: number, contentType: string): Promise<PutResult>;
  /** The object's bytes; BlobNotFoundError when there is none. */
  get(key: string): Promise<Readable>;
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Resolves when the store accepts a write (readiness). */
  checkWritable(): Promise<void>;
}

/** Passes `body` through, hashing and counting it, and throws as soon as it exceeds `maxBytes`. */
export async function* metered(body: AsyncIterable<Uint8Array>, maxBytes: number, result: PutResult): AsyncGenerator<Buffer> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBytes) throw new ObjectTooLargeError(maxBytes);
    hash.update(chunk);
    yield Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  }
  result.sizeBytes = size;
  result.sha256 = hash.digest('hex');
}
