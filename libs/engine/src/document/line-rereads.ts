/**
 * Targeted re-reading of the few OCR lines where the two full-page passes disagree on a date or a total. The
 * passes read every line at the page's own scale; a line printed small, faint or next to a rule can come out
 * differently in each. Such lines are cropped, upscaled (2-3x, Lanczos) and read again; the readings come back
 * as a further alternative per word group (`RawWord.reread`). Extraction uses them as a third opinion where the two page passes disagree on a word
 * (a character-by-character majority: "05/61/2018", "08/01/2018" and "05/01/2018" make "05/01/2018"); as a
 * reading of their own they found nothing the passes missed on the receipts, and read some dates of
 * neighbouring lines.
 *
 * Cost: all chosen lines of a page are stacked into one image and read by one Tesseract run (`--psm 6` on a
 * stack of separated lines reads each as its own line), so a page pays one process start plus the lines'
 * recognition, at most `rereadMaxLines` lines (tesseract-options.ts); only lines the vote can use are read (see chooseRereads).
 */
import sharp from 'sharp';
import type { RawLine, RawWord } from './layout.js';
import { TESSERACT_DEFAULTS } from './tesseract-options.js';
import { sumWords } from '../knowledge/receipts/index.js';
import { wordsPattern } from '../knowledge/document-words/index.js';

export interface GreyImage {
  data: Buffer;
  width: number;
  height: number;
}

/** Target height in pixels of a re-read line (Tesseract reads best with capitals ~30-40 px tall). */
const TARGET_HEIGHT = 48;
const MIN_SCALE = 2;
const MAX_SCALE = 3;

/** A date-shaped token: digits with separators (2 or 3 parts), or a month name between digits. */
const DATE_SHAPE = /\d{1,4}\s?[-/.]\s?(?:\d{1,2}|[A-Za-z]{3,9})\s?[-/.]\s?\d{1,4}|\b(?:date|tarikh)\b/i;
/** An amount-shaped token: decimals after digits. */
const AMOUNT_SHAPE = /\d\s?[.,]\s?\d{2}(?!\d)/;
/** Words that label a total (knowledge/receipts). */
export const TOTAL_LABEL = new RegExp(`\\b(?:${wordsPattern(sumWords('totalLine'))})\\b`, 'i');

export interface RereadChoice {
  /** Index of the line in the page's lines. */
  line: number;
  /** Priority (higher first). */
  priority: number;
}

/** A line's text with the letters OCR confuses with digits read as digits ("2O/O5/2017", "1O.OO"), for the shape tests. */
function lineText(line: RawLine): string {
  return line.map((w) => w.text).join(' ').replace(/[OoQD]/g, '0').replace(/[Il|]/g, '1').replace(/Z/g, '2').replace(/[S$]/g, '5').replace(/B/g, '8');
}

/**
 * The lines worth re-reading, best first, at most `max`: lines shaped like a date or a labelled total on which
 * the two page passes disagree about a word. Only there is a third reading used (the receipt vote); a page
 * without such a line costs no extra Tesseract run (re-reading every weak date, total, header and garbage
 * line cost ~0.6 s CPU per receipt for the same result). Deterministic: ties go to the earlier line.
 */
export function chooseRereads(lines: RawLine[], pageHeight: number, max = TESSERACT_DEFAULTS.rereadMaxLines): RereadChoice[] {
  const out: RereadChoice[] = [];
  lines.forEach((line, i) => {
    if (!line.length) return;
    if (!line.some((w) => w.alt && w.alt.text !== w.text)) return;
    const text = line.map((x) => x.text).join(' ');
    if (text.replace(/[^A-Za-z0-9]/g, '').length < 3) return;
    const shaped = lineText(line);
    const date = DATE_SHAPE.test(shaped) || line.some((w) => w.alt && DATE_SHAPE.test(w.alt.text));
    const amount = AMOUNT_SHAPE.test(shaped) && TOTAL_LABEL.test(text);
    if (!date && !amount) return;
    const mean = line.reduce((a, w) => a + w.confidence, 0) / line.length;
    out.push({ line: i, priority: (date ? 3 : 2.5) + (1 - mean) });
  });
  out.sort((a, b) => b.priority - a.priority || a.line - b.line);
  return out.slice(0, max);
}

