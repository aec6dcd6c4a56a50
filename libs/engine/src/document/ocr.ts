/**
 * OCR with Tesseract 5 (Debian's `tesseract-ocr`, installed by scripts/install-os-deps.sh): one
 * single-threaded `tesseract` process per page, at most one per core at a time.
 *
 * Per page: decode (sharp, EXIF orientation applied, pixel cap), greyscale, deskew (projection profile,
 * within +-6 degrees), recognise with `--psm 6` (one uniform block: keeps receipt/invoice tokens
 * together). When that pass reads poorly, orientation detection (`--psm 0`) decides whether the page
 * is turned by 90/180/270 degrees; the page is then rotated and recognised again and the better pass
 * is kept. Upright pages, the common case, pay nothing for orientation.
 *
 * A page that still reads poorly is read again with its contrast stretched (faint scans). A second recognition
 * pass with automatic page segmentation (`--psm 3`) reads the same upright image; where it reads a word's
 * box differently, the primary word keeps that reading as `alt` (same box), for type-aware repair in
 * extraction. When that pass scores clearly higher (forms, letterheads: see AUTO_SEGMENTATION_GAIN) it becomes
 * the reading instead, put into rows, and psm 6 supplies the alternatives. The second pass runs alongside the
 * first (the pool has one slot per core), on pages up to `altMaxPixels` only (its CPU cost grows with the page).
 *
 * On the same pages, date and total lines on which the two passes disagree are read once more as upscaled crops,
 * stacked into one image for one extra Tesseract run (see line-rereads.ts): a third reading of their words
 * (`reread`) that breaks the tie.
 *
 * Language: pages are read with the English model, or with the model of the language of the document's text layer
 * when it has one (`languageHint`). The words read tell the page's language (language.ts, from function words); a
 * page clearly in another of the engine's languages is read once more with that language's model plus English
 * (`-l deu+eng`: names, e-mail addresses and product names in English stay readable), and the reading Tesseract is
 * surer of is kept. English pages, and pages too terse to tell, pay nothing. Script detection (`--psm 0`) is not
 * used for this: every supported language is written in Latin script, so it could not tell them apart.
 *
 * Scanned PDF pages of ~200 to 300 dpi are rendered at the scan's own resolution (see scanRenderDpi):
 * resampling a bilevel fax to 300 dpi blurs its edges and costs recall.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import sharp from 'sharp';
import { EngineError } from '../errors.js';
import { usableCpus } from '../cpus.js';
import { sharedSlots } from '../shared-slots.js';
import { languageOf, type LanguageCode } from '../knowledge/languages/index.js';
import { guessLanguage } from './language.js';
import type { RawLine, RawWord } from './layout.js';
import { attachRereads, chooseRereads, stackLines, unstack, type RereadChoice } from './line-rereads.js';
import { tesseractSettings, type TesseractOptions, type TesseractSettings } from './tesseract-options.js';

export interface OcrResult {
  /** Size of the (upright) image the boxes refer to. */
  width: number;
  height: number;
  lines: RawLine[];
  wordCount: number;
  /** Degrees the source was turned clockwise to read it (0, 90, 180, 270, plus any deskew). */
  rotation: number;
  /** Mean word confidence 0..1 of the kept pass. */
  meanConfidence: number;
  /** Whether orientation detection ran (the upright pass read poorly). */
  orientationChecked: boolean;
  /** The language the page's words are in, when they tell it clearly (see language.ts). */
  language?: LanguageCode;
  /** Tesseract languages of the kept reading ('eng', 'deu+eng', ...); unset when nothing was read. */
  model?: string;
}

/** Largest image OCR decodes, in pixels (checked from headers before this point as well). */
export const MAX_OCR_PIXELS = 40_000_000;
/** Rendering resolution for PDF pages without a usable text layer. */
export const RENDER_DPI = 300;
/**
 * Scans from this resolution up to RENDER_DPI are rendered at their own (see scanRenderDpi); a little under 200,
 * so that a 200-dpi scan placed slightly larger than its nominal size still counts.
 */
export const SCAN_MIN_DPI = 190;

/**
 * Resolution to render a scanned PDF page at, given the resolution of the scan it shows: the scan's own when
 * it is between SCAN_MIN_DPI and RENDER_DPI. Resampling a 204-dpi fax to 300 dpi adds no detail, only
 * interpolation blur on its hard black-and-white edges, which Tesseract reads worse (broken and merged
 * glyphs). Coarser images are rendered at RENDER_DPI as before: small print in them needs the upsampling,
 * and a low-resolution picture may be only the background under vector text. Finer scans and pages without a
 * known source resolution (vector drawings) are rendered at RENDER_DPI too.
 */
export function scanRenderDpi(sourceDpi?: number): number {
  if (!(sourceDpi !== undefined && Number.isFinite(sourceDpi))) return RENDER_DPI;
  return sourceDpi >= SCAN_MIN_DPI && sourceDpi < RENDER_DPI ? sourceDpi : RENDER_DPI;
}
/** A pass with a mean word confidence below this triggers orientation detection. */
const POOR_CONFIDENCE = 0.6;
/** A pass with fewer words than this (or below POOR_CONFIDENCE) is retried with stretched contrast. */
const MIN_WORDS = 12;
/** Below this, an upside-down page is tried even when orientation detection sees none. */
const VERY_POOR_CONFIDENCE = 0.45;
/** Words read with less confidence than this do not count towards the page's language (specks, noise). */
const LANGUAGE_WORD_CONFIDENCE = 0.5;
/** Least evidence (guessLanguage) of a language to read a page again in its model: two of its words. */
const MODEL_MIN_EVIDENCE = 2;
/** A reading in the page's language replaces the English one only if it keeps this share of its words. */
const LANGUAGE_MIN_WORDS = 0.9;

/**
 * The alternative pass (automatic segmentation) becomes the page's reading when its score is this many
 * times the uniform-block pass's. On forms and letterheads (boxed fields, logos, columns) psm 6 reads
 * drawings as letters and runs fields into each other, and psm 3 can read clearly more; on receipts psm 6
 * is as good or better (the scores agree within a few percent on almost all of them), so only a clear
 * margin switches.
 */
