// uploads.create({ onProgress }): the body arrives unchanged while the callback counts what fetch has read.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Exs, type UploadProgress } from '../src/index.js';
import { fileFromPath } from '../src/node.js';
import { apiError, recordingSleep, startFakeApi, type FakeApi, type Recorded, type Reply } from './support/fake-api.js';

const UPLOAD = { object: 'upload', upload_key: 'upl_Zx3kq0yX8bW2dVnR6tLmP4sQ1uHcE7aF', size_bytes: 5, sha256: '0'.repeat(64), expires_at: '2026-08-11T00:00:00.000Z' };
const BYTES = Buffer.from(Array.from({ length: 300_000 }, (_, i) => i % 256));

let api: FakeApi | undefined;
let dir: string | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

async function clientOf(reply: (req: Recorded, i: number) => Reply) {
  api = await startFakeApi(reply);
  return new Exs({ apiKey: 'exs_live_test', baseUrl: api.url, sleep: recordingSleep().sleep });
}

test('onProgress counts a file upload up to its size, and the bytes arrive unchanged', async () => {
  dir = mkdtempSync(join(tmpdir(), 'exs-sdk-'));
  const path = join(dir, 'doc.pdf');
  writeFileSync(path, BYTES);
  const exs = await clientOf(() => ({ status: 201, json: UPLOAD }));
  const seen: UploadProgress[] = [];
  await expect(exs.uploads.create(await fileFromPath(path, { type: 'application/pdf' }), { onProgress: (p) => seen.push(p) })).resolves.toEqual(UPLOAD);

  expect(api!.requests[0]!.body.equals(BYTES)).toBe(true);
  expect(api!.requests[0]!.headers['content-type']).toBe('application/pdf');
  expect(seen.length).toBeGreaterThan(1);
  expect(seen.every((p) => p.total === BYTES.length)).toBe(true);
  expect(seen.map((p) => p.loaded)).toEqual([...seen.map((p) => p.loaded)].sort((a, b) => a - b));
  expect(seen.at(-1)!.loaded).toBe(BYTES.length);
});

test('onProgress starts again from 0 on a retried attempt, which re-sends the whole body', async () => {
  const exs = await clientOf((_r, i) => (i === 0 ? apiError(503, 'provider_unavailable') : { status: 201, json: UPLOAD }));
  const seen: number[] = [];
  await expect(exs.uploads.create(new Uint8Array(BYTES), { onProgress: (p) => seen.push(p.loaded) })).resolves.toEqual(UPLOAD);

  expect(api!.requests).toHaveLength(2);
  for (const req of api!.requests) expect(req.body.equals(BYTES)).toBe(true);
  // Each attempt counts up to the size on its own (a carried-over count would pass it).
  expect(seen.every((loaded) => loaded <= BYTES.length)).toBe(true);
  expect(seen.filter((loaded) => loaded === BYTES.length)).toHaveLength(2);
  expect(seen.at(-1)).toBe(BYTES.length);
});

test('onProgress on a stream of unknown length reports what was read, with no total', async () => {
  const exs = await clientOf(() => ({ status: 201, json: UPLOAD }));
  async function* chunks() {
    yield BYTES.subarray(0, 1000);
    yield BYTES.subarray(1000, 2500);
  }
  const seen: UploadProgress[] = [];
  await exs.uploads.create(chunks(), { onProgress: (p) => seen.push(p) });
  expect(seen).toEqual([{ loaded: 1000, total: undefined }, { loaded: 2500, total: undefined }]);
  expect(api!.requests[0]!.body.equals(BYTES.subarray(0, 2500))).toBe(true);
});
