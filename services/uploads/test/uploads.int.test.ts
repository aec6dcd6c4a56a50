import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { status } from '@grpc/grpc-js';
import { PrismaClient } from '../src/generated/prisma/client.js';
import { UploadService } from '../src/uploads/upload.service.js';
import { FakeClock, freshDatabase, MiB, startUploads, type RunningUploads } from './support.js';

const DAY_MS = 24 * 3_600_000;
/** Tests moving 50 MiB get room on a loaded 2-core machine. */
const BIG_TEST_MS = 60_000;
const account = () => `acct_${randomUUID()}`;
/**
 * Polls `probe` until it holds (the server notices a cancel asynchronously). No bound of its own: a fixed one
 * fails a slow machine, or lets a test go on before the state it waits for; the test's Jest timeout is the bound.
 */
async function until(probe: () => Promise<boolean>): Promise<void> {
  while (!(await probe())) await new Promise((r) => setTimeout(r, 50));
}
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Every file under `dir`, recursively (objects and partial writes alike). */
function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

describe('uploads over gRPC, disk store', () => {
  const clock = new FakeClock();
  let dir: string;
  let dbUrl: string;
  let dropDb: () => Promise<void>;
  let svc: RunningUploads;
  let db: PrismaClient;
  const rows = () => db.upload.count();
  const files = () => filesUnder(dir).filter((f) => !f.includes('.ready-'));

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'exs-uploads-'));
    ({ url: dbUrl, drop: dropDb } = await freshDatabase('exs_uploads_test'));
    svc = await startUploads({ DATABASE_URL: dbUrl, UPLOADS_DIR: dir }, clock);
    db = svc.app.get(PrismaClient);
  }, BIG_TEST_MS);
  afterAll(async () => {
    await svc?.close();
    await dropDb?.();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    // Each test starts empty so "nothing kept" is observable.
    await db.upload.deleteMany({});
    rmSync(join(dir, 'objects'), { recursive: true, force: true });
  });

  describe('Stage', () => {
    it('returns an unguessable upl_ key with the size, SHA-256 and an expiry 24 hours out', async () => {
      const bytes = randomBytes(700_000);
      const res = await svc.client.stage(account(), bytes);
      expect(res.uploadKey).toMatch(/^upl_[A-Za-z0-9_-]{32}$/);
      expect(res).toMatchObject({ sizeBytes: '700000', sha256: sha256(bytes), expiresAtMs: String(clock.t + DAY_MS) });
    });

    it('accepts exactly 50 MiB', async () => {
      const bytes = Buffer.alloc(50 * MiB, 7);
      const res = await svc.client.stage(account(), bytes, { chunkBytes: MiB });
      expect(res.sizeBytes).toBe(String(50 * MiB));
    }, BIG_TEST_MS);

    it('rejects 50 MiB + 1 byte with RESOURCE_EXHAUSTED and keeps neither bytes nor metadata', async () => {
      await expect(svc.client.stage(account(), Buffer.alloc(50 * MiB + 1, 7), { chunkBytes: MiB })).rejects.toMatchObject({ code: status.RESOURCE_EXHAUSTED });
      expect(await rows()).toBe(0);
      expect(files()).toEqual([]);
    }, BIG_TEST_MS);

    it('applies a lower max_bytes from the header at its edge', async () => {
      const a = account();
      await expect(svc.client.stage(a, randomBytes(1000), { maxBytes: 1000 })).resolves.toMatchObject({ sizeBytes: '1000' });
      await expect(svc.client.stage(a, randomBytes(1001), { maxBytes: 1000 })).rejects.toMatchObject({ code: status.RESOURCE_EXHAUSTED });
    });

    it('never lets a header raise the cap above 50 MiB', async () => {
      await expect(svc.client.stage(account(), Buffer.alloc(50 * MiB + 1), { maxBytes: 100 * MiB, chunkBytes: MiB })).rejects.toMatchObject({ code: status.RESOURCE_EXHAUSTED });
    }, BIG_TEST_MS);

    it('rejects a stream whose first message is not the header with INVALID_ARGUMENT', async () => {
      await expect(svc.client.stageMessages([{ chunk: Buffer.from('abc') }])).rejects.toMatchObject({ code: status.INVALID_ARGUMENT });
      expect(await rows()).toBe(0);
    });

    it('rejects an empty upload with INVALID_ARGUMENT and keeps nothing', async () => {
      await expect(svc.client.stage(account(), Buffer.alloc(0))).rejects.toMatchObject({ code: status.INVALID_ARGUMENT });
      expect(await rows()).toBe(0);
      expect(files()).toEqual([]);
    });

    it('keeps nothing when the client cancels half way', async () => {
      const stream = svc.client.raw.Stage!.call(svc.client.raw, () => undefined);
      stream.on('error', () => undefined);
      stream.write({ header: { accountId: account(), contentType: 'application/pdf', maxBytes: '0' } });
      stream.write({ chunk: randomBytes(512 * 1024) });
      await until(async () => (await rows()) === 1); // the server has started the stage
      stream.cancel();
      await until(async () => (await rows()) === 0 && files().length === 0);
      expect(await rows()).toBe(0);
      expect(files()).toEqual([]);
    });
  });

  describe('Resolve', () => {
    it('returns the metadata of an object staged on the same account', async () => {
      const a = account();
      const bytes = randomBytes(1234);
      const { uploadKey, expiresAtMs } = await svc.client.stage(a, bytes, { contentType: 'image/png' });
      expect(await svc.client.unary('Resolve', { accountId: a, uploadKey })).toEqual({ uploadKey, sizeBytes: '1234', contentType: 'image/png', sha256: sha256(bytes), expiresAtMs });
    });

    it("answers NOT_FOUND for another account's key", async () => {
      const { uploadKey } = await svc.client.stage(account(), randomBytes(10));
      await expect(svc.client.unary('Resolve', { accountId: account(), uploadKey })).rejects.toMatchObject({ code: status.NOT_FOUND });
    });

    it('answers NOT_FOUND for an unknown key', async () => {
      await expect(svc.client.unary('Resolve', { accountId: account(), uploadKey: `upl_${'A'.repeat(32)}` })).rejects.toMatchObject({ code: status.NOT_FOUND });
    });

    it('answers NOT_FOUND for a malformed key', async () => {
      await expect(svc.client.unary('Resolve', { accountId: account(), uploadKey: '../../etc/passwd' })).rejects.toMatchObject({ code: status.NOT_FOUND });
    });

    it('resolves until the last millisecond before expiry', async () => {
      const a = account();
      const { uploadKey } = await svc.client.stage(a, randomBytes(10));
      clock.advance(DAY_MS - 1);
      await expect(svc.client.unary('Resolve', { accountId: a, uploadKey })).resolves.toMatchObject({ uploadKey });
    });

    it('answers NOT_FOUND from the moment of expiry, before any sweep', async () => {
      const a = account();
      const { uploadKey } = await svc.client.stage(a, randomBytes(10));
      clock.advance(DAY_MS);
      await expect(svc.client.unary('Resolve', { accountId: a, uploadKey })).rejects.toMatchObject({ code: status.NOT_FOUND });
    });
  });

  describe('Read', () => {
    it('streams back exactly the bytes staged', async () => {
      const a = account();
      const bytes = randomBytes(3 * MiB + 17);
      const { uploadKey } = await svc.client.stage(a, bytes);
      const back = await svc.client.read(a, uploadKey);
      expect(back.length).toBe(bytes.length);
      expect(sha256(back)).toBe(sha256(bytes));
    }, BIG_TEST_MS);

    it("answers NOT_FOUND for another account's key", async () => {
      const { uploadKey } = await svc.client.stage(account(), randomBytes(10));
      await expect(svc.client.read(account(), uploadKey)).rejects.toMatchObject({ code: status.NOT_FOUND });
    });

    it('answers NOT_FOUND for an expired key', async () => {
      const a = account();
      const { uploadKey } = await svc.client.stage(a, randomBytes(10));
      clock.advance(DAY_MS);
      await expect(svc.client.read(a, uploadKey)).rejects.toMatchObject({ code: status.NOT_FOUND });
    });
  });

  describe('Delete', () => {
    it('removes the object and its bytes; a second delete reports nothing deleted', async () => {
      const a = account();
      const { uploadKey } = await svc.client.stage(a, randomBytes(10));
      expect(await svc.client.unary('Delete', { accountId: a, uploadKey })).toEqual({ deleted: true });
      await expect(svc.client.unary('Resolve', { accountId: a, uploadKey })).rejects.toMatchObject({ code: status.NOT_FOUND });
      expect(files()).toEqual([]);
      expect(await svc.client.unary('Delete', { accountId: a, uploadKey })).toEqual({ deleted: false });
    });

    it("leaves another account's object alone", async () => {
      const a = account();
      const { uploadKey } = await svc.client.stage(a, randomBytes(10));
      expect(await svc.client.unary('Delete', { accountId: account(), uploadKey })).toEqual({ deleted: false });
      await expect(svc.client.unary('Resolve', { accountId: a, uploadKey })).resolves.toMatchObject({ uploadKey });
    });
  });

  describe('sweeper', () => {
    it('removes expired objects with their bytes and keeps the unexpired ones', async () => {
      const a = account();
      const old = await svc.client.stage(a, randomBytes(10));
      clock.advance(DAY_MS / 2);
      const young = await svc.client.stage(a, randomBytes(10));
      clock.advance(DAY_MS / 2);
      expect(await svc.app.get(UploadService).sweepExpired()).toBe(1);
      expect(await db.upload.findMany({ select: { key: true } })).toEqual([{ key: young.uploadKey }]);
      expect(files().map((f) => f.split('/').pop())).toEqual([young.uploadKey]);
      expect(old.uploadKey).not.toBe(young.uploadKey);
    });

    it('removes the leftovers of a stage that crashed (pending row and partial bytes)', async () => {
      const key = `upl_${randomBytes(24).toString('base64url')}`;
      await db.upload.create({ data: { key, accountId: account(), contentType: 'x', createdAt: new Date(clock.t), expiresAt: new Date(clock.t + 1000) } });
      const shard = join(dir, 'objects', key.slice(-2));
      rmSync(shard, { recursive: true, force: true });
      (await import('node:fs')).mkdirSync(shard, { recursive: true });
      writeFileSync(join(shard, key), 'partial');
      clock.advance(1000);
      expect(await svc.app.get(UploadService).sweepExpired()).toBe(1);
      expect(await rows()).toBe(0);
      expect(files()).toEqual([]);
    });
  });

  it('reports ready when the database answers and the blob store takes writes', async () => {
    expect((await fetch(`${svc.httpUrl}/healthz/ready`)).status).toBe(200);
  });

  describe('when the blob store cannot be written', () => {
    let broken: RunningUploads;
    let file: string;
    beforeAll(async () => {
      file = join(dir, 'not-a-directory');
      writeFileSync(file, '');
      broken = await startUploads({ DATABASE_URL: dbUrl, UPLOADS_DIR: join(file, 'uploads') }, clock);
    });
    afterAll(async () => { await broken?.close(); });

    it('reports not ready', async () => {
      const res = await fetch(`${broken.httpUrl}/healthz/ready`);
      expect(res.status).toBe(503);
      expect(JSON.stringify(await res.json())).toContain('blobStore');
    });

    it('fails Stage with UNAVAILABLE and keeps no metadata', async () => {
      await expect(broken.client.stage(account(), randomBytes(10))).rejects.toMatchObject({ code: status.UNAVAILABLE });
      expect(await rows()).toBe(0);
    });
  });
});