const AUTO_SEGMENTATION_GAIN = 1.15;

// ---------------------------------------------------------------------------------------------------
// Process pool: a semaphore over spawned tesseract processes, shared by all threads of the process (a
// service may run the engine on several worker threads; see shared-slots.ts).

// Sized from the CPUs this process may use (cgroup quota included), not the host's cores.
const ocrSlots = sharedSlots('ocr', usableCpus());
const running = new Set<ChildProcess>();
let generation = 0;

function runTesseract(bin: string, image: Buffer, args: string[], signal?: AbortSignal): Promise<string> {
  return (async () => {
    const release = await ocrSlots.acquire(signal);
    const gen = generation;
    try {
      if (signal?.aborted) throw signal.reason ?? new DOMException('aborted', 'AbortError');
      return await new Promise<string>((resolve, reject) => {
        const child = spawn(bin, ['stdin', 'stdout', ...args], {
          env: { ...process.env, OMP_THREAD_LIMIT: '1' },
          stdio: ['pipe', 'pipe', 'pipe'],
        });
        running.add(child);
        const out: Buffer[] = [];
        const err: Buffer[] = [];
        const onAbort = () => child.kill('SIGKILL');
        signal?.addEventListener('abort', onAbort, { once: true });
        child.stdout.on('data', (d: Buffer) => out.push(d));
        child.stderr.on('data', (d: Buffer) => err.push(d));
        child.stdin.on('error', () => undefined);
        child.on('error', (e: NodeJS.ErrnoException) => {
          reject(e.code === 'ENOENT'
            ? new EngineError('extraction_failed', 'OCR engine not installed (run scripts/install-os-deps.sh)')
            : e);
        });
        child.on('close', (code) => {
          running.delete(child);
          signal?.removeEventListener('abort', onAbort);
          if (signal?.aborted) reject(signal.reason ?? new DOMException('aborted', 'AbortError'));
          else if (gen !== generation) reject(new EngineError('extraction_failed', 'OCR was shut down'));
          else if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
          else reject(new EngineError('extraction_failed', `tesseract exited ${code}: ${Buffer.concat(err).toString('utf8').slice(0, 200)}`));
        });
        child.stdin.end(image);
      });
    } finally {
      release();
    }
  })();
}

/** How long listing the installed language data may take. */
const LIST_LANGS_TIMEOUT_MS = 10_000;
/** Per binary: the language data it has installed (asked once per process). */
const installed = new Map<string, Promise<Set<string>>>();

/**
 * The Tesseract language data `bin` has installed ('eng', 'deu', ...): `tesseract --list-langs`, once per binary
 * and process (language packs installed later are seen after a restart). A binary that cannot list them has none
 * as far as language choice goes, so pages are read as before; it is asked again next time.
 */
export function installedModels(bin: string): Promise<Set<string>> {
  let known = installed.get(bin);
  if (!known) {
    known = new Promise((resolve) => {
      execFile(bin, ['--list-langs'], { timeout: LIST_LANGS_TIMEOUT_MS, env: { ...process.env, OMP_THREAD_LIMIT: '1' } }, (err, stdout) => {
        if (err) {
          installed.delete(bin);
          resolve(new Set());
          return;
        }
        // the first line is a heading ("List of available languages in ...")
        resolve(new Set(String(stdout).split('\n').slice(1).map((l) => l.trim()).filter(Boolean)));
      });
    });
    installed.set(bin, known);
  }
  return known;
}

/**
 * The Tesseract model to read a page in `language` with: its own data plus English ('deu+eng'), when the settings
 * allow the language and its data is installed; undefined for English and for languages that cannot be read.
 */
export async function modelFor(language: LanguageCode | undefined, settings: TesseractSettings): Promise<string | undefined> {
  if (!language || language === 'en' || !settings.languages.includes(language)) return undefined;
  const data = await installedModels(settings.bin);
  const own = languageOf(language).tesseract;
  if (!data.has(own)) return undefined;
  return data.has('eng') ? `${own}+eng` : own;
}

/** Kills running OCR processes and fails queued work; later calls start afresh. */
export async function closeOcr(): Promise<void> {
  generation++;
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

// ---------------------------------------------------------------------------------------------------
// Images.

export interface Grey {
  data: Buffer;
  width: number;
  height: number;
}

function pgm(img: Grey): Buffer {
  return Buffer.concat([Buffer.from(`P5\n${img.width} ${img.height}\n255\n`, 'latin1'), img.data]);
}

async function toGrey(pipeline: ReturnType<typeof sharp>): Promise<Grey> {
  const { data, info } = await pipeline.greyscale().raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 1) {
    // greyscale() keeps an alpha channel when there is one: drop it.
    const n = info.width * info.height;
    const out = Buffer.alloc(n);
    for (let i = 0; i < n; i++) out[i] = data[i * info.channels]!;
    return { data: out, width: info.width, height: info.height };
  }
  return { data, width: info.width, height: info.height };
}

/**
 * Stretches the grey levels of a scan to the full range: the 2nd percentile becomes black and the 98th
 * white. Rescues faint receipts (light ink that Tesseract's binarisation loses); applied only to pages
 * whose first read is poor, since on pages with little ink the 2nd percentile is background.
 */
export function stretchContrast(img: Grey, low = 0.02, high = 0.98): Grey {
  const n = img.data.length;
  if (n === 0) return img;
  const hist = new Uint32Array(256);
  const step = n > 2_000_000 ? 4 : 1;
  let count = 0;
  for (let i = 0; i < n; i += step) { hist[img.data[i]!]!++; count++; }
  const pct = (p: number) => {
    let c = 0;
    for (let v = 0; v < 256; v++) { c += hist[v]!; if (c >= p * count) return v; }
    return 255;
  };
  const lo = pct(low);
  const hi = pct(high);
  if (hi - lo < 24 || (lo <= 8 && hi >= 247)) return img;
  const lut = new Uint8Array(256);
  for (let v = 0; v < 256; v++) lut[v] = Math.max(0, Math.min(255, Math.round(((v - lo) * 255) / (hi - lo))));
  const out = Buffer.alloc(n);
  for (let i = 0; i < n; i++) out[i] = lut[img.data[i]!]!;
  return { data: out, width: img.width, height: img.height };
}