interface Placed {
  line: number;
  /** Crop in page pixels. */
  x0: number;
  y0: number;
  /** Where the upscaled crop sits in the stack. */
  top: number;
  height: number;
  scale: number;
}

/**
 * Builds the stacked image of the chosen lines: each line's box padded (a third of its height around, so
 * that descenders and faint edges are in), upscaled by TARGET_HEIGHT / line height (within 2x-3x, Lanczos),
 * placed left-aligned one under the other with a line's height of white between.
 */
export async function stackLines(img: GreyImage, lines: RawLine[], chosen: RereadChoice[]): Promise<{ image: GreyImage; placed: Placed[] } | undefined> {
  const parts: { buf: Buffer; width: number; height: number; placed: Placed }[] = [];
  const ordered = [...chosen].sort((a, b) => a.line - b.line);
  // padding from the page's usual line height: a tall box (lines run together) must not take in more neighbours
  const heights = lines.filter((l) => l.length).map((l) => Math.max(...l.map((w) => w.y1)) - Math.min(...l.map((w) => w.y0))).sort((a, b) => a - b);
  const usual = heights[heights.length >> 1] ?? 0;
  for (const c of ordered) {
    const line = lines[c.line]!;
    const x0 = Math.min(...line.map((w) => w.x0));
    const x1 = Math.max(...line.map((w) => w.x1));
    const y0 = Math.min(...line.map((w) => w.y0));
    const y1 = Math.max(...line.map((w) => w.y1));
    const h = Math.max(1, y1 - y0);
    const pad = Math.ceil(Math.min(h, usual || h) / 3);
    const cx0 = Math.max(0, Math.floor(x0 - pad));
    const cy0 = Math.max(0, Math.floor(y0 - pad));
    const cx1 = Math.min(img.width, Math.ceil(x1 + pad));
    const cy1 = Math.min(img.height, Math.ceil(y1 + pad));
    if (cx1 - cx0 < 4 || cy1 - cy0 < 4) continue;
    const scale = Math.max(MIN_SCALE, Math.min(MAX_SCALE, TARGET_HEIGHT / h));
    const width = Math.max(1, Math.round((cx1 - cx0) * scale));
    const height = Math.max(1, Math.round((cy1 - cy0) * scale));
    const { data: raw, info } = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 1 } })
      .extract({ left: cx0, top: cy0, width: cx1 - cx0, height: cy1 - cy0 })
      .resize({ width, height, kernel: 'lanczos3', fit: 'fill' })
      .toColourspace('b-w')
      .raw()
      .toBuffer({ resolveWithObject: true });
    // one byte per pixel (sharp may hand back more channels than it was given)
    const buf = info.channels === 1 ? raw : Buffer.from(Array.from({ length: width * height }, (_, i) => raw[i * info.channels]!));
    parts.push({ buf, width, height, placed: { line: c.line, x0: cx0, y0: cy0, top: 0, height, scale } });
  }
  if (!parts.length) return undefined;
  const margin = 16;
  const gap = Math.round(TARGET_HEIGHT * 0.8);
  const width = Math.max(...parts.map((p) => p.width)) + 2 * margin;
  const height = parts.reduce((a, p) => a + p.height + gap, margin);
  const data = Buffer.alloc(width * height, 255);
  let top = margin;
  for (const p of parts) {
    for (let y = 0; y < p.height; y++) p.buf.copy(data, (top + y) * width + margin, y * p.width, (y + 1) * p.width);
    p.placed.top = top;
    p.placed.x0 -= margin / p.placed.scale;
    top += p.height + gap;
  }
  return { image: { data, width, height }, placed: parts.map((p) => p.placed) };
}

/**
 * Maps the words read from the stack back to page pixels, each to the chosen line whose crop holds its
 * vertical centre.
 */
