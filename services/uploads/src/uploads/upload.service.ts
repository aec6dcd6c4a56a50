import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { PrismaClient } from '../generated/prisma/client.js';
import { BLOB_STORE, BlobNotFoundError, type BlobStore } from '../blobs/blob-store.js';
import { CLOCK, type Clock } from '../clock.js';

/** Service settings (from config). */
export const UPLOAD_OPTIONS = Symbol('UPLOAD_OPTIONS');
export interface UploadOptions {
  ttlMs: number;
  /** The service's own cap; a caller may ask for less, never more. */
  maxBytes: number;
}

/** Unknown, expired, still-pending and other accounts' keys all look the same: not found. */
export class UploadNotFoundError extends Error {}
export class EmptyUploadError extends RangeError {}

export interface StagedObject {
  key: string;
  accountId: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  createdAt: Date;
  expiresAt: Date;
}

const KEY_SHAPE = /^upl_[A-Za-z0-9_-]{32}$/;

/** "upl_" + 192 random bits in base64url: unguessable, so a key is never a way into another account. */
export const newUploadKey = () => `upl_${randomBytes(24).toString('base64url')}`;

/**
 * Staged objects. A Stage writes a `pending` row first, then streams the bytes to the blob store
 * under the same key, then marks the row `ready`: whatever a crash leaves behind is a row the sweeper
 * will find at its expiry, never an orphaned blob nobody knows about.
 */
@Injectable()
export class UploadService {
  constructor(
    private readonly db: PrismaClient,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(UPLOAD_OPTIONS) private readonly options: UploadOptions,
  ) {}

  /** The cap for one Stage: the caller's `maxBytes` when positive and lower than the service's. */
  capFor(requested: number): number {
    return requested > 0 ? Math.min(requested, this.options.maxBytes) : this.options.maxBytes;
  }

  /**
   * Streams `body` to the store under a new key. `signal` is the caller's cancellation: a stage whose
   * client went away is dropped even when its bytes all arrived (HTTP/2 may deliver a reset stream's
   * end before its reset).
   */
  async stage(accountId: string, contentType: string, maxBytes: number, body: AsyncIterable<Uint8Array>, signal?: AbortSignal): Promise<StagedObject> {
    if (!accountId) throw new RangeError('account_id is required');
    const key = newUploadKey();
    const now = this.clock.now();
    await this.db.upload.create({
      data: { key, accountId, contentType: contentType || 'application/octet-stream', createdAt: new Date(now), expiresAt: new Date(now + this.options.ttlMs) },
    });
    try {
      const { sizeBytes, sha256 } = await this.blobs.put(key, body, this.capFor(maxBytes), contentType || 'application/octet-stream');
      if (sizeBytes === 0) throw new EmptyUploadError('the upload is empty');
      signal?.throwIfAborted();
      const row = await this.db.upload.update({ where: { key }, data: { state: 'ready', sizeBytes: BigInt(sizeBytes), sha256 } });
      return toObject(row);
    } catch (err) {
      // Nothing is kept of a failed stage: the store already dropped partial bytes; drop the rest.
      await this.blobs.delete(key).catch(() => undefined);
      await this.db.upload.deleteMany({ where: { key } }).catch(() => undefined);
      throw err;
    }
  }

  /** The object `key` if it is ready, unexpired and staged on `accountId`. */
  async resolve(accountId: string, key: string): Promise<StagedObject> {
    if (!accountId || !KEY_SHAPE.test(key)) throw new UploadNotFoundError();
    const row = await this.db.upload.findFirst({ where: { key, accountId, state: 'ready', expiresAt: { gt: new Date(this.clock.now()) } } });
    if (!row) throw new UploadNotFoundError();
    return toObject(row);
  }

  /** The bytes of a resolvable object. */
  async open(accountId: string, key: string): Promise<{ object: StagedObject; body: Readable }> {
    const object = await this.resolve(accountId, key);
    try {
      return { object, body: await this.blobs.get(key) };
    } catch (err) {
      if (err instanceof BlobNotFoundError) throw new UploadNotFoundError(); // swept meanwhile
      throw err;
    }
  }

  /** Deletes an object of this account; false when there was none (unknown, expired, foreign). */
  async delete(accountId: string, key: string): Promise<boolean> {
    if (!accountId || !KEY_SHAPE.test(key)) return false;
    const { count } = await this.db.upload.deleteMany({ where: { key, accountId, state: 'ready', expiresAt: { gt: new Date(this.clock.now()) } } });
    if (count === 0) return false;
    await this.blobs.delete(key);
    return true;
  }

  /**
   * Removes objects and rows past their expiry (including pending rows of crashed stages), in
   * batches. Bytes go first: a row is only dropped once its blob is gone, so nothing is orphaned if
   * the sweep dies half way. Returns how many objects were removed.
   */
  async sweepExpired(batchSize = 500): Promise<number> {
    let removed = 0;
    for (;;) {
      const expired = await this.db.upload.findMany({ where: { expiresAt: { lte: new Date(this.clock.now()) } }, select: { key: true }, take: batchSize });
      if (expired.length === 0) return removed;
      for (const { key } of expired) {
        await this.blobs.delete(key);
        await this.db.upload.deleteMany({ where: { key } });
        removed++;
      }
      if (expired.length < batchSize) return removed;
    }
  }
}

function toObject(row: { key: string; accountId: string; contentType: string; sizeBytes: bigint; sha256: string; createdAt: Date; expiresAt: Date }): StagedObject {
  return {
    key: row.key,
    accountId: row.accountId,
    contentType: row.contentType,
    sizeBytes: Number(row.sizeBytes),
    sha256: row.sha256,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
  };
}