async function rotateGrey(img: Grey, degrees: number): Promise<Grey> {
  return toGrey(
    sharp(img.data, { raw: { width: img.width, height: img.height, channels: 1 } })
      .rotate(degrees, { background: { r: 255, g: 255, b: 255 } }),
  );
}

/**
 * Skew angle (degrees, clockwise positive as sharp rotates) that makes text rows horizontal: the angle
 * whose row projection of dark pixels has the highest variance, on a ~1000 px wide copy.
 */
export function estimateSkew(img: Grey): number {
  const step = Math.max(1, Math.round(Math.max(img.width, img.height) / 1000));
  const w = Math.floor(img.width / step);
  const h = Math.floor(img.height / step);
  if (w < 50 || h < 50) return 0;
  const xs: number[] = [];
  const ys: number[] = [];
  // Dark pixels (below a fixed threshold relative to the page's brightness).
  let sum = 0;
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) sum += img.data[y * step * img.width + x * step]!;
  const threshold = Math.min(160, (sum / (w * h)) * 0.7);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (img.data[y * step * img.width + x * step]! < threshold) {
        xs.push(x);
        ys.push(y);
      }
    }
  }
  if (xs.length < 200 || xs.length > w * h * 0.5) return 0;
  const score = (deg: number) => {
    const t = Math.tan((deg * Math.PI) / 180);
    const bins = new Float64Array(h * 2 + w);
    const off = w;
    for (let i = 0; i < xs.length; i++) {
      // Row of the pixel once the image is rotated by -deg.
      const r = Math.round(ys[i]! - xs[i]! * t) + off;
      if (r >= 0 && r < bins.length) bins[r]!++;
    }
    let s = 0;
    for (let i = 0; i < bins.length; i++) s += bins[i]! * bins[i]!;
    return s;
  };
  let best = 0;
  let bestScore = score(0);
  for (let d = -6; d <= 6; d += 0.5) {
    if (d === 0) continue;
    const sc = score(d);
    if (sc > bestScore * 1.0001) {
      best = d;
      bestScore = sc;
    }
  }
  // Refine around the coarse optimum.
  const coarse = best;
  for (let d = coarse - 0.4; d <= coarse + 0.41; d += 0.1) {
    const sc = score(d);
    if (sc > bestScore * 1.0001) {
      best = Math.round(d * 10) / 10;
      bestScore = sc;
    }
  }
  return best;
}

/**
 * Whether text runs vertically: lines of horizontal text make the row profile of dark pixels alternate
 * strongly (lines and gaps), while sideways text does that in the column profile.
 */
export function looksSideways(img: Grey): boolean {
  const step = Math.max(1, Math.round(Math.max(img.width, img.height) / 800));
  const w = Math.floor(img.width / step);
  const h = Math.floor(img.height / step);
  if (w < 20 || h < 20) return false;
  const rows = new Float64Array(h);
  const cols = new Float64Array(w);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (img.data[y * step * img.width + x * step]! < 128) {
        rows[y]!++;
        cols[x]!++;
      }
    }
  }
  // Squared steps between neighbouring bins: large where whole text lines start and end.
  const alternation = (p: Float64Array) => {
    let diff = 0;
    for (let i = 1; i < p.length; i++) diff += (p[i]! - p[i - 1]!) ** 2;
    return diff;
  };
  return alternation(cols) > 1.3 * alternation(rows);
}

// ---------------------------------------------------------------------------------------------------
// Recognition.

export interface Pass {
  lines: RawLine[];
  words: number;
  meanConfidence: number;
  /** Sum over words of the confidence above 0.5: garbage read from a turned page scores near zero. */
  score: number;
}

export function parseTsv(tsv: string): Pass {
  const lines = new Map<string, RawWord[]>();
  let confSum = 0;
  let score = 0;
  let words = 0;
  for (const row of tsv.split('\n')) {
    const cols = row.split('\t');
    if (cols.length < 12 || cols[0] !== '5') continue;
    const text = cols.slice(11).join('\t').trim();
    const conf = Number(cols[10]);
    if (!text || !(conf >= 0)) continue;
    const left = Number(cols[6]);
    const top = Number(cols[7]);
    const key = `${cols[2]}.${cols[3]}.${cols[4]}`;
    let line = lines.get(key);
    if (!line) lines.set(key, (line = []));
    line.push({ text, x0: left, y0: top, x1: left + Number(cols[8]), y1: top + Number(cols[9]), confidence: conf / 100 });
    confSum += conf / 100;
    score += Math.max(0, conf / 100 - 0.5);
    words++;
  }
  return { lines: [...lines.values()], words, meanConfidence: words > 0 ? confSum / words : 0, score };
}

let recognitions = 0;

/** Recognition passes run by this process so far (Tesseract runs, orientation checks excluded): for tests and metrics. */
export function recognitionCount(): number {
  return recognitions;
}

/** How one page is being read: the Tesseract settings, the model, the image's resolution, the caller's signal. */
interface Reader {
  settings: TesseractSettings;
  model: string;
  dpi?: number;
  signal?: AbortSignal;
}

async function recognise(img: Grey, reader: Reader, psm = '6'): Promise<Pass> {
  recognitions++;
  const args = ['-l', reader.model, '--psm', psm];
  if (reader.dpi) args.push('--dpi', String(reader.dpi));
  args.push('tsv');
  return parseTsv(await runTesseract(reader.settings.bin, pgm(img), args, reader.signal));
}

/**
 * Attaches a second pass's readings to the primary words (in place): the second-pass words whose centres
 * fall inside a primary word's box, and that do not reach into its neighbours, are that box's other
 * reading. Only differing readings are kept.
 */
