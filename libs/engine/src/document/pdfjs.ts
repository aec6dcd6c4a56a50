/**
 * Loads pdf.js (legacy build, the one meant for Node) with its worker code running in this thread
 * ("fake worker"), after applying a few source patches to the worker:
 *  - a hard cap on the size of any decoded stream (a Flate/LZW "PDF bomb" fails fast instead of
 *    allocating gigabytes);
 *  - two performance fixes in text extraction: `TextState.clone()` built prototype chains
 *    (`Object.create(this)`), which turns every saved graphics state into a V8 prototype map and made
 *    text-heavy pages with many q/Q operators 2x slower; the CTM mixed Float32Array and Array, which
 *    made `Util.transform` polymorphic.
 * The patched worker is written once to a cache file (keyed by pdf.js version and patch hash) and
 * imported from there; `globalThis.pdfjsWorker` then makes pdf.js use it instead of loading its own.
 * Every patch must match exactly once, so a pdf.js upgrade that moves the code fails loudly in tests.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Largest decoded size of any single PDF stream (content, font, image, object stream). */
export const MAX_DECODED_STREAM_BYTES = 128 * 1024 * 1024;

export const STREAM_TOO_LARGE = 'EXS_STREAM_TOO_LARGE';

/**
 * pdf.js skips content streams that fail to decode (it is lenient with broken files), so an oversized
 * stream would silently yield an empty page. The patch also counts them on this global; callers compare
 * the count before and after a document to report it.
 */
const BOMB_COUNTER = '__exsPdfStreamTooLarge';

export function oversizedStreamCount(): number {
  return ((globalThis as Record<string, unknown>)[BOMB_COUNTER] as number | undefined) ?? 0;
}

interface Patch {
  find: string;
  replace: string;
}

const PATCHES: Patch[] = [
  {
    find: `  ensureBuffer(requested) {
    const buffer = this.buffer;
    if (requested <= buffer.byteLength) {
      return buffer;
    }`,
    replace: `  ensureBuffer(requested) {
    const buffer = this.buffer;
    if (requested <= buffer.byteLength) {
      return buffer;
    }
    if (requested > ${MAX_DECODED_STREAM_BYTES}) {
      globalThis.${BOMB_COUNTER} = (globalThis.${BOMB_COUNTER} || 0) + 1;
      throw new Error("${STREAM_TOO_LARGE}");
    }`,
  },
  {
    find: 'const clone = Object.assign(Object.create(this), this);\n    clone.textMatrix',
    replace: 'const clone = Object.assign(new TextState(), this);\n    clone.textMatrix',
  },
  {
    find: 'class TextState {\n  ctm = new Float32Array(IDENTITY_MATRIX);',
    replace: 'class TextState {\n  ctm = IDENTITY_MATRIX.slice();',
  },
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type PdfJs = any;

let loading: Promise<PdfJs> | undefined;

function patchedWorkerPath(): string {
  const require = createRequire(import.meta.url);
  const pkgPath = require.resolve('pdfjs-dist/package.json');
  const version = JSON.parse(readFileSync(pkgPath, 'utf8')).version as string;
  const workerSrc = join(dirname(pkgPath), 'legacy', 'build', 'pdf.worker.mjs');
  const patchHash = createHash('sha256').update(JSON.stringify(PATCHES)).digest('hex').slice(0, 12);
  const dir = join(tmpdir(), 'exs-pdfjs');
  const target = join(dir, `pdf.worker-${version}-${patchHash}.mjs`);
  if (existsSync(target)) return target;
  let source = readFileSync(workerSrc, 'utf8');
  for (const patch of PATCHES) {
    const first = source.indexOf(patch.find);
    if (first < 0 || source.indexOf(patch.find, first + 1) >= 0) {
      throw new Error(`pdf.js ${version}: worker patch does not apply exactly once: ${patch.find.slice(0, 60)}`);
    }
    source = source.replace(patch.find, patch.replace);
  }
  mkdirSync(dir, { recursive: true });
  const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(tmp, source);
  renameSync(tmp, target);
  return target;
}

/** pdf.js main-thread API, with the patched worker installed. Loaded once per process. */
export function loadPdfJs(): Promise<PdfJs> {
  loading ??= (async () => {
    const worker = await import(pathToFileURL(patchedWorkerPath()).href);
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    // Resolved at run time so TypeScript does not type-check pdf.js's .d.mts (and the import stays lazy).
    const specifier = 'pdfjs-dist/legacy/build/pdf.mjs';
    const pdfjs = await import(specifier);
    pdfjs.GlobalWorkerOptions.workerSrc = pathToFileURL(patchedWorkerPath()).href;
    return pdfjs;
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
