/**
 * PDF access through pdf.js: opening (with limits and error mapping), page counting, the text layer as
 * positioned fragments, and rendering a page to greyscale pixels for OCR.
 */
import { EngineError } from '../errors.js';
import type { Fragment } from './layout.js';
import { CONTENT_TOO_COMPLEX, loadPdfJs, MAX_PAGE_OPERATORS, overComplexPageCount, oversizedStreamCount, pdfJsDataPaths, STREAM_TOO_LARGE, type PdfJs } from './pdfjs.js';

/** Largest image (in pixels) pdf.js may decode while rendering; larger images are skipped. */
const MAX_IMAGE_PIXELS = 50_000_000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type PdfDocument = any;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type PdfPage = any;

export interface OpenedPdf {
  doc: PdfDocument;
  numPages: number;
  close(): Promise<void>;
  /** Throws if a stream was cut off by the decoded-size cap, or a page by the operator budget, since the document was opened. */
  checkStreams(): void;
}

const tooComplex = () => new EngineError('document_too_large', `a PDF page has more than ${MAX_PAGE_OPERATORS} content operators`);

export function mapPdfError(err: unknown): EngineError {
  if (err instanceof EngineError) return err;
  const e = err as { name?: string; message?: string };
  if (e?.name === 'PasswordException') return new EngineError('unsupported_document', 'encrypted PDF needs a password');
  if (e?.message?.includes(STREAM_TOO_LARGE)) return new EngineError('document_too_large', 'a PDF stream decodes beyond the size limit');
  if (e?.message?.includes(CONTENT_TOO_COMPLEX)) return tooComplex();
  return new EngineError('unsupported_document', `unreadable PDF (${e?.name ?? 'Error'}: ${String(e?.message ?? err).slice(0, 200)})`);
}

export async function openPdf(bytes: Uint8Array): Promise<OpenedPdf> {
  const pdfjs: PdfJs = await loadPdfJs();
  const bombsBefore = oversizedStreamCount();
  const complexBefore = overComplexPageCount();
  // pdf.js takes ownership of (detaches) the buffer it is given: pass a copy, as a plain Uint8Array (it refuses a
  // Node Buffer, which callers of the library naturally pass, and a Buffer's slice() would be a view, not a copy)
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    maxImageSize: MAX_IMAGE_PIXELS,
    verbosity: 0,
    stopAtErrors: false,
    enableXfa: false,
    cMapPacked: true,
    ...pdfJsDataPaths(),
  });
  let doc: PdfDocument;
  try {
    doc = await task.promise;
  } catch (err) {
    await task.destroy().catch(() => undefined);
    throw mapPdfError(err);
  }
  const checkStreams = () => {
    if (oversizedStreamCount() !== bombsBefore) {
      throw new EngineError('document_too_large', 'a PDF stream decodes beyond the size limit');
    }
    if (overComplexPageCount() !== complexBefore) throw tooComplex();
  };
  return {
    doc,
    numPages: doc.numPages as number,
    close: () => task.destroy().catch(() => undefined),
    checkStreams,
  };
}

export interface PageText {
  width: number;
  height: number;
  fragments: Fragment[];
  /** Characters in the text layer (excluding whitespace). */
  chars: number;
  /** Characters that are unmapped glyphs, control or private-use codes. */
  badChars: number;
  /** Raster images painted on the page (at least MIN_IMAGE_PIXELS pixels each), in painting order. */
  images: PlacedImage[];
}

const isSpace = (c: number) =>
  c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) ||
  c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
const isBadChar = (c: number) => c < 9 || (c > 13 && c < 32) || c === 0xfffd || (c >= 0xe000 && c <= 0xf8ff);

/**
 * Copies of one fragment (same text at the same place, to 0.01 pt) kept per page. Fake bold and shadows draw
 * text two or three times in place; a page drawing a word 100,000 times over itself made row clustering
 * (layout.ts, quadratic in fragments overlapping within a row) run for minutes (found by fuzzing).
 */