export function attachAlternatives(primary: RawLine[], second: RawLine[]): number {
  const others = second.flat().filter((w) => w.text.trim());
  others.sort((a, b) => a.y0 - b.y0);
  let attached = 0;
  for (const line of primary) {
    for (const w of line) {
      const h = Math.max(1, w.y1 - w.y0);
      const tol = 0.35 * h;
      const inside = others.filter((o) => {
        const cx = (o.x0 + o.x1) / 2;
        const cy = (o.y0 + o.y1) / 2;
        return cx >= w.x0 && cx <= w.x1 && cy >= w.y0 - 0.2 * h && cy <= w.y1 + 0.2 * h;
      });
      if (!inside.length) continue;
      if (inside.some((o) => o.x0 < w.x0 - tol || o.x1 > w.x1 + tol)) continue;
      inside.sort((a, b) => a.x0 - b.x0);
      const text = inside.map((o) => o.text).join(' ');
      if (text === w.text) continue;
      const confidence = inside.reduce((a, o) => a + o.confidence, 0) / inside.length;
      w.alt = { text, confidence };
      attached++;
    }
  }
  return attached;
}

export interface RereadOptions {
  signal?: AbortSignal;
  tesseract?: TesseractOptions;
  /** Tesseract languages to read with (default 'eng'). */
  model?: string;
  /** The lines to re-read (default: chooseRereads with the settings' rereadMaxLines). */
  chosen?: RereadChoice[];
}

/**
 * Re-reads the page's chosen lines (see chooseRereads) as upscaled crops stacked into
 * one image, in one recognition run, and attaches the readings to the words (`reread`). Returns how many
 * word groups got a reading. Optional: a failed run leaves the page as read.
 */
export async function rereadLines(img: Grey, lines: RawLine[], options: RereadOptions = {}): Promise<number> {
  const settings = tesseractSettings(options.tesseract);
  const chosen = options.chosen ?? chooseRereads(lines, img.height, settings.rereadMaxLines);
  if (!chosen.length) return 0;
  const stack = await stackLines(img, lines, chosen);
  if (!stack) return 0;
  // the stack is upscaled: no --dpi (Tesseract estimates it from the text height)
  const read = await recognise(stack.image, { settings, model: options.model ?? 'eng', signal: options.signal }, '6');
  let attached = 0;
  for (const [i, words] of unstack(read.lines, stack.placed)) attached += attachRereads(lines[i]!, words);
  return attached;
}

/** Rows whose lines are further apart than this many line heights stay separate lines (as GAP_SPLIT_EM in layout.ts). */
const ROW_SPLIT_HEIGHTS = 3;

/**
 * Puts lines read block by block into rows. Automatic page segmentation (psm 3) returns a form's boxed fields
 * and columns one block after another, so a label and the value beside it can end up far apart in the text;
 * the page model reads row by row, like the text layer and psm 6 do. Lines overlapping vertically by at least
 * half the smaller one's height share a row, left to right; neighbours in a row closer than ROW_SPLIT_HEIGHTS
 * line heights become one line, wider gaps keep separate lines that stay adjacent.
 */
export function linesToRows(lines: RawLine[]): RawLine[] {
  const boxes = lines.filter((l) => l.length > 0).map((l) => {
    let y0 = Infinity, y1 = -Infinity, x0 = Infinity, x1 = -Infinity;
    for (const w of l) {
      y0 = Math.min(y0, w.y0); y1 = Math.max(y1, w.y1); x0 = Math.min(x0, w.x0); x1 = Math.max(x1, w.x1);
    }
    return { words: l.slice().sort((a, b) => a.x0 - b.x0), x0, x1, y0, y1 };
  });
  boxes.sort((a, b) => a.y0 + a.y1 - (b.y0 + b.y1) || a.x0 - b.x0);
  type Box = (typeof boxes)[number];
  const rows: Box[][] = [];
  for (const b of boxes) {
    const h = b.y1 - b.y0;
    // Rows are searched from the most recent: a column's lines and the next column's interleave in y.
    let joined = false;
    for (let r = rows.length - 1; r >= 0 && r >= rows.length - 4; r--) {
      const row = rows[r]!;
      const fits = row.every((o) => {
        const overlap = Math.min(o.y1, b.y1) - Math.max(o.y0, b.y0);
        return overlap >= 0.5 * Math.min(h, o.y1 - o.y0) && !(Math.min(o.x1, b.x1) > Math.max(o.x0, b.x0));
      });
      if (fits) {
        row.push(b);
        joined = true;
        break;
      }
    }
    if (!joined) rows.push([b]);
  }
  const out: RawLine[] = [];
  for (const row of rows) {
    row.sort((a, b) => a.x0 - b.x0);
    let line: RawWord[] = [];
    let prev: Box | undefined;
    for (const b of row) {
      const h = Math.max(1, Math.min(b.y1 - b.y0, prev ? prev.y1 - prev.y0 : Infinity));
      if (prev && b.x0 - prev.x1 > ROW_SPLIT_HEIGHTS * h) {
        out.push(line);
        line = [];
      }
      line.push(...b.words);
      prev = b;
    }
    if (line.length > 0) out.push(line);
  }
  return out;
}

/**
 * The page's reading from the uniform-block pass (psm 6) and the automatic-segmentation pass (psm 3): the
 * uniform one, unless the other scores AUTO_SEGMENTATION_GAIN times as much, then that one put into rows.
 * Either way the other pass's readings of the same boxes become the words' alternatives.
 */
export function combinePasses(uniform: Pass, auto: Pass, options: { uniformSpells?: boolean } = {}): Pass {
  if (auto.score > uniform.score * AUTO_SEGMENTATION_GAIN) {
    const lines = linesToRows(auto.lines);
    attachAlternatives(lines, uniform.lines);
    if (options.uniformSpells) takeAccents(lines);
    return { ...auto, lines: withMissedLines(lines, uniform.lines) };
  }
  attachAlternatives(uniform.lines, auto.lines);
  const lines = withMissedLines(uniform.lines, auto.lines);
  return lines === uniform.lines ? uniform : { ...uniform, lines };
}

/** Grey level below which a pixel is ink. */
const INK = 128;