export function unstack(read: RawLine[], placed: Placed[]): Map<number, RawWord[]> {
  const out = new Map<number, RawWord[]>();
  for (const w of read.flat()) {
    const cy = (w.y0 + w.y1) / 2;
    const p = placed.find((q) => cy >= q.top && cy < q.top + q.height);
    if (!p) continue;
    const list = out.get(p.line) ?? [];
    list.push({
      text: w.text,
      confidence: w.confidence,
      x0: p.x0 + w.x0 / p.scale,
      x1: p.x0 + w.x1 / p.scale,
      y0: p.y0 + (w.y0 - p.top) / p.scale,
      y1: p.y0 + (w.y1 - p.top) / p.scale,
    });
    out.set(p.line, list);
  }
  for (const list of out.values()) list.sort((a, b) => a.x0 - b.x0);
  return out;
}

/**
 * Attaches a line's re-reading to its primary words (in place). Re-read words and the primary words they
 * overlap horizontally form groups (a re-read word spanning two primary words, or two re-read words inside
 * one, join them); the first primary word of a group carries the group's reading (`reread.words` primary
 * words long). Groups read as the primary words already are, and primary words no re-read word overlaps,
 * get nothing. Returns how many groups were attached.
 */
export function attachRereads(line: RawLine, rereadWords: RawWord[]): number {
  // the crop's padding shows parts of the neighbouring lines: only words centred on this line's band count
  const top = Math.min(...line.map((w) => w.y0));
  const bottom = Math.max(...line.map((w) => w.y1));
  const slack = 0.15 * (bottom - top);
  const reread = rereadWords.filter((r) => (r.y0 + r.y1) / 2 >= top - slack && (r.y0 + r.y1) / 2 <= bottom + slack);
  const words = line.map((w, i) => ({ w, i })).sort((a, b) => a.w.x0 - b.w.x0 || a.i - b.i);
  // group id per primary word (sorted order), merged through the re-read words overlapping them
  const groupOf = new Int32Array(words.length).fill(-1);
  const members: { primary: number[]; read: RawWord[] }[] = [];
  for (const r of reread) {
    const hit: number[] = [];
    words.forEach(({ w }, k) => {
      const overlap = Math.min(w.x1, r.x1) - Math.max(w.x0, r.x0);
      if (overlap > 0.25 * Math.min(w.x1 - w.x0, r.x1 - r.x0)) hit.push(k);
    });
    if (!hit.length) continue;
    const ids = [...new Set(hit.map((k) => groupOf[k]!).filter((g) => g >= 0))];
    let g: number;
    if (!ids.length) {
      g = members.length;
      members.push({ primary: [], read: [] });
    } else {
      g = Math.min(...ids);
      for (const other of ids) {
        if (other === g) continue;
        members[g]!.primary.push(...members[other]!.primary);
        members[g]!.read.push(...members[other]!.read);
        for (const k of members[other]!.primary) groupOf[k] = g;
        members[other] = { primary: [], read: [] };
      }
    }
    for (const k of hit) {
      if (groupOf[k] !== g) {
        groupOf[k] = g;
        members[g]!.primary.push(k);
      }
    }
    members[g]!.read.push(r);
  }
  let attached = 0;
  for (const m of members) {
    if (!m.primary.length || !m.read.length) continue;
    const ks = [...m.primary].sort((a, b) => a - b);
    // a group must be a run of neighbouring primary words (in line order too)
    const idx = ks.map((k) => words[k]!.i);
    const first = Math.min(...idx);
    const last = Math.max(...idx);
    if (last - first + 1 !== idx.length) continue;
    const read = [...m.read].sort((a, b) => a.x0 - b.x0);
    const text = read.map((r) => r.text).join(' ');
    const printed = line.slice(first, last + 1).map((w) => w.text).join(' ');
    if (text === printed) continue;
    const confidence = read.reduce((a, r) => a + r.confidence, 0) / read.length;
    line[first]!.reread = { text, confidence, words: last - first + 1 };
    attached++;
  }
  return attached;
}
