/**
 * Text that exists only as pixels inside embedded images of a digital PDF page (a footer with bank details
 * pasted in as a picture, a scanned letterhead), read by OCR and merged into the page's text layer.
 *
 * Cost is what shapes this module: a digital page is otherwise read in milliseconds, and most embedded images
 * are logos. So:
 *  - candidates come for free from text extraction (pdfjs.ts records image placements); images that are small,
 *    thin strips, drawn rotated, or already covered by text-layer words are never looked at;
 *  - only the image's region is rendered (not the page, and without the text layer's glyphs), and its pixels
 *    are checked for text before any OCR:
 *    a logo (a few display-size letters next to a graphic) is skipped, a block of body-size lettering is read;
 *  - one reading per image XObject per document (a letterhead repeated on every page is read once), with
 *    a per-document cap on how many images are looked at;
 *  - the OCR is one Tesseract pass (no deskew, orientation or contrast retries: the image is digital and upright).
 */
import type { RawLine, RawWord } from './layout.js';
import { ocrGrey, RENDER_DPI, renderPdfGrey, type Grey } from './ocr.js';
import type { TesseractOptions } from './tesseract-options.js';
import type { LanguageCode } from '../knowledge/languages/index.js';
import type { PageText, PlacedImage, Rect } from './pdf.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type PdfPage = any;

/** An embedded image covering at least this share of the page can hold text worth reading. */
const IMAGE_MIN_AREA = 0.01;
/** ... and at least this many points on its shorter side (thinner strips are rules, bars and gradients). */
const IMAGE_MIN_SIDE = 6;
/** Text-layer fragments an image may carry and still count as text-less (a caption, a stray mark). */
const IMAGE_MAX_FRAGMENTS = 2;
/** OCR words read inside such images are added when at least this confident. */
const IMAGE_WORD_CONFIDENCE = 0.5;
/** Images looked at (rendered) per document, at most; the rest are left unread. */
const MAX_IMAGE_READS = 8;
/**
 * Resolution an image region is rendered (and read) at: the image's own resolution, within these bounds.
 * Upsampling a 150-dpi picture to 300 dpi adds no detail and makes Tesseract misread some of it; below
 * ~200 dpi small text breaks apart.
 */
const REGION_MIN_DPI = 200;
const REGION_MAX_DPI = RENDER_DPI;
/** Largest rendering of one image region, in pixels (the resolution drops further past this). */
const REGION_MAX_PIXELS = 6_000_000;

/**
 * Text-likeness of an image's pixels. Glyph-sized marks: connected ink components between GLYPH_MIN_PT and
 * GLYPH_MAX_PT tall (body text from ~6 pt to ~20 pt, x-height to descender) and not much wider than tall.
 * An image is read when it shows a line or more of such glyphs (TEXT_GLYPHS), or a few of them making up most
 * of its ink (a short line of text alone, e.g. an IBAN). A logo is display-size lettering and a graphic: its
 * ink is mostly not in body-size glyphs, and its few small letters (a tagline) stay under TEXT_GLYPHS.
 */
const GLYPH_MIN_PT = 2.5;
const GLYPH_MAX_PT = 16;
const GLYPH_MIN_PX = 6;
const TEXT_GLYPHS = 40;
const FEW_GLYPHS = 12;
const GLYPH_INK_SHARE = 0.5;
/** Ink differs from the background grey by at least this much. */
const INK_CONTRAST = 80;
/** An image whose most common grey covers less than this share is a photo or texture, not lettering on a ground. */
const MIN_BACKGROUND_SHARE = 0.4;

export interface GlyphStats {
  /** Glyph-sized ink components. */
  glyphs: number;
  /** Ink pixels in glyph-sized components. */
  glyphInk: number;
  /** All ink pixels. */
  ink: number;
  /** Share of pixels at the background grey. */
  background: number;
}