/**
 * The bands of rows (pixel rows y0..y1) where the page shows ink that no word read covers, at least `minHeights`
 * median word heights tall (large type by default: LARGE_TYPE_HEIGHTS) and dense enough to be letters (each row
 * holding at least half a word height of ink pixels, more than a table's vertical rules leave). Word boxes count
 * widened by a third of their height. At most MAX_UNREAD_BANDS, none when more than a quarter of the page is such
 * ink (a photo, a drawing).
 */
export function uncoveredInk(img: Grey, lines: RawLine[], minHeights = LARGE_TYPE_HEIGHTS): { y0: number; y1: number }[] {
  const words = lines.flat();
  if (!words.length) return [];
  const medH = medianWordHeight(lines);
  const covered = new Uint8Array(img.width * img.height);
  for (const w of words) {
    const m = (w.y1 - w.y0) / 3;
    const x0 = Math.max(0, Math.floor(w.x0 - m)), x1 = Math.min(img.width, Math.ceil(w.x1 + m));
    const y0 = Math.max(0, Math.floor(w.y0 - m)), y1 = Math.min(img.height, Math.ceil(w.y1 + m));
    for (let y = y0; y < y1; y++) covered.fill(1, y * img.width + x0, y * img.width + x1);
  }
  const bands: { y0: number; y1: number }[] = [];
  let start = -1;
  let rows = 0;
  for (let y = 0; y <= img.height; y++) {
    let ink = 0;
    if (y < img.height) for (let i = y * img.width, end = i + img.width; i < end; i++) if (img.data[i]! < INK && !covered[i]) ink++;
    if (y < img.height && ink >= medH / 2) {
      if (start < 0) start = y;
      continue;
    }
    if (start >= 0 && y - start >= minHeights * medH) {
      bands.push({ y0: start, y1: y });
      rows += y - start;
    }
    start = -1;
  }
  return bands.length <= MAX_UNREAD_BANDS && rows <= img.height / 4 ? bands : [];
}

/** The median height of the words read, in pixels (at least 4). */
function medianWordHeight(lines: RawLine[]): number {
  const hs = lines.flat().map((w) => w.y1 - w.y0).sort((a, b) => a - b);
  return Math.max(4, hs[hs.length >> 1] ?? 0);
}

/**
 * The image with every horizontal run of ink at least `minRun` pixels long painted white, and within each of the
 * `spans` of rows (the bands cut out, with their white margins) every column inked from its top to its bottom: a
 * table's rules. Cut out with the line of text between them, rules above and below it make uniform-block
 * segmentation (psm 6) read nothing at all, and a vertical rule touching a word ("|Quantidade|") makes it unsure;
 * letters hold no such runs (nor reach into a band's margins).
 */
export function withoutRules(img: Grey, minRun: number, spans: readonly { from: number; to: number }[] = []): Grey {
  const data = Buffer.from(img.data);
  for (const { from, to } of spans) {
    for (let x = 0; x < img.width; x++) {
      let y = from;
      while (y < to && data[y * img.width + x]! < INK) y++;
      if (y < to || to <= from) continue;
      for (let r = from; r < to; r++) data[r * img.width + x] = 255;
    }
  }
  for (let y = 0; y < img.height; y++) {
    const row = y * img.width;
    let start = -1;
    for (let x = 0; x <= img.width; x++) {
      if (x < img.width && data[row + x]! < INK) {
        if (start < 0) start = x;
        continue;
      }
      if (start >= 0 && x - start >= minRun) data.fill(255, row + start, row + x);
      start = -1;
    }
  }
  return { data, width: img.width, height: img.height };
}

/** How long a horizontal run of ink is, in median word heights, to be a rule rather than part of a letter. */
const RULE_RUN_HEIGHTS = 4;

/** How many median word heights a band of uncovered ink must be tall to be worth reading as large type. */
const LARGE_TYPE_HEIGHTS = 1.5;
/**
 * How many median word heights a band of uncovered ink in body type must be tall: a line of letters (x-height and
 * more), not a rule's few rows. Uniform-block segmentation (psm 6) skips such lines where rules box them in (a
 * table's header row between its rules).
 */
export const BODY_TYPE_HEIGHTS = 0.6;
/** Most bands of unread ink read on a page (letterhead, title, a table's header, a sum or two). */
const MAX_UNREAD_BANDS = 12;
/** White rows around and between the bands stacked for reading, in band heights. */
const BAND_MARGIN = 0.4;

/**
 * The words in the page's bands of unread ink (uncoveredInk), read by one Tesseract run over the bands
 * cut out at full width and stacked with white between them (a band alone is one uniform block of text, which the
 * first pass's segmentation is good at), boxes in the page's pixels. Only withMissedLines uses them.
 */
export async function unreadBandLines(img: Grey, bands: { y0: number; y1: number }[], lines: RawLine[], reader: Reader): Promise<RawLine[]> {
  const placed: { from: number; to: number; y0: number }[] = [];
  let height = 0;
  for (const b of bands) {
    const m = Math.round(BAND_MARGIN * (b.y1 - b.y0));
    const y0 = Math.max(0, b.y0 - m), y1 = Math.min(img.height, b.y1 + m);
    placed.push({ from: height + m, to: height + m + (y1 - y0), y0 });
    height += 2 * m + (y1 - y0);
  }
  const data = Buffer.alloc(img.width * height, 255);
  for (const p of placed) img.data.copy(data, p.from * img.width, p.y0 * img.width, (p.y0 + p.to - p.from) * img.width);
  const read = await recognise(withoutRules({ data, width: img.width, height }, RULE_RUN_HEIGHTS * medianWordHeight(lines), placed), reader);
  const out: RawLine[] = [];
  for (const line of read.lines) {
    const cy = (Math.min(...line.map((w) => w.y0)) + Math.max(...line.map((w) => w.y1))) / 2;
    const p = placed.find((q) => cy >= q.from && cy < q.to);
    if (p) out.push(line.map((w) => ({ text: w.text, confidence: w.confidence, x0: w.x0, x1: w.x1, y0: w.y0 - p.from + p.y0, y1: w.y1 - p.from + p.y0 })));
  }
  return out;
}

/** Least confidence of a word one pass read where the kept reading has nothing, for it to join the reading. */
const MISSED_MIN_CONFIDENCE = 0.85;
/** How much of a word's box another reading's word must cover for the word to count as read there. */
const COVERED = 0.3;