const MAX_COPIES_IN_PLACE = 4;

export async function pageText(page: PdfPage): Promise<PageText> {
  const viewport = page.getViewport({ scale: 1 });
  const [t0, t1, t2, t3, t4, t5] = viewport.transform as [number, number, number, number, number, number];
  let content;
  try {
    content = await page.getTextContent({ includeMarkedContent: false, disableNormalization: false });
  } catch (err) {
    throw mapPdfError(err);
  }
  const styles = content.styles as Record<string, { ascent?: number; descent?: number; vertical?: boolean }>;
  const fragments: Fragment[] = [];
  let chars = 0;
  let badChars = 0;
  let pendingSpace = false;
  let seq = 0;
  const images: PlacedImage[] = [];
  const copies = new Map<string, number>();
  const vt = viewport.transform as Matrix;
  for (const item of content.items as Array<{ type?: string; str?: string; transform?: number[]; width?: number; height?: number; fontName?: string; hasEOL?: boolean }>) {
    if (item.type === 'exsImage') {
      const placed = placeImage(item, vt, viewport.width, viewport.height);
      if (placed) images.push(placed);
      continue;
    }
    const str = item.str;
    if (str === undefined || !item.transform) continue;
    let hasText = false;
    for (let i = 0; i < str.length && !hasText; i++) hasText = !isSpace(str.charCodeAt(i));
    if (!hasText) {
      if (str.length > 0 || item.hasEOL) pendingSpace = true;
      continue;
    }
    const [a, b, c, d, e, f] = item.transform as [number, number, number, number, number, number];
    const style = styles[item.fontName ?? ''];
    const vertical = style?.vertical === true;
    // Text direction u and "up" v in user space; glyph height from the font matrix.
    let fontSize = Math.hypot(c, d) || Math.hypot(a, b);
    const adv = item.width ?? 0;
    let ux: number, uy: number;
    const an = Math.hypot(a, b);
    if (vertical) {
      // Vertical writing: runs advance downwards; width holds the advance.
      ux = 0;
      uy = -1;
      fontSize = an || fontSize;
    } else if (an > 0) {
      ux = a / an;
      uy = b / an;
    } else {
      ux = 1;
      uy = 0;
    }
    const vx = -uy;
    const vy = ux;
    const ascent = style?.ascent && style.ascent > 0 && style.ascent < 1.5 ? style.ascent : 0.8;
    const descent = style?.descent && style.descent < 0 && style.descent > -1 ? style.descent : -0.2;
    const advance = vertical ? (item.height ?? 0) : adv;
    // Split the run at whitespace; positions within the run are proportional to the character index.
    const n = str.length;
    let i = 0;
    while (i < n) {
      let j = i;
      while (j < n && isSpace(str.charCodeAt(j))) j++;
      if (j > i) pendingSpace = true;
      if (j >= n) break;
      let k = j;
      let bad = 0;
      while (k < n && !isSpace(str.charCodeAt(k))) {
        if (isBadChar(str.charCodeAt(k))) bad++;
        k++;
      }
      const text = str.slice(j, k);
      const s0 = (advance * j) / n;
      const s1 = (advance * k) / n;
      // Corners of the fragment in user space, then in the viewport (top-left origin, rotation applied).
      const bx = e + ux * s0;
      const by = f + uy * s0;
      const ex = e + ux * s1;
      const ey = f + uy * s1;
      const lo = descent * fontSize;
      const hi = ascent * fontSize;
      let x0 = Infinity;
      let y0 = Infinity;
      let x1 = -Infinity;
      let y1 = -Infinity;
      for (let corner = 0; corner < 4; corner++) {
        const off = corner & 1 ? hi : lo;
        const px = (corner < 2 ? bx : ex) + vx * off;
        const py = (corner < 2 ? by : ey) + vy * off;
        const X = t0 * px + t2 * py + t4;
        const Y = t1 * px + t3 * py + t5;
        if (X < x0) x0 = X;
        if (X > x1) x1 = X;
        if (Y < y0) y0 = Y;
        if (Y > y1) y1 = Y;
      }
      // Drop text entirely outside the page (clipped or hidden off-page).
      const key = `${Math.round(x0 * 100)},${Math.round(y0 * 100)},${Math.round(x1 * 100)},${text}`;
      const seen = copies.get(key) ?? 0;
      if (seen < MAX_COPIES_IN_PLACE) copies.set(key, seen + 1);
      if (seen < MAX_COPIES_IN_PLACE && !(x1 < 0 || y1 < 0 || x0 > viewport.width || y0 > viewport.height)) {
        fragments.push({ text, x0, y0, x1, y1, size: fontSize * Math.hypot(t0, t1), spaceBefore: pendingSpace, seq: seq++ });
        chars += text.length;
        badChars += bad;
      }
      pendingSpace = false;
      i = k;
    }
    if (item.hasEOL) pendingSpace = true;
  }
  return { width: viewport.width, height: viewport.height, fragments, chars, badChars, images };
}

