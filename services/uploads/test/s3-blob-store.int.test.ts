// The S3 store against a real S3-compatible server: moto (PyPI `moto[server]`), installed by
// `bash services/uploads/scripts/install-moto.sh`. Without it these tests are skipped, loudly.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Readable } from 'node:stream';
import { status } from '@grpc/grpc-js';
import { HeadObjectCommand, ListMultipartUploadsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { getFreePort, waitUntil, isPortOpen } from '@exs/devinfra';
import { ObjectTooLargeError, BlobNotFoundError } from '../src/blobs/blob-store.js';
import { S3BlobStore } from '../src/blobs/s3-blob-store.js';
import { freshDatabase, MiB, startUploads, type RunningUploads } from './support.js';

const MOTO = fileURLToPath(new URL('../../../.tools/moto-venv/bin/moto_server', import.meta.url));
const haveMoto = existsSync(MOTO);
if (!haveMoto) console.warn(`S3 store tests skipped: ${MOTO} missing (bash services/uploads/scripts/install-moto.sh)`);
const describeS3 = haveMoto ? describe : describe.skip;

/** Tests moving many MiB get room on a loaded 2-core machine. */
const BIG_TEST_MS = 60_000;
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const chunks = (b: Buffer, step = 256 * 1024) => Readable.from((function* () { for (let i = 0; i < b.length; i += step) yield b.subarray(i, i + step); })());
const readAll = async (r: Readable) => { const parts: Buffer[] = []; for await (const c of r) parts.push(c as Buffer); return Buffer.concat(parts); };

describeS3('S3 blob store against moto', () => {
  let moto: ChildProcess;
  let endpoint: string;
  let store: S3BlobStore;
  const bucket = 'exs-uploads-test';
  const keys = async () => ((await store.client.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((o) => o.Key);
  const openMultiparts = async () => ((await store.client.send(new ListMultipartUploadsCommand({ Bucket: bucket }))).Uploads ?? []).length;

  beforeAll(async () => {
    const port = await getFreePort();
    moto = spawn(MOTO, ['-H', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
    endpoint = `http://127.0.0.1:${port}`;
    await waitUntil(() => isPortOpen(port), 20_000);
    store = new S3BlobStore({ endpoint, region: 'us-east-1', bucket, accessKeyId: 'test', secretAccessKey: 'test', forcePathStyle: true });
    await store.ensureBucket();
  }, 30_000);
  afterAll(async () => {
    store?.close();
    moto?.kill('SIGTERM');
  });

  it('round-trips an object through put, get and delete', async () => {
    const key = `upl_${randomUUID()}`;
    const bytes = randomBytes(300_000);
    expect(await store.put(key, chunks(bytes), 10 * MiB, 'application/pdf')).toEqual({ sizeBytes: bytes.length, sha256: sha256(bytes) });
    expect(sha256(await readAll(await store.get(key)))).toBe(sha256(bytes));
    await store.delete(key);
    await expect(store.get(key)).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('stores a multipart object of exactly the cap', async () => {
    const key = `upl_${randomUUID()}`;
    const bytes = randomBytes(12 * MiB);
    await store.put(key, chunks(bytes), 12 * MiB, 'application/pdf');
    expect((await store.client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).ContentLength).toBe(12 * MiB);
  }, BIG_TEST_MS);

  it('fails a multipart put one byte over the cap, leaving no object and no open multipart upload', async () => {
    const key = `upl_${randomUUID()}`;
    await expect(store.put(key, chunks(randomBytes(12 * MiB + 1)), 12 * MiB, 'application/pdf')).rejects.toBeInstanceOf(ObjectTooLargeError);
    expect(await keys()).not.toContain(key);
    expect(await openMultiparts()).toBe(0);
  }, BIG_TEST_MS);

  it('fails a single-part put one byte over the cap, leaving no object', async () => {
    const key = `upl_${randomUUID()}`;
    await expect(store.put(key, chunks(randomBytes(1001)), 1000, 'application/pdf')).rejects.toBeInstanceOf(ObjectTooLargeError);
    expect(await keys()).not.toContain(key);
  });

  it('reports writable', async () => {
    await expect(store.checkWritable()).resolves.toBeUndefined();
  });

  describe('the service on UPLOADS_STORE=s3', () => {
    let svc: RunningUploads;
    let dropDb: () => Promise<void>;
    beforeAll(async () => {
      const db = await freshDatabase('exs_uploads_s3_test');
      dropDb = db.drop;
      svc = await startUploads({
        DATABASE_URL: db.url, UPLOADS_STORE: 's3', S3_ENDPOINT: endpoint, S3_BUCKET: 'exs-uploads-svc',
        S3_ACCESS_KEY_ID: 'test', S3_SECRET_ACCESS_KEY: 'test', S3_CREATE_BUCKET: 'true',
      });
    }, BIG_TEST_MS);
    afterAll(async () => { await svc?.close(); await dropDb?.(); });

    it('stages and reads back a document', async () => {
      const account = `acct_${randomUUID()}`;
      const bytes = randomBytes(6 * MiB + 5);
      const { uploadKey, sha256: digest } = await svc.client.stage(account, bytes);
      expect(digest).toBe(sha256(bytes));
      expect(sha256(await svc.client.read(account, uploadKey))).toBe(sha256(bytes));
    }, BIG_TEST_MS);

    it('rejects 50 MiB + 1 byte with RESOURCE_EXHAUSTED', async () => {
      await expect(svc.client.stage(`acct_${randomUUID()}`, Buffer.alloc(50 * MiB + 1), { chunkBytes: MiB })).rejects.toMatchObject({ code: status.RESOURCE_EXHAUSTED });
    }, BIG_TEST_MS);

    it('reports ready', async () => {
      expect((await fetch(`${svc.httpUrl}/healthz/ready`)).status).toBe(200);
    });
  });
});