/**
 * The kept reading plus the runs of words in large type the other reading holds where the kept one read nothing:
 * uniform-block segmentation (psm 6) skips a line set in much larger type than the rest (a letterhead's name, a title
 * with the invoice number). A word joins when it is LARGE_TYPE_HEIGHTS times the kept reading's median word height,
 * read with confidence (MISSED_MIN_CONFIDENCE) and holds two letters or digits: elsewhere two readings differ on
 * noise and garbled lines more than on lines skipped. A run on the row of a kept line and near it joins that line (the
 * rest of a name read in part); any other run is a line of its own, in reading order. `kept` itself when none join.
 * With `anySize`, words of any height join: the other reading read only bands of ink the kept one left unread.
 */
export function withMissedLines(kept: RawLine[], other: RawLine[], options: { anySize?: boolean } = {}): RawLine[] {
  const boxes = kept.flat();
  if (!boxes.length) return kept;
  const hs = boxes.map((w) => w.y1 - w.y0).sort((a, b) => a - b);
  const large = options.anySize ? 0 : LARGE_TYPE_HEIGHTS * hs[hs.length >> 1]!;
  const covered = (w: RawWord) => {
    const area = Math.max(1, (w.x1 - w.x0) * (w.y1 - w.y0));
    return boxes.some((k) => Math.max(0, Math.min(k.x1, w.x1) - Math.max(k.x0, w.x0)) * Math.max(0, Math.min(k.y1, w.y1) - Math.max(k.y0, w.y0)) >= COVERED * area);
  };
  const missed: RawLine[] = [];
  for (const line of other) {
    let run: RawWord[] = [];
    for (const w of [...line, undefined]) {
      // (the coverage scan last: it compares the word with every kept word)
      if (w && w.y1 - w.y0 >= large && w.confidence >= MISSED_MIN_CONFIDENCE && /[\p{L}\p{N}].*[\p{L}\p{N}]/u.test(w.text) && !covered(w)) { run.push(w); continue; }
      if (run.length) missed.push(run);
      run = [];
    }
  }
  if (!missed.length) return kept;
  const box = (l: RawLine) => ({ x0: Math.min(...l.map((w) => w.x0)), x1: Math.max(...l.map((w) => w.x1)), y0: Math.min(...l.map((w) => w.y0)), y1: Math.max(...l.map((w) => w.y1)) });
  const out = kept.filter((l) => l.length > 0);
  const boxesOf = out.map(box);
  for (const run of missed) {
    const r = box(run);
    const h = r.y1 - r.y0;
    // a run on the row of a kept line, near it (the rest of a name the kept reading read in part), joins that line
    const row = boxesOf.findIndex((b) => {
      const overlap = Math.min(b.y1, r.y1) - Math.max(b.y0, r.y0);
      const gap = Math.max(b.x0 - r.x1, r.x0 - b.x1);
      return overlap >= 0.5 * Math.min(h, b.y1 - b.y0) && gap <= ROW_SPLIT_HEIGHTS * Math.min(h, b.y1 - b.y0);
    });
    if (row >= 0) {
      out[row] = [...out[row]!, ...run].sort((a, b) => a.x0 - b.x0);
      boxesOf[row] = box(out[row]!);
      continue;
    }
    const y = (r.y0 + r.y1) / 2;
    const at = boxesOf.findIndex((b) => (b.y0 + b.y1) / 2 > y);
    out.splice(at < 0 ? out.length : at, 0, run);
    boxesOf.splice(at < 0 ? boxesOf.length : at, 0, r);
  }
  return out;
}

const stripMarks = (t: string) => t.normalize('NFD').replace(/\p{M}/gu, '');

/**
 * Where a word of the kept reading differs from the other reading's only by accents ("Aguas" / "Águas"), the other
 * reading's spelling stands: the other was read with the model of the page's language, the kept one with English,
 * which drops most accents. The English spelling stays as the word's alternative.
 */
function takeAccents(lines: RawLine[]): void {
  for (const line of lines) {
    for (const w of line) {
      if (!w.alt || w.alt.text === w.text || stripMarks(w.alt.text) !== stripMarks(w.text) || stripMarks(w.alt.text) === w.alt.text) continue;
      const english = { text: w.text, confidence: w.confidence };
      w.text = w.alt.text;
      w.alt = english;
    }
  }
}

/** Orientation from Tesseract's OSD: clockwise degrees to rotate the image by, or 0 when unsure. */
async function detectRotation(img: Grey, reader: Reader): Promise<number> {
  let out: string;
  try {
    out = await runTesseract(reader.settings.bin, pgm(img), ['--psm', '0'], reader.signal);
  } catch (err) {
    if (err instanceof EngineError && err.detail?.startsWith('tesseract exited')) return 0; // too few characters
    throw err;
  }
  const rotate = Number(/Rotate:\s*(\d+)/.exec(out)?.[1] ?? 0);
  const confidence = Number(/Orientation confidence:\s*([\d.]+)/.exec(out)?.[1] ?? 0);
  return confidence >= 1 && [90, 180, 270].includes(rotate) ? rotate : 0;
}


/** Turns the image by a multiple of 90 degrees, then straightens the remaining skew, in one resampling. */
async function upright(src: Grey, turn: number, deskew: boolean): Promise<{ img: Grey; rotation: number }> {
  const turned = turn === 0 ? src : await rotateGrey(src, turn);
  const skew = deskew ? estimateSkew(turned) : 0;
  if (Math.abs(skew) < 0.3) return { img: turned, rotation: turn };
  return { img: await rotateGrey(src, turn - skew), rotation: turn - skew };
}

/** Longest side of the copy given to orientation detection (its cost grows with the image). */
const OSD_MAX_SIDE = 1200;

