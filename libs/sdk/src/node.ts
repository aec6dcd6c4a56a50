/**
 * Node-only helpers (`@exs/sdk/node`), kept out of the main entry so browsers never load `node:fs`.
 * A Node readable stream needs no helper: `uploads.create(fs.createReadStream(path))` streams it (once,
 * without retries); a Blob from `fileFromPath` streams from disk and can be re-sent on a retry.
 */
import { openAsBlob } from 'node:fs';

/** A file as a Blob read lazily from disk (`fs.openAsBlob`), for `uploads.create()`. */
export function fileFromPath(path: string, options: { type?: string } = {}): Promise<Blob> {
  return openAsBlob(path, { type: options.type ?? 'application/octet-stream' });
}
