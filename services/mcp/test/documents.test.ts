// Where a tool call's document comes from: exactly one source; base64 passes through; a file is read from
// the caller's machine (stdio), inline up to the API's 20 MiB cap and through an upload above it, refused
// above the size limit (each limit at its edge).
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Exs } from '@exs/sdk';
import { DocumentReader, INLINE_MAX_BYTES } from '../src/documents.js';
import { ToolFailure } from '../src/tool-result.js';

let dir: string;
beforeAll(() => { dir = mkdtempSync(join(tmpdir(), 'exs-mcp-docs-')); });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An API client whose only used call, uploads.create, records what it was given. */
function fakeExs() {
  const uploaded: unknown[] = [];
  const exs = { uploads: { create: async (source: unknown) => { uploaded.push(source); return { upload_key: 'upl_1' }; } } } as unknown as Exs;
  return { exs, uploaded };
}

function fileOf(name: string, size: number): string {
  const path = join(dir, name);
  writeFileSync(path, '');
  truncateSync(path, size);
  return path;
}

async function code(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof ToolFailure) return err.code;
    throw err;
  }
  return 'none';
}

const stdio = (maxBytes = 50 * 1024 * 1024) => new DocumentReader({ readFiles: true, maxBytes });

test('exactly one document source is required', async () => {
  const { exs } = fakeExs();
  expect(await code(stdio().reference({}, exs))).toBe('invalid_schema');
  expect(await code(stdio().reference({ document_base64: 'AA==', file_path: '/x' }, exs))).toBe('invalid_schema');
});

test('base64 passes through to the API untouched', async () => {
  const { exs } = fakeExs();
  expect(await stdio().reference({ document_base64: 'JVBERi0=' }, exs)).toEqual({ bytes_base64: 'JVBERi0=' });
});

test('the HTTP server refuses a file path and the stdio server without a fetcher refuses a URL', async () => {
  const { exs } = fakeExs();
  const http = new DocumentReader({ readFiles: false, maxBytes: 100 });
  expect(await code(http.reference({ file_path: '/etc/passwd' }, exs))).toBe('invalid_schema');
  expect(await code(stdio().reference({ document_url: 'https://example.com/a.pdf' }, exs))).toBe('invalid_schema');
});

test('a file of the size limit is read; one byte more is document_too_large', async () => {
  const { exs } = fakeExs();
  expect(await stdio(10).reference({ file_path: fileOf('ten', 10) }, exs)).toEqual({ bytes: expect.any(Buffer) });
  expect(await code(stdio(10).reference({ file_path: fileOf('eleven', 11) }, exs))).toBe('document_too_large');
});

test('a file at the inline cap goes inline; one byte more goes through an upload', async () => {
  const { exs, uploaded } = fakeExs();
  const inline = await stdio().reference({ file_path: fileOf('at-cap', INLINE_MAX_BYTES) }, exs);
  expect('bytes' in inline && inline.bytes.byteLength).toBe(INLINE_MAX_BYTES);
  expect(uploaded).toEqual([]);
  expect(await stdio().reference({ file_path: fileOf('over-cap', INLINE_MAX_BYTES + 1) }, exs)).toEqual({ upload_key: 'upl_1' });
  expect(uploaded).toHaveLength(1);
  expect((uploaded[0] as Blob).size).toBe(INLINE_MAX_BYTES + 1);
});

test('a missing file or a directory is unsupported_document', async () => {
  const { exs } = fakeExs();
  expect(await code(stdio().reference({ file_path: join(dir, 'nope.pdf') }, exs))).toBe('unsupported_document');
  expect(await code(stdio().reference({ file_path: dir }, exs))).toBe('unsupported_document');
});