export interface OcrGreyOptions {
  /** Resolution of the image, passed to Tesseract. */
  dpi?: number;
  signal?: AbortSignal;
  /** Straighten a small skew first (default true). */
  deskew?: boolean;
  /** How Tesseract reads (binary, passes, languages); defaults in tesseract-options.ts. */
  tesseract?: TesseractOptions;
  /** Page segmentation of the alternative-reading pass ('off' for none); default tesseract.altPsm. */
  altPsm?: string;
  /** Re-read lines the passes disagree on as upscaled crops, on pages that get the alternative pass (default: tesseract.rereads, when retry is on). */
  rereads?: boolean;
  /** Language of the document's text layer, when it has one: the page is read in it from the first pass. */
  languageHint?: LanguageCode;
  /**
   * Re-read a poor first pass with stretched contrast and in other orientations (default true). Off for
   * images known to be upright and digital (an embedded image's region), where a poor read means no text.
   */
  retry?: boolean;
}

/** Words of a reading that count towards its language: those read with some confidence. */
function languageWords(lines: RawLine[]): string[] {
  return lines.flatMap((l) => l.filter((w) => w.confidence >= LANGUAGE_WORD_CONFIDENCE).map((w) => w.text));
}

/**
 * The page's language and the reading to keep: when `pass` (read with `reader.model`) is clearly in a language
 * whose model differs from the one used, the page is read again with that model (same image, psm 6) and the new
 * reading is kept if Tesseract is surer of it (higher mean word confidence) without losing words.
 */
async function readInLanguage(img: Grey, pass: Pass, reader: Reader): Promise<{ pass: Pass; model: string; language?: LanguageCode }> {
  const words = languageWords(pass.lines);
  // the page's language, as recorded (it sets the date order): clear evidence
  const language = guessLanguage(words).language;
  // the model to try: a wrong one costs one pass, and its reading is kept only when surer, so a short page (a till
  // slip's few words) is tried in the language its few words lead to
  const model = await modelFor(language ?? guessLanguage(words, { minEvidence: MODEL_MIN_EVIDENCE }).language, reader.settings);
  if (!model || model === reader.model) return { pass, model: reader.model, language };
  const again = await recognise(img, { ...reader, model });
  if (again.meanConfidence > pass.meanConfidence && again.words >= LANGUAGE_MIN_WORDS * pass.words) return { pass: again, model, language };
  return { pass, model: reader.model, language };
}

/** OCR of one greyscale page image: deskew, recognise, and fix the orientation when it reads poorly. */
export async function ocrGrey(input: Grey, options: OcrGreyOptions = {}): Promise<OcrResult> {
  const settings = tesseractSettings(options.tesseract);
  const deskew = options.deskew !== false;
  const retry = options.retry !== false;
  const altPsm = options.altPsm ?? settings.altPsm;
  const wantAlt = altPsm !== '0' && altPsm !== 'off' && input.width * input.height <= settings.altMaxPixels;
  const reader: Reader = { settings, model: (await modelFor(options.languageHint, settings)) ?? 'eng', dpi: options.dpi, signal: options.signal };
  let { img, rotation } = await upright(input, 0, deskew);
  // The alternative pass reads the same upright image in parallel; redone below if the page gets turned.
  let altJob: Promise<Pass> | undefined = wantAlt ? recognise(img, reader, altPsm) : undefined;
  altJob?.catch(() => undefined);
  const firstImg = img;
  let pass = await recognise(img, reader);
  if (retry && (pass.meanConfidence < POOR_CONFIDENCE || pass.words < MIN_WORDS)) {
    // A faint scan: read it again with its contrast stretched, keep the better read.
    const stretched = stretchContrast(img);
    if (stretched !== img) {
      const again = await recognise(stretched, reader);
      if (again.score > pass.score * 1.2 + 1) {
        pass = again;
        img = stretched;
        input = stretchContrast(input);
      }
    }
  }
  const orientationChecked = retry && (pass.meanConfidence < POOR_CONFIDENCE || pass.words < 3);
  if (orientationChecked) {
    let turns: number[];
    if (looksSideways(input)) {
      // Text runs vertically: read both ways round (OSD is unreliable on small or sparse pages).
      turns = [90, 270];
    } else {
      const side = Math.max(input.width, input.height);
      const small = side > OSD_MAX_SIDE
        ? await toGrey(sharp(input.data, { raw: { width: input.width, height: input.height, channels: 1 } })
          .resize({ width: Math.max(1, Math.round((input.width * OSD_MAX_SIDE) / side)) }))
        : input;
      const detected = await detectRotation(small, reader);
      // When OSD sees no turn but the read is very poor, upside down is the likeliest explanation.
      turns = detected !== 0 ? [detected] : pass.meanConfidence < VERY_POOR_CONFIDENCE ? [180] : [];
    }
    for (const turn of turns) {
      const candidate = await upright(input, turn, deskew);
      const second = await recognise(candidate.img, reader);
      // Garbage read from a turned page still yields many (low-confidence) words: compare confidence.
      if (second.words >= 3 && second.meanConfidence > pass.meanConfidence + 0.05) {
        pass = second;
        img = candidate.img;
        rotation = candidate.rotation;
      }
    }
  }
  const read = await readInLanguage(img, pass, reader);
  pass = read.pass;
  if (wantAlt) {
    if (img !== firstImg) {
      altJob?.catch(() => undefined);
      altJob = recognise(img, reader, altPsm);
    }
    let alt: Pass | undefined;
    try {
      alt = await altJob!;
    } catch (err) {
      if (options.signal?.aborted) throw err;
      // the alternative reading is optional
    }
    // (the alternative pass was read with the first pass's model: English, unless the page's language was known)
    if (alt) pass = combinePasses(pass, alt, { uniformSpells: read.model !== reader.model });
  } else if (altPsm !== '0' && altPsm !== 'off' && retry) {
    // a page too large for the alternative pass still gets the lines the first one skipped, in large or body type
    // (what the bands hold is unread by construction, so no word's size need vouch for it)
    try {
      const bands = uncoveredInk(img, pass.lines, BODY_TYPE_HEIGHTS);
      if (bands.length) pass = { ...pass, lines: withMissedLines(pass.lines, await unreadBandLines(img, bands, pass.lines, { ...reader, model: read.model }), { anySize: true }) };
    } catch (err) {
      if (options.signal?.aborted) throw err;
      // optional, as the alternative pass
    }
  }
  // with the alternative pass only: the re-reading is a third opinion on words the two passes read
  // differently (see votedText in ocr-repair), and large pages would break the OCR time budget
  if (wantAlt && (options.rereads ?? (settings.rereads && retry))) {
    try {
      await rereadLines(img, pass.lines, { signal: options.signal, tesseract: settings, model: read.model });
    } catch (err) {
      if (options.signal?.aborted) throw err;
      // the re-reading is optional
    }
  }
  rotation = Math.round((((rotation % 360) + 360) % 360) * 10) / 10;
  return {
    width: img.width, height: img.height, lines: pass.lines, wordCount: pass.words, rotation, meanConfidence: pass.meanConfidence,
    orientationChecked, model: read.model, ...(read.language ? { language: read.language } : {}),
  };
}