/** A rectangle on the page, in viewport units (top-left origin), like fragment boxes. */
export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Where the page paints a raster image (recorded by text extraction, see pdfjs.ts). */
export interface PlacedImage extends Rect {
  /** The image XObject's reference ("12R"); absent for inline images. The same ref is the same pixels. */
  ref?: string;
  /** Size of the image in its own pixels. */
  pixelWidth: number;
  pixelHeight: number;
  /** The image's full box in viewport units; the Rect itself is that box clipped to the page. */
  box: Rect;
  /** Drawn upright (not rotated or mirrored on the page), so text in it reads left to right. */
  upright: boolean;
}

/** Images under this many pixels (icons, bullets, rules) are not reported. */
const MIN_IMAGE_PIXELS = 3000;

type Matrix = [number, number, number, number, number, number];

function placeImage(item: { ref?: unknown; width?: unknown; height?: unknown; transform?: unknown }, vt: Matrix, width: number, height: number): PlacedImage | undefined {
  const w = Number(item.width);
  const h = Number(item.height);
  const m = item.transform as Matrix | undefined;
  if (!(w * h >= MIN_IMAGE_PIXELS) || !Array.isArray(m) || m.length !== 6 || !m.every(Number.isFinite)) return undefined;
  // The image fills the unit square of its user space: CTM, then the viewport transform.
  const f: Matrix = [
    m[0] * vt[0] + m[1] * vt[2], m[0] * vt[1] + m[1] * vt[3],
    m[2] * vt[0] + m[3] * vt[2], m[2] * vt[1] + m[3] * vt[3],
    m[4] * vt[0] + m[5] * vt[2] + vt[4], m[4] * vt[1] + m[5] * vt[3] + vt[5],
  ];
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const [u, v] of [[0, 0], [1, 0], [0, 1], [1, 1]] as const) {
    const X = f[0] * u + f[2] * v + f[4];
    const Y = f[1] * u + f[3] * v + f[5];
    x0 = Math.min(x0, X); y0 = Math.min(y0, Y); x1 = Math.max(x1, X); y1 = Math.max(y1, Y);
  }
  const box = { x0, y0, x1, y1 };
  const clipped = { x0: Math.max(0, x0), y0: Math.max(0, y0), x1: Math.min(width, x1), y1: Math.min(height, y1) };
  if (!(clipped.x1 > clipped.x0 && clipped.y1 > clipped.y0)) return undefined;
  // Upright: image x runs rightwards and image y (up in PDF image space) runs up the page (down in the viewport).
  const skew = Math.abs(f[1]) + Math.abs(f[2]);
  const upright = f[0] > 0 && f[3] < 0 && skew < 0.01 * (Math.abs(f[0]) + Math.abs(f[3]));
  return { ...clipped, ref: typeof item.ref === 'string' ? item.ref : undefined, pixelWidth: w, pixelHeight: h, box, upright };
}
