import { readFile, stat } from 'node:fs/promises';
import type { DocumentInput, Exs } from '@exs/sdk';
import { fileFromPath } from '@exs/sdk/node';
import type { DocumentFetcher } from './document-fetcher.js';
import { ToolFailure } from './tool-result.js';

/** The API's inline cap (`document.bytes_base64`, 20 MiB decoded): larger documents go through an upload. */
export const INLINE_MAX_BYTES = 20 * 1024 * 1024;

/** Where a tool call's document comes from; exactly one is given. */
export interface DocumentSource {
  document_base64?: string;
  document_url?: string;
  file_path?: string;
}

export interface DocumentReaderOptions {
  /** Fetches `document_url` (the HTTP server); absent where URLs are not offered. */
  fetcher?: DocumentFetcher;
  /** Reads `file_path` (the stdio server, on the caller's own machine). */
  readFiles: boolean;
  /** Largest file read from disk (the API's 50 MiB upload cap). */
  maxBytes: number;
}

/**
 * Turns a tool call's document into the REST API's document reference: base64 passes through as is;
 * fetched or read bytes go inline up to the inline cap and through `POST /v1/uploads` above it, so a
 * document the REST API accepts is accepted here too.
 */
export class DocumentReader {
  constructor(private readonly opts: DocumentReaderOptions) {}

  async reference(source: DocumentSource, exs: Exs): Promise<DocumentInput> {
    const given = (['document_base64', 'document_url', 'file_path'] as const).filter((k) => source[k] !== undefined);
    if (given.length !== 1) throw new ToolFailure('invalid_schema', `give exactly one document source: ${this.offered().join(' or ')}`);
    if (source.document_base64 !== undefined) return { bytes_base64: source.document_base64 };
    if (source.document_url !== undefined) {
      if (!this.opts.fetcher) throw new ToolFailure('invalid_schema', 'document_url is not accepted by this server');
      return this.bytesReference(await this.opts.fetcher.fetch(source.document_url), exs);
    }
    if (!this.opts.readFiles) throw new ToolFailure('invalid_schema', 'file_path is not accepted by this server');
    return this.fileReference(source.file_path!, exs);
  }

  private offered(): string[] {
    return ['document_base64', ...(this.opts.fetcher ? ['document_url'] : []), ...(this.opts.readFiles ? ['file_path'] : [])];
  }

  private async bytesReference(bytes: Uint8Array, exs: Exs): Promise<DocumentInput> {
    if (bytes.length <= INLINE_MAX_BYTES) return { bytes };
    const upload = await exs.uploads.create(bytes);
    return { upload_key: upload.upload_key };
  }

  private async fileReference(path: string, exs: Exs): Promise<DocumentInput> {
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile()) throw new ToolFailure('unsupported_document', 'file_path is not a readable file');
    if (info.size > this.opts.maxBytes) throw new ToolFailure('document_too_large', `file_path: the file is over ${this.opts.maxBytes} bytes`);
    if (info.size > INLINE_MAX_BYTES) {
      // Streamed from disk to POST /v1/uploads instead of held in memory.
      const upload = await exs.uploads.create(await fileFromPath(path));
      return { upload_key: upload.upload_key };
    }
    const bytes = await readFile(path).catch(() => { throw new ToolFailure('unsupported_document', 'file_path is not a readable file'); });
    return this.bytesReference(bytes, exs);
  }
}