export interface OcrPageOptions {
  signal?: AbortSignal;
  /** How Tesseract reads; defaults in tesseract-options.ts. */
  tesseract?: TesseractOptions;
  /** Language of the document's text layer, when it has one (see OcrGreyOptions.languageHint). */
  languageHint?: LanguageCode;
}

/** OCR of page `page` (0-based) of an image file. The caller has checked the declared dimensions. */
export async function ocrImage(bytes: Uint8Array, format: string, page: number, options: OcrPageOptions = {}): Promise<OcrResult> {
  let img: Grey;
  try {
    img = await toGrey(
      sharp(bytes, { limitInputPixels: MAX_OCR_PIXELS, page, pages: 1, failOn: 'error', sequentialRead: true }).rotate(),
    );
  } catch (err) {
    throw new EngineError('unsupported_document', `undecodable ${format} image (${(err as Error).message.slice(0, 200)})`);
  }
  return ocrGrey(img, options);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type PdfPage = any;

/** A region of a page in PDF points (top-left origin, like text-layer boxes). */
export interface Region {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Rows of the rendered page copied out of the canvas at a time. */
const READBACK_ROWS = 256;

/**
 * Renders a PDF page, or only `region` of it, at `scale` pixels per point to greyscale. pdf.js still
 * interprets the whole page, but only the region's pixels are painted and converted. `ink` counts dark pixels.
 * `skipText` leaves text out (see the display patch in pdfjs.ts): for reading what an image shows.
 */
export async function renderPdfGrey(page: PdfPage, scale: number, region?: Region, skipText = false): Promise<Grey & { ink: number }> {
  const viewport = region
    ? page.getViewport({ scale, offsetX: -region.x0 * scale, offsetY: -region.y0 * scale })
    : page.getViewport({ scale });
  const width = Math.max(1, region ? Math.round((region.x1 - region.x0) * scale) : Math.floor(viewport.width));
  const height = Math.max(1, region ? Math.round((region.y1 - region.y0) * scale) : Math.floor(viewport.height));
  const { createCanvas } = await import('@napi-rs/canvas');
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  if (skipText) (ctx as unknown as { exsSkipText: boolean }).exsSkipText = true;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  await page.render({ canvas, canvasContext: ctx, viewport, background: '#ffffff' }).promise;
  // Read back in strips: a whole-page RGBA copy is another ~33 MiB per 300-dpi page.
  const grey = Buffer.alloc(width * height);
  let ink = 0;
  for (let y = 0; y < height; y += READBACK_ROWS) {
    const rows = Math.min(READBACK_ROWS, height - y);
    const rgba = ctx.getImageData(0, y, width, rows).data;
    for (let i = 0, j = y * width, end = (y + rows) * width; j < end; i += 4, j++) {
      const v = (rgba[i]! * 77 + rgba[i + 1]! * 150 + rgba[i + 2]! * 29) >> 8;
      grey[j] = v;
      if (v < 128) ink++;
    }
  }
  // The canvas's pixels live outside the JS heap, which V8 does not count, so they would wait for a GC that
  // nothing prompts: shrinking the canvas frees them now (~33 MiB per 300-dpi page).
  canvas.width = 1;
  canvas.height = 1;
  // The read-back strips are native buffers too, freed by finalizers that run only on a later turn of the event
  // loop: a run of blank pages (no OCR process to wait for) would otherwise pile up ~35 MiB each.
  await new Promise((resolve) => setImmediate(resolve));
  return { data: grey, width, height, ink };
}

export interface OcrPdfPageOptions extends OcrPageOptions {
  /** Resolution of the scanned image that fills the page, when there is one (see scanRenderDpi). */
  sourceDpi?: number;
}

/**
 * Renders a PDF page at scanRenderDpi (less for huge pages) and OCRs it. Boxes come back in PDF points of
 * the upright page, so they line up with the text-layer geometry.
 */
export async function ocrPdfPage(page: PdfPage, options: OcrPdfPageOptions = {}): Promise<OcrResult> {
  const base = page.getViewport({ scale: 1 });
  let scale = scanRenderDpi(options.sourceDpi) / 72;
  const pixels = base.width * base.height * scale * scale;
  if (pixels > MAX_OCR_PIXELS) scale *= Math.sqrt(MAX_OCR_PIXELS / pixels);
  let rendered;
  try {
    rendered = await renderPdfGrey(page, scale);
  } finally {
    page.cleanup();
  }
  // A blank page needs no OCR.
  if (rendered.ink < 50) return { width: base.width, height: base.height, lines: [], wordCount: 0, rotation: 0, meanConfidence: 0, orientationChecked: false };
  const result = await ocrGrey(rendered, { dpi: Math.round(72 * scale), signal: options.signal, tesseract: options.tesseract, languageHint: options.languageHint });
  const toPoints = (v: number) => v / scale;
  return {
    width: result.width / scale,
    height: result.height / scale,
    lines: result.lines.map((l) => l.map((w) => ({ ...w, x0: toPoints(w.x0), y0: toPoints(w.y0), x1: toPoints(w.x1), y1: toPoints(w.y1) }))),
    wordCount: result.wordCount,
    rotation: result.rotation,
    meanConfidence: result.meanConfidence,
    orientationChecked: result.orientationChecked,
    ...(result.model ? { model: result.model } : {}),
    ...(result.language ? { language: result.language } : {}),
  };
}
