import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  CreateBucketCommand, DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, NoSuchKey, PutObjectCommand, S3Client, type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { BlobNotFoundError, metered, type BlobStore, type PutResult } from './blob-store.js';

export interface S3BlobStoreOptions {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/** S3 multipart's minimum part size: the most of one object held in memory at a time. */
const PART_BYTES = 5 * 1024 * 1024;

/**
 * Objects in an S3-compatible bucket (AWS S3, MinIO, Ceph, ...). Puts stream through a multipart
 * upload one 5 MiB part at a time; when the cap is passed the multipart upload is aborted, so no
 * object and no orphaned parts remain. Objects smaller than a part go up as a single PUT.
 */
export class S3BlobStore implements BlobStore {
  readonly client: S3Client;

  constructor(private readonly opts: S3BlobStoreOptions) {
    const config: S3ClientConfig = {
      region: opts.region,
      forcePathStyle: opts.forcePathStyle,
      ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
      ...(opts.accessKeyId && opts.secretAccessKey ? { credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } } : {}),
    };
    this.client = new S3Client(config);
  }

  /** Creates the bucket when it does not exist (development and tests). */
  async ensureBucket(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.opts.bucket }));
    } catch {
      await this.client.send(new CreateBucketCommand({ Bucket: this.opts.bucket }));
    }
  }

  async put(key: string, body: AsyncIterable<Uint8Array>, maxBytes: number, contentType: string): Promise<PutResult> {
    const result: PutResult = { sizeBytes: 0, sha256: '' };
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.opts.bucket, Key: key, Body: Readable.from(metered(body, maxBytes, result)), ContentType: contentType },
      partSize: PART_BYTES,
      queueSize: 1,
      leavePartsOnError: false,
    });
    await upload.done();
    return result;
  }

  async get(key: string): Promise<Readable> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.opts.bucket, Key: key }));
      return res.Body as Readable;
    } catch (err) {
      if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') throw new BlobNotFoundError(key);
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.opts.bucket, Key: key }));
  }

  async checkWritable(): Promise<void> {
    const key = `.ready/${randomBytes(6).toString('hex')}`;
    await this.client.send(new PutObjectCommand({ Bucket: this.opts.bucket, Key: key, Body: 'ok' }));
    await this.delete(key);
  }

  close(): void {
    this.client.destroy();
  }
}
