/**
 * A Document AI `Document` (the processDocument response) as the engine's provider pages: each token becomes
 * a word (text from its text anchor, box from its bounding polygon, its confidence), grouped by the page's
 * lines. Pure and deterministic: same Document in, same pages out.
 *
 * Geometry. Boxes are taken from `normalizedVertices` (0..1 of the page), or from pixel `vertices` divided by
 * the page's `dimension` when only those are present, as the axis-aligned box around the polygon. They refer
 * to the page as sent. A page whose text Document AI reads turned (`layout.orientation` PAGE_RIGHT, PAGE_DOWN,
 * PAGE_LEFT; by majority of its tokens when the page gives none) is turned upright here, boxes with it, and
 * its rotation recorded like Tesseract's (degrees clockwise the stored page was turned to read it).
 *
 * Text. A token's text is the concatenation of its anchor's segments of `Document.text`, whose indexes count
 * Unicode code points; the trailing space or newline Document AI keeps in a token is dropped. A token with
 * inner whitespace (rare) is split into words whose boxes divide the token's width by character count.
 *
 * Confidence: the token's, else its line's, else the page's; text Document AI gives no confidence for at all
 * is taken as read (1), as a text layer is.
 */
import type { protos } from '@google-cloud/documentai';
import type { BBox, OcrProviderPage, OcrProviderWord } from '@exs/engine';

type IDocument = protos.google.cloud.documentai.v1.IDocument;
type IPage = protos.google.cloud.documentai.v1.Document.IPage;
type ILayout = protos.google.cloud.documentai.v1.Document.Page.ILayout;
type ITextAnchor = protos.google.cloud.documentai.v1.Document.ITextAnchor;

/** A converted page, numbered as in the response (Page.pageNumber, else its position, 1-based). */
export interface ConvertedPage extends OcrProviderPage {}

/** Protobuf int64 may arrive as a number, a decimal string or a Long; absent means 0 (proto3 default). */
function int(v: unknown): number {
  if (v === null || v === undefined) return 0;
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return Number(v);
  if (typeof v === 'object' && typeof (v as { toNumber?: unknown }).toNumber === 'function') return (v as { toNumber(): number }).toNumber();
  return Number(v);
}

const ORIENTATION_ROTATION: Record<string, number> = {
  // "Turn the head 90 degrees clockwise from upright to read": the text's top faces the page's right side,
  // so the page is turned 270 degrees clockwise (90 counter-clockwise) to be upright.
  PAGE_RIGHT: 270,
  PAGE_DOWN: 180,
  PAGE_LEFT: 90,
  '2': 270,
  '3': 180,
  '4': 90,
};

/** Degrees clockwise to turn a page with this orientation upright (0 for up or unknown). */
export function orientationRotation(orientation: unknown): number {
  return orientation === null || orientation === undefined ? 0 : ORIENTATION_ROTATION[String(orientation)] ?? 0;
}

function hasOrientation(layout?: ILayout | null): boolean {
  const o = layout?.orientation;
  return o !== null && o !== undefined && String(o) !== '0' && o !== 'ORIENTATION_UNSPECIFIED';
}

/** The page's rotation: its own orientation, else the one most of its tokens have (ties: the smaller angle). */
export function pageRotation(page: IPage): number {
  if (hasOrientation(page.layout)) return orientationRotation(page.layout!.orientation);
  const votes = new Map<number, number>();
  for (const t of page.tokens ?? []) {
    if (!hasOrientation(t.layout)) continue;
    const r = orientationRotation(t.layout!.orientation);
    votes.set(r, (votes.get(r) ?? 0) + 1);
  }
  let best = 0;
  let bestVotes = 0;
  for (const [r, n] of [...votes].sort((a, b) => a[0] - b[0])) {
    if (n > bestVotes) {
      best = r;
      bestVotes = n;
    }
  }
  return best;
}

/** A point (0..1 of the stored page) on the page turned `rotation` degrees clockwise. */
export function rotatePoint(x: number, y: number, rotation: number): [number, number] {
  switch (rotation) {
    case 90: return [1 - y, x];
    case 180: return [1 - x, 1 - y];
    case 270: return [y, 1 - x];
    default: return [x, y];
  }
}

const clamp01 = (v: number) => (Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0);

/**
 * The axis-aligned box (0..1, upright page) around a layout's polygon, or undefined when it has none.
 * `width`/`height` are the page's dimension, for pixel vertices.
 */
export function layoutBox(layout: ILayout | null | undefined, width: number, height: number, rotation: number): BBox | undefined {
  const poly = layout?.boundingPoly;
  let points: Array<[number, number]> = [];
  if (poly?.normalizedVertices?.length) {
    points = poly.normalizedVertices.map((v) => [clamp01(v.x ?? 0), clamp01(v.y ?? 0)]);
  } else if (poly?.vertices?.length && width > 0 && height > 0) {
    points = poly.vertices.map((v) => [clamp01((v.x ?? 0) / width), clamp01((v.y ?? 0) / height)]);
  }
  if (points.length === 0) return undefined;
  let x0 = 1, y0 = 1, x1 = 0, y1 = 0;
  for (const [px, py] of points) {
    const [x, y] = rotatePoint(px, py, rotation);
    x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
  }
  return [x0, y0, x1, y1];
}

