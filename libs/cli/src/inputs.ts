/**
 * The files a command sends: the schema (JSON) and the document (a path, or `-` for stdin). Each is read
 * with a bound, and each failure is exit 3 with a static message naming the file as the user wrote it.
 */
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { fileFromPath } from '@exs/sdk/node';
import type { DocumentInput, Exs, JsonSchema, UploadProgress } from '@exs/sdk';
import { CliError, ExitCode } from './exit-codes.js';

const MiB = 1024 * 1024;
/** The API's largest document (an upload; inline documents are capped at 20 MiB). */
export const DOCUMENT_MAX_BYTES = 50 * MiB;
/**
 * Documents up to this size travel inline in the request (one call); larger ones are staged with
 * `POST /v1/uploads` first (streamed from disk, with progress, and without base64's third more bytes).
 */
export const INLINE_MAX_BYTES = 1 * MiB;
/** The API takes a schema of 512 KiB (compact); a file may add whitespace, but not this much. */
export const SCHEMA_MAX_BYTES = 4 * MiB;

export interface Document {
  /** For messages and progress: the file's base name, or `stdin`. */
  name: string;
  size: number;
  blob: Blob;
}

const invalid = (message: string) => new CliError(ExitCode.invalidInput, message);

/** Why a file could not be opened, in words that do not depend on the platform's error text. */
function unreadable(file: string, err: unknown): CliError {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return invalid(`${file}: no such file`);
  if (code === 'EACCES' || code === 'EPERM') return invalid(`${file}: permission denied`);
  return invalid(`${file}: cannot be read`);
}

async function regularFile(file: string, limit: number, what: string): Promise<number> {
  let info;
  try {
    info = await stat(file);
  } catch (err) {
    throw unreadable(file, err);
  }
  if (!info.isFile()) throw invalid(`${file}: not a file`);
  if (info.size > limit) throw invalid(`${file}: larger than ${limit / MiB} MiB, the limit for ${what}`);
  return info.size;
}

/** All of `stream`, or exit 3 once it passes `limit` bytes (without reading the rest). */
export async function readBounded(stream: AsyncIterable<Uint8Array | string>, limit: number, what: string): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    size += buffer.length;
    if (size > limit) throw invalid(`${what} is larger than ${limit / MiB} MiB, the limit for a document`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, size);
}

export async function readSchema(file: string): Promise<JsonSchema> {
  await regularFile(file, SCHEMA_MAX_BYTES, 'a schema file');
  let text;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw unreadable(file, err);
  }
  let schema: unknown;
  try {
    schema = JSON.parse(text);
  } catch {
    throw invalid(`${file}: not valid JSON`);
  }
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) throw invalid(`${file}: a schema must be a JSON object`);
  return schema as JsonSchema;
}

export async function openDocument(file: string, stdin: AsyncIterable<Uint8Array | string>, limit = DOCUMENT_MAX_BYTES): Promise<Document> {
  if (file === '-') {
    const bytes = await readBounded(stdin, limit, 'standard input');
    if (bytes.length === 0) throw invalid('standard input is empty');
    return { name: 'stdin', size: bytes.length, blob: new Blob([bytes as Uint8Array<ArrayBuffer>]) };
  }
  const size = await regularFile(file, limit, 'a document');
  if (size === 0) throw invalid(`${file}: the file is empty`);
  return { name: basename(file), size, blob: await fileFromPath(file) };
}

/**
 * The request's `document`: inline bytes up to `inlineMax`, otherwise an upload streamed first (with
 * `onProgress` telling how far it is).
 */
export async function documentInput(
  exs: Exs,
  document: Document,
  onProgress: (progress: UploadProgress) => void,
  inlineMax = INLINE_MAX_BYTES,
): Promise<DocumentInput> {
  if (document.size <= inlineMax) return { bytes: new Uint8Array(await document.blob.arrayBuffer()) };
  const upload = await exs.uploads.create(document.blob, { onProgress });
  return { upload_key: upload.upload_key };
}