/** Counts glyph-sized connected components of ink (8-connected) in a greyscale image at `pxPerPt` pixels per point. */
export function glyphStats(img: Grey, pxPerPt: number): GlyphStats {
  const { width: w, height: h, data } = img;
  const n = w * h;
  if (n === 0) return { glyphs: 0, glyphInk: 0, ink: 0, background: 0 };
  const hist = new Uint32Array(256);
  for (let i = 0; i < n; i++) hist[data[i]!]!++;
  // Background: the grey level with the most pixels within +-8 levels (antialiasing and JPEG noise spread it).
  let window = 0;
  for (let v = 0; v <= 8; v++) window += hist[v]!;
  let best = window;
  let bg = 0;
  for (let v = 1; v < 256; v++) {
    if (v + 8 < 256) window += hist[v + 8]!;
    if (v - 9 >= 0) window -= hist[v - 9]!;
    if (window > best) {
      best = window;
      bg = v;
    }
  }
  const mask = new Uint8Array(n);
  let ink = 0;
  for (let i = 0; i < n; i++) {
    if (Math.abs(data[i]! - bg) >= INK_CONTRAST) {
      mask[i] = 1;
      ink++;
    }
  }
  const minH = Math.max(GLYPH_MIN_PX, GLYPH_MIN_PT * pxPerPt);
  const maxH = GLYPH_MAX_PT * pxPerPt;
  const stack = new Int32Array(n);
  let glyphs = 0;
  let glyphInk = 0;
  for (let start = 0; start < n; start++) {
    if (mask[start] !== 1) continue;
    // Flood fill; visited pixels are marked 2.
    let top = 0;
    stack[top++] = start;
    mask[start] = 2;
    let count = 0;
    let x0 = w, y0 = h, x1 = -1, y1 = -1;
    while (top > 0) {
      const p = stack[--top]!;
      count++;
      const y = (p / w) | 0;
      const x = p - y * w;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= w) continue;
          const q = yy * w + xx;
          if (mask[q] === 1) {
            mask[q] = 2;
            stack[top++] = q;
          }
        }
      }
    }
    const ch = y1 - y0 + 1;
    const cw = x1 - x0 + 1;
    if (ch >= minH && ch <= maxH && cw <= 3 * ch) {
      glyphs++;
      glyphInk += count;
    }
  }
  return { glyphs, glyphInk, ink, background: best / n };
}

/** Whether an image's pixels show text worth reading (see TEXT_GLYPHS). */
export function looksLikeText(s: GlyphStats): boolean {
  if (s.background < MIN_BACKGROUND_SHARE) return false;
  if (s.glyphs >= TEXT_GLYPHS) return true;
  return s.glyphs >= FEW_GLYPHS && s.glyphInk >= GLYPH_INK_SHARE * s.ink;
}

const inside = (x: number, y: number, r: Rect) => x >= r.x0 && x <= r.x1 && y >= r.y0 && y <= r.y1;

/** Images on the page that may hold text of their own (see the module comment), each place once. */
export function textlessImages(t: PageText): PlacedImage[] {
  const pageArea = t.width * t.height;
  const out: PlacedImage[] = [];
  for (const r of t.images) {
    const w = r.x1 - r.x0;
    const h = r.y1 - r.y0;
    if (!r.upright || w * h < IMAGE_MIN_AREA * pageArea || Math.min(w, h) < IMAGE_MIN_SIDE) continue;
    if (out.some((o) => o.ref === r.ref && Math.abs(o.x0 - r.x0) < 1 && Math.abs(o.y0 - r.y0) < 1 && Math.abs(o.x1 - r.x1) < 1 && Math.abs(o.y1 - r.y1) < 1)) continue;
    let n = 0;
    for (const f of t.fragments) if (inside((f.x0 + f.x1) / 2, (f.y0 + f.y1) / 2, r) && ++n > IMAGE_MAX_FRAGMENTS) break;
    if (n <= IMAGE_MAX_FRAGMENTS) out.push(r);
  }
  return out;
}

/** OCR words with boxes relative to the image's full box (0..1 both ways), so a reading fits every placement. */
type UnitLine = RawWord[];

const isAbort = (err: unknown) => (err as { name?: string })?.name === 'AbortError';

/** Reads text-less images of one document's pages; holds the per-document cache and budget. */
export class ImageTextReader {
  private readonly cache = new Map<string, Promise<UnitLine[]>>();
  private reads = 0;
  private renderQueue: Promise<unknown> = Promise.resolve();
  /** Distinct images rendered and checked, and how many of those went to OCR (for tests and metrics). */
  readonly stats = { rendered: 0, recognised: 0 };

  constructor(private readonly signal?: AbortSignal, private readonly tesseract?: TesseractOptions) {}

