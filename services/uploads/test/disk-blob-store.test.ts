import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DiskBlobStore } from '../src/blobs/disk-blob-store.js';

let dir: string;
beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'exs-disk-store-')); });
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const partFiles = () => readdirSync(join(dir, 'tmp'));

async function* failingAt(bytesBeforeFailure: number): AsyncIterable<Uint8Array> {
  if (bytesBeforeFailure > 0) yield new Uint8Array(bytesBeforeFailure);
  throw new Error('client cancelled');
}

test('a put whose body fails before its first byte leaves no partial file', async () => {
  const store = new DiskBlobStore(dir);
  // Many times over: the orphan came from a race between opening the file and cleaning up.
  for (let i = 0; i < 100; i++) await expect(store.put(`key_${String(i).padStart(8, '0')}`, failingAt(0), 1024)).rejects.toThrow('client cancelled');
  await new Promise((r) => setTimeout(r, 50)); // an open still in flight would have created its file by now
  expect(partFiles()).toEqual([]);
});

test('a put over the cap leaves no partial file', async () => {
  const store = new DiskBlobStore(dir);
  for (let i = 0; i < 50; i++) await expect(store.put(`over_${String(i).padStart(8, '0')}`, failingAt(2048), 1024)).rejects.toThrow();
  await new Promise((r) => setTimeout(r, 50));
  expect(partFiles()).toEqual([]);
});

test('a complete put is readable and leaves no partial file', async () => {
  const store = new DiskBlobStore(dir);
  async function* body() { yield Buffer.from('hello'); }
  await expect(store.put('complete_key', body(), 1024)).resolves.toMatchObject({ sizeBytes: 5 });
  const chunks: Buffer[] = [];
  for await (const c of await store.get('complete_key')) chunks.push(c as Buffer);
  expect(Buffer.concat(chunks).toString()).toBe('hello');
  expect(partFiles()).toEqual([]);
});
