import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, open } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { BlobNotFoundError, metered, type BlobStore, type PutResult } from './blob-store.js';

const SAFE_KEY = /^[A-Za-z0-9_-]{8,128}$/;

/**
 * Objects as files under `dir/objects/<2 chars>/<key>`. A put writes `dir/tmp/<key>.<random>.part`
 * and renames it into place only when complete, so a reader never sees a partial object and a failed
 * put leaves nothing behind.
 */
export class DiskBlobStore implements BlobStore {
  constructor(private readonly dir: string) {}

  private path(key: string): string {
    if (!SAFE_KEY.test(key)) throw new BlobNotFoundError(key);
    return join(this.dir, 'objects', key.slice(-2), key);
  }

  async put(key: string, body: AsyncIterable<Uint8Array>, maxBytes: number): Promise<PutResult> {
    const final = this.path(key);
    const tmpDir = join(this.dir, 'tmp');
    const tmp = join(tmpDir, `${key}.${randomBytes(6).toString('hex')}.part`);
    await mkdir(tmpDir, { recursive: true });
    await mkdir(join(final, '..'), { recursive: true });
    const result: PutResult = { sizeBytes: 0, sha256: '' };
    // The file is created before any byte flows: with a path, the write stream opens it asynchronously,
    // and a body failing first (over the cap, cancelled) let that open land after the clean-up below,
    // leaving an orphan .part file.
    const handle = await open(tmp, 'wx');
    try {
      await pipeline(metered(body, maxBytes, result), createWriteStream('', { fd: handle }));
      await rename(tmp, final);
      return result;
    } catch (err) {
      await handle.close().catch(() => {}); // already closed when the stream got to close it
      await rm(tmp, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<Readable> {
    const path = this.path(key);
    // Open first, so a missing file is BlobNotFoundError here rather than a stream error later.
    const handle = await open(path, 'r').catch((err: NodeJS.ErrnoException) => {
      throw err.code === 'ENOENT' ? new BlobNotFoundError(key) : err;
    });
    return createReadStream('', { fd: handle, highWaterMark: 256 * 1024 });
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async checkWritable(): Promise<void> {
    const dir = join(this.dir, 'tmp');
    await mkdir(dir, { recursive: true });
    const probe = join(dir, `.ready-${randomBytes(6).toString('hex')}`);
    try {
      const fh = await open(probe, 'wx');
      await fh.write('ok');
      await fh.close();
    } finally {
      await rm(probe, { force: true });
    }
  }
}