  /**
   * OCR lines read inside `images` of the page, in page coordinates (points, top-left origin); `language` is the
   * page's (from its text layer), which the images are read in.
   */
  async read(page: PdfPage, images: PlacedImage[], language?: LanguageCode): Promise<RawLine[]> {
    const out: RawLine[] = [];
    const readings = await Promise.all(images.map((img) => this.reading(page, img, language)));
    readings.forEach((lines, i) => {
      const img = images[i]!;
      const { box } = img;
      const bw = box.x1 - box.x0;
      const bh = box.y1 - box.y0;
      for (const line of lines) {
        const placed = line
          .map((wd) => ({ ...wd, x0: box.x0 + wd.x0 * bw, x1: box.x0 + wd.x1 * bw, y0: box.y0 + wd.y0 * bh, y1: box.y0 + wd.y1 * bh }))
          .filter((wd) => inside((wd.x0 + wd.x1) / 2, (wd.y0 + wd.y1) / 2, img));
        if (placed.length > 0) out.push(placed);
      }
    });
    return out;
  }

  private reading(page: PdfPage, img: PlacedImage, language?: LanguageCode): Promise<UnitLine[]> {
    const cached = img.ref ? this.cache.get(img.ref) : undefined;
    if (cached) return cached;
    if (this.reads >= MAX_IMAGE_READS) return Promise.resolve([]);
    this.reads++;
    const job = this.readRegion(page, img, language).catch((err) => {
      if (isAbort(err) || this.signal?.aborted) throw err;
      return []; // an image that fails to render or read adds no text; the page keeps its text layer
    });
    job.catch(() => undefined);
    if (img.ref) this.cache.set(img.ref, job);
    return job;
  }

  private async readRegion(page: PdfPage, img: PlacedImage, language?: LanguageCode): Promise<UnitLine[]> {
    const w = img.x1 - img.x0;
    const h = img.y1 - img.y0;
    const native = (72 * img.pixelWidth) / Math.max(1e-6, img.box.x1 - img.box.x0);
    let scale = Math.min(REGION_MAX_DPI, Math.max(REGION_MIN_DPI, native)) / 72;
    if (w * h * scale * scale > REGION_MAX_PIXELS) scale = Math.sqrt(REGION_MAX_PIXELS / (w * h));
    // Renders run one at a time: they share the page's operator list and the main thread.
    const render = this.renderQueue.then(() => renderPdfGrey(page, scale, img, true));
    this.renderQueue = render.catch(() => undefined);
    const grey = await render;
    this.stats.rendered++;
    if (!looksLikeText(glyphStats(grey, scale))) return [];
    this.stats.recognised++;
    const r = await ocrGrey(grey, {
      dpi: Math.round(72 * scale), signal: this.signal, tesseract: this.tesseract, languageHint: language, deskew: false, altPsm: 'off', retry: false,
    });
    const { box } = img;
    const bw = box.x1 - box.x0;
    const bh = box.y1 - box.y0;
    const u = (px: number) => (img.x0 + px / scale - box.x0) / bw;
    const v = (py: number) => (img.y0 + py / scale - box.y0) / bh;
    return r.lines.map((l) => l.map((wd) => ({ ...wd, x0: u(wd.x0), x1: u(wd.x1), y0: v(wd.y0), y1: v(wd.y1) })));
  }
}

/**
 * The text layer's lines plus the OCR lines read inside text-less images (words not over text-layer words),
 * each OCR line placed in reading order by its vertical centre. Undefined when nothing is added.
 */
export function mergeImageText(layer: RawLine[], t: PageText, lines: RawLine[]): RawLine[] | undefined {
  if (lines.length === 0) return undefined;
  const overlapsLayer = (w: Rect) =>
    t.fragments.some((f) => Math.min(f.x1, w.x1) > Math.max(f.x0, w.x0) && Math.min(f.y1, w.y1) > Math.max(f.y0, w.y0));
  const key = (s: string) => s.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  const layerWords = new Set(t.fragments.map((f) => key(f.text)));
  const extra: RawLine[] = [];
  for (const line of lines) {
    const kept = line.filter((w) => w.confidence >= IMAGE_WORD_CONFIDENCE && /[\p{L}\p{N}]/u.test(w.text) && !overlapsLayer(w));
    // A line that only repeats words of the text layer (a logo spelling the company name) adds nothing.
    if (kept.length > 0 && !kept.every((w) => layerWords.has(key(w.text)))) extra.push(kept);
  }
  if (extra.length === 0) return undefined;
  const centre = (l: RawLine) => l.reduce((s, w) => s + (w.y0 + w.y1) / 2, 0) / l.length;
  const out = layer.slice();
  for (const l of extra) {
    const c = centre(l);
    let at = out.findIndex((m) => centre(m) > c);
    if (at < 0) at = out.length;
    out.splice(at, 0, l);
  }
  return out;
}
