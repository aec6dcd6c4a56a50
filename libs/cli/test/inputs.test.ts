// The schema and document files: read with a bound, every failure exit 3 with a static message.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Exs } from '@exs/sdk';
import { CliError, ExitCode } from '../src/exit-codes.js';
import { documentInput, openDocument, readBounded, readSchema } from '../src/inputs.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'exs-cli-inputs-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(CliError);
  expect((error as CliError).exitCode).toBe(ExitCode.invalidInput);
  return (error as CliError).message;
}

async function* chunksOf(...sizes: number[]) {
  for (const size of sizes) yield new Uint8Array(size).fill(7);
}

test('standard input of exactly the limit is read whole; one byte more is refused', async () => {
  await expect(readBounded(chunksOf(600, 424), 1024, 'standard input')).resolves.toHaveLength(1024);
  expect(await refusal(readBounded(chunksOf(600, 425), 1024, 'standard input'))).toMatch(/^standard input is larger than/);
});

test('a document file of exactly the limit is opened; one byte more is refused before anything is sent', async () => {
  writeFileSync(join(dir, 'at.pdf'), Buffer.alloc(2048));
  writeFileSync(join(dir, 'over.pdf'), Buffer.alloc(2049));
  await expect(openDocument(join(dir, 'at.pdf'), chunksOf(), 2048)).resolves.toMatchObject({ name: 'at.pdf', size: 2048 });
  expect(await refusal(openDocument(join(dir, 'over.pdf'), chunksOf(), 2048))).toContain('over.pdf: larger than');
});

test('a missing document is "no such file", naming the path as given', async () => {
  expect(await refusal(openDocument('missing/invoice.pdf', chunksOf()))).toBe('missing/invoice.pdf: no such file');
});

test('a folder, an empty file and empty standard input are refused', async () => {
  mkdirSync(join(dir, 'folder'));
  writeFileSync(join(dir, 'empty.pdf'), '');
  expect(await refusal(openDocument(join(dir, 'folder'), chunksOf()))).toBe(`${join(dir, 'folder')}: not a file`);
  expect(await refusal(openDocument(join(dir, 'empty.pdf'), chunksOf()))).toBe(`${join(dir, 'empty.pdf')}: the file is empty`);
  expect(await refusal(openDocument('-', chunksOf()))).toBe('standard input is empty');
});

test('- reads the document from standard input', async () => {
  const document = await openDocument('-', chunksOf(10, 5));
  expect(document).toMatchObject({ name: 'stdin', size: 15 });
  expect(new Uint8Array(await document.blob.arrayBuffer())).toEqual(new Uint8Array(15).fill(7));
});

test('a schema must be a file holding a JSON object', async () => {
  const write = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };
  await expect(readSchema(write('ok.json', '{"type":"object","properties":{}}'))).resolves.toEqual({ type: 'object', properties: {} });
  expect(await refusal(readSchema(join(dir, 'nope.json')))).toBe(`${join(dir, 'nope.json')}: no such file`);
  expect(await refusal(readSchema(write('bad.json', '{"type":')))).toBe(`${join(dir, 'bad.json')}: not valid JSON`);
  expect(await refusal(readSchema(write('array.json', '[]')))).toBe(`${join(dir, 'array.json')}: a schema must be a JSON object`);
});

test('a document up to the inline size travels in the request; one byte more is uploaded first', async () => {
  const uploads: number[] = [];
  const exs = { uploads: { create: async (blob: Blob) => (uploads.push(blob.size), { upload_key: 'upl_1' }) } } as unknown as Exs;
  const blob = (size: number) => ({ name: 'a.pdf', size, blob: new Blob([new Uint8Array(size)]) });
  await expect(documentInput(exs, blob(100), () => {}, 100)).resolves.toEqual({ bytes: new Uint8Array(100) });
  expect(uploads).toEqual([]);
  await expect(documentInput(exs, blob(101), () => {}, 100)).resolves.toEqual({ upload_key: 'upl_1' });
  expect(uploads).toEqual([101]);
});