/** Document.text, indexable by code point (as Document AI's text anchors count). */
export class DocumentText {
  private readonly codePoints?: string[];
  constructor(private readonly text: string) {
    // Only text with characters outside the BMP (surrogate pairs) counts differently in JavaScript's UTF-16.
    if (/[\uD800-\uDFFF]/.test(text)) this.codePoints = Array.from(text);
  }

  slice(start: number, end: number): string {
    return this.codePoints ? this.codePoints.slice(start, end).join('') : this.text.slice(start, end);
  }

  /** The anchor's text: its segments in order. */
  anchored(anchor: ITextAnchor | null | undefined): string {
    const segments = anchor?.textSegments ?? [];
    if (segments.length === 0) return anchor?.content ?? '';
    return segments.map((s) => this.slice(int(s.startIndex), int(s.endIndex))).join('');
  }
}

function anchorStart(anchor: ITextAnchor | null | undefined): number | undefined {
  const first = anchor?.textSegments?.[0];
  return first ? int(first.startIndex) : undefined;
}

/** One token's words: its text split at inner whitespace, the box divided by character count. */
function tokenWords(text: string, box: BBox, confidence: number): OcrProviderWord[] {
  const parts = text.split(/\s+/).filter(Boolean);
  if (parts.length === 1) return [{ text: parts[0]!, bbox: box, confidence }];
  const chars = parts.reduce((n, p) => n + p.length, 0) + (parts.length - 1);
  const [x0, y0, x1, y1] = box;
  const per = (x1 - x0) / chars;
  const words: OcrProviderWord[] = [];
  let at = 0;
  for (const p of parts) {
    words.push({ text: p, bbox: [x0 + at * per, y0, x0 + (at + p.length) * per, y1], confidence });
    at += p.length + 1;
  }
  return words;
}

const confidenceOf = (layout?: ILayout | null) => (typeof layout?.confidence === 'number' && layout.confidence > 0 ? layout.confidence : undefined);

/** One Document AI page as a provider page (numbered `number`). */
export function convertPage(page: IPage, text: DocumentText, number: number): ConvertedPage {
  const rotation = pageRotation(page);
  const width = page.dimension?.width ?? 0;
  const height = page.dimension?.height ?? 0;
  const pageConfidence = confidenceOf(page.layout);
  // Lines by the start of their text, to find the line of each token (tokens lie inside their line's text).
  const lines = (page.lines ?? [])
    .map((l, i) => ({ index: i, start: anchorStart(l.layout?.textAnchor), end: int(l.layout?.textAnchor?.textSegments?.at(-1)?.endIndex), confidence: confidenceOf(l.layout) }))
    .filter((l): l is { index: number; start: number; end: number; confidence: number | undefined } => l.start !== undefined)
    .sort((a, b) => a.start - b.start || a.index - b.index);
  const lineOf = (at: number | undefined) => {
    if (at === undefined) return undefined;
    let lo = 0, hi = lines.length - 1, found: (typeof lines)[number] | undefined;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (lines[mid]!.start <= at) {
        found = lines[mid];
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return found && at < found.end ? found : undefined;
  };
  const grouped = new Map<number, OcrProviderWord[]>();
  const loose: OcrProviderWord[][] = [];
  for (const token of page.tokens ?? []) {
    const tokenText = text.anchored(token.layout?.textAnchor).trim();
    if (!tokenText) continue;
    const box = layoutBox(token.layout, width, height, rotation);
    if (!box) continue;
    const line = lineOf(anchorStart(token.layout?.textAnchor));
    const confidence = confidenceOf(token.layout) ?? line?.confidence ?? pageConfidence ?? 1;
    const words = tokenWords(tokenText, box, confidence);
    if (line) {
      let group = grouped.get(line.index);
      if (!group) grouped.set(line.index, (group = []));
      group.push(...words);
    } else {
      // A token outside every line: a line of its own (the engine joins lines sharing a row).
      loose.push(words);
    }
  }
  const out: OcrProviderWord[][] = [];
  for (const index of [...grouped.keys()].sort((a, b) => a - b)) {
    out.push(grouped.get(index)!.sort((a, b) => a.bbox[0] - b.bbox[0]));
  }
  out.push(...loose);
  return { page: number, lines: out, rotation };
}

/** Every page of a response, numbered by Page.pageNumber (1-based), or by position when it is absent. */
export function convertDocument(document: IDocument): ConvertedPage[] {
  const text = new DocumentText(document.text ?? '');
  return (document.pages ?? []).map((p, i) => convertPage(p, text, p.pageNumber && p.pageNumber > 0 ? p.pageNumber : i + 1));
}
