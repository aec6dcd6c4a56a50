/**
 * PDF access through pdf.js: opening (with limits and error mapping), page counting, the text layer as
 * positioned fragments, and rendering a page to greyscale pixels for OCR.
 */
import { EngineError } from '../errors.js';
import type { Fragment } from './layout.js';
import { loadPdfJs, oversizedStreamCount, pdfJsDataPaths, STREAM_TOO_LARGE, type PdfJs } from './pdfjs.js';

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
  /** Throws if a stream was cut off by the decoded-size cap since the document was opened. */
  checkStreams(): void;
}

export function mapPdfError(err: unknown): EngineError {
  if (err instanceof EngineError) return err;
  const e = err as { name?: string; message?: string };
  if (e?.name === 'PasswordException') return new EngineError('unsupported_document', 'encrypted PDF needs a password');
  if (e?.message?.includes(STREAM_TOO_LARGE)) return new EngineError('document_too_large', 'a PDF stream decodes beyond the size limit');
  return new EngineError('unsupported_document', `unreadable PDF (${e?.name ?? 'Error'}: ${String(e?.message ?? err).slice(0, 200)})`);
}

export async function openPdf(bytes: Uint8Array): Promise<OpenedPdf> {
  const pdfjs: PdfJs = await loadPdfJs();
  const bombsBefore = oversizedStreamCount();
  // pdf.js takes ownership of (detaches) the buffer it is given: pass a copy.
  const task = pdfjs.getDocument({
    data: bytes.slice(),
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
}

const isSpace = (c: number) =>
  c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) ||
  c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
const isBadChar = (c: number) => c < 9 || (c > 13 && c < 32) || c === 0xfffd || (c >= 0xe000 && c <= 0xf8ff);

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
  for (const item of content.items as Array<{ str?: string; transform?: number[]; width?: number; height?: number; fontName?: string; hasEOL?: boolean }>) {
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
      if (!(x1 < 0 || y1 < 0 || x0 > viewport.width || y0 > viewport.height)) {
        fragments.push({ text, x0, y0, x1, y1, size: fontSize * Math.hypot(t0, t1), spaceBefore: pendingSpace, seq: seq++ });
        chars += text.length;
        badChars += bad;
      }
      pendingSpace = false;
      i = k;
    }
    if (item.hasEOL) pendingSpace = true;
  }
  return { width: viewport.width, height: viewport.height, fragments, chars, badChars };
}

/** A rectangle on the page, in viewport units (top-left origin), like fragment boxes. */
export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * Where the page paints raster images (viewport units), from the operator list with the transformation
 * matrix tracked through save/restore and form XObjects. Images under `minPixels` pixels are ignored.
 */
export async function imageRects(page: PdfPage, minPixels = 3000): Promise<Rect[]> {
  const pdfjs: PdfJs = await loadPdfJs();
  const OPS = pdfjs.OPS as Record<string, number>;
  let list;
  try {
    list = await page.getOperatorList();
  } catch {
    return [];
  }
  const viewport = page.getViewport({ scale: 1 });
  const vt = viewport.transform as number[];
  type M = [number, number, number, number, number, number];
  const mul = (m: M, n: M): M => [
    m[0] * n[0] + m[1] * n[2], m[0] * n[1] + m[1] * n[3],
    m[2] * n[0] + m[3] * n[2], m[2] * n[1] + m[3] * n[3],
    m[4] * n[0] + m[5] * n[2] + n[4], m[4] * n[1] + m[5] * n[3] + n[5],
  ];
  let ctm: M = [1, 0, 0, 1, 0, 0];
  const stack: M[] = [];
  const rects: Rect[] = [];
  const fns = list.fnArray as number[];
  const args = list.argsArray as unknown[][];
  for (let i = 0; i < fns.length; i++) {
    const fn = fns[i];
    const a = args[i];
    if (fn === OPS.save) stack.push(ctm);
    else if (fn === OPS.restore) ctm = stack.pop() ?? ctm;
    else if (fn === OPS.transform && a) ctm = mul(a as M, ctm);
    else if (fn === OPS.paintFormXObjectBegin) {
      stack.push(ctm);
      const m = a?.[0] as M | undefined;
      if (Array.isArray(m) && m.length === 6) ctm = mul(m, ctm);
    } else if (fn === OPS.paintFormXObjectEnd) ctm = stack.pop() ?? ctm;
    else if (fn === OPS.paintImageXObject || fn === OPS.paintInlineImageXObject) {
      const w = fn === OPS.paintImageXObject ? Number(a?.[1]) : Number((a?.[0] as { width?: number })?.width);
      const h = fn === OPS.paintImageXObject ? Number(a?.[2]) : Number((a?.[0] as { height?: number })?.height);
      if (!(w * h >= minPixels)) continue;
      const full = mul(ctm, vt as M);
      let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
      for (const [u, v] of [[0, 0], [1, 0], [0, 1], [1, 1]] as const) {
        const X = full[0] * u + full[2] * v + full[4];
        const Y = full[1] * u + full[3] * v + full[5];
        x0 = Math.min(x0, X); y0 = Math.min(y0, Y); x1 = Math.max(x1, X); y1 = Math.max(y1, Y);
      }
      x0 = Math.max(0, x0); y0 = Math.max(0, y0); x1 = Math.min(viewport.width, x1); y1 = Math.min(viewport.height, y1);
      if (x1 > x0 && y1 > y0) rects.push({ x0, y0, x1, y1 });
    }
  }
  return rects;
}
