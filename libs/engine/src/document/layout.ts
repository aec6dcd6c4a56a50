/**
 * Geometry to document structure: positioned text fragments (from a PDF text layer) become words and
 * lines; lines (from fragments or from OCR) become blocks; then the page text with word offsets.
 *
 * Reading order is row-major: lines top to bottom, words left to right, so a label and its value on
 * the same row stay together ("Invoice No: 123"). A very wide horizontal gap (> GAP_SPLIT_EM em) splits
 * a row into separate lines that stay adjacent in the text. A fragment joins a row through its nearest
 * neighbour there, never when it sits above or below a word of that row (two rows of small text beside a
 * large heading stay two rows). OCR lines come grouped by Tesseract and are kept as read, but for a column gutter
 * inside one (splitAtGutters). Blocks are runs of lines with paragraph-like spacing. Coordinates here are in
 * page units with the origin at the top-left.
 */
import type { BBox, Block, Line, Page, Word } from './model.js';

/** A piece of text without inner whitespace, with its box (page units, top-left origin). */
export interface Fragment {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Font size (text height) in page units. */
  size: number;
  /** Whitespace separated this fragment from the previous one in content order. */
  spaceBefore: boolean;
  /** Content-stream order, used to break geometric ties deterministically. */
  seq: number;
}

export interface RawWord {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  confidence: number;
  /** A second OCR pass's reading of the same box, when it differs. */
  alt?: { text: string; confidence: number };
  /** A re-reading of this word and the `words - 1` words after it as a line crop (see line-rereads.ts). */
  reread?: { text: string; confidence: number; words: number };
}

export type RawLine = RawWord[];

/** Gap (in em of the font size) above which two fragments on one row are separate words. */
const WORD_GAP_EM = 0.12;
/** Gap above which one row is split into separate lines. */
const GAP_SPLIT_EM = 3;

/** How many of the most recent rows a fragment may join (rows of a skewed page or of side-by-side columns interleave). */
const ROW_LOOKBACK = 8;
/** Font sizes differing by more than this ratio are "different sizes" (a heading beside body text, a superscript). */
const SIZE_RATIO = 1.3;

interface Row {
  frags: Fragment[];
  /** Vertical extent of all fragments, for a quick rejection. */
  top: number;
  bottom: number;
  /** The fragments reaching furthest left and right: a fragment beyond either end is next to it and overlaps none. */
  left: Fragment;
  right: Fragment;
}

/**
 * How well fragment `f` continues a row through its horizontally nearest fragment there (lower is better), or
 * undefined when it does not belong. Rows are judged locally, fragment to neighbour, rather than against one
 * span for the whole row: a large heading on the left would otherwise stretch the row over two rows of small
 * text on the right, and the slope of a skewed row would add up along it.
 */
function rowFit(row: Row, f: Fragment): number | undefined {
  if (f.y0 >= row.bottom || f.y1 <= row.top) return undefined;
  const fh = f.y1 - f.y0;
  const fc = f.y0 + f.y1;
  let near: Fragment | undefined;
  let nearDist = Infinity;
  // Fast path for the usual case, text arriving in order along its row.
  if (f.x0 >= row.right.x1) {
    near = row.right;
    nearDist = f.x0 - near.x1;
  } else if (f.x1 <= row.left.x0) {
    near = row.left;
    nearDist = near.x0 - f.x1;
  } else for (const g of row.frags) {
    const gh = g.y1 - g.y0;
    const xOverlap = Math.min(f.x1, g.x1) - Math.max(f.x0, g.x0);
    // Text stacked above other text is another row; text drawn twice in place (fake bold, shadows) is not.
    if (xOverlap > 0.5 * Math.min(f.x1 - f.x0, g.x1 - g.x0) && Math.abs(fc - g.y0 - g.y1) > 0.6 * Math.min(fh, gh)) return undefined;
    const dist = xOverlap > 0 ? 0 : -xOverlap;
    if (dist < nearDist) {
      nearDist = dist;
      near = g;
    }
  }
  const g = near!;
  const gh = g.y1 - g.y0;
  const overlap = Math.min(f.y1, g.y1) - Math.max(f.y0, g.y0);
  if (overlap < 0.5 * Math.min(fh, gh)) return undefined;
  const big = Math.max(fh, gh);
  const baseDiff = Math.abs(f.y1 - g.y1);
  const centerDiff = Math.abs(fc - g.y0 - g.y1) / 2;
  const fit = Math.min(baseDiff, centerDiff) / big;
  const ratio = Math.max(f.size, g.size) / Math.max(Math.min(f.size, g.size), 1e-6);
  if (ratio > SIZE_RATIO) {
    // Text of different sizes shares a row when aligned on the baseline, the middle or the top (table cells
    // aligned to the top), or when it is near enough to its neighbour to stay in one line with it (a
    // superscript, a footnote number a tab away from its note); small text at the top of a large heading
    // across the page is the start of the next row of its own column.
    const aligned = baseDiff <= 0.25 * big || centerDiff <= 0.2 * big || Math.abs(f.y0 - g.y0) <= 0.2 * big;
    if (!aligned && nearDist > GAP_SPLIT_EM * Math.min(f.size, g.size)) return undefined;
  }
  lastNear = g;
  return fit;
}

/** The neighbour through which the last successful `rowFit` matched (saves an allocation per call). */
let lastNear: Fragment | undefined;

/** Rows of at most this many fragments are checked for being raised or lowered marks of a neighbouring row. */
const MARK_ROW_MAX = 4;

/**
 * Rows are formed in order of vertical centre, so a superscript ("35th", a footnote number) arrives before
 * the row it belongs to and starts a row of its own. Such a row of small text next to larger text of a
 * neighbouring row joins that row.
 */
function mergeMarkRows(rows: Row[]): Row[] {
  const gone = new Set<Row>();
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    if (r.frags.length > MARK_ROW_MAX) continue;
    let best: Row | undefined;
    let bestFit = Infinity;
    for (let j = Math.max(0, i - ROW_LOOKBACK); j < rows.length && j <= i + ROW_LOOKBACK; j++) {
      const s = rows[j]!;
      if (j === i || gone.has(s)) continue;
      let total = 0;
      for (const f of r.frags) {
        const fit = rowFit(s, f);
        if (fit === undefined || lastNear!.size <= SIZE_RATIO * f.size) {
          total = Infinity;
          break;
        }
        total += fit;
      }
      if (total < bestFit) {
        bestFit = total;
        best = s;
      }
    }
    if (best) {
      for (const f of r.frags) addToRow(best, f);
      gone.add(r);
    }
  }
  return gone.size > 0 ? rows.filter((r) => !gone.has(r)) : rows;
}

function addToRow(row: Row, f: Fragment): void {
  row.frags.push(f);
  if (f.y0 < row.top) row.top = f.y0;
  if (f.y1 > row.bottom) row.bottom = f.y1;
  if (f.x0 < row.left.x0) row.left = f;
  if (f.x1 > row.right.x1) row.right = f;
}

/** Clusters fragments into rows (lines), then merges touching fragments into words. */
export function linesFromFragments(frags: Fragment[]): RawLine[] {
  if (frags.length === 0) return [];
  const sorted = frags.slice().sort((a, b) => (a.y0 + a.y1) - (b.y0 + b.y1) || a.x0 - b.x0 || a.seq - b.seq);
  let rows: Row[] = [];
  for (const f of sorted) {
    let best: Row | undefined;
    let bestFit = Infinity;
    for (let i = rows.length - 1; i >= 0 && i >= rows.length - ROW_LOOKBACK; i--) {
      const fit = rowFit(rows[i]!, f);
      if (fit !== undefined && fit < bestFit) {
        bestFit = fit;
        best = rows[i];
      }
    }
    if (best) {
      addToRow(best, f);
    } else {
      rows.push({ frags: [f], top: f.y0, bottom: f.y1, left: f, right: f });
    }
  }
  rows = mergeMarkRows(rows);
  const lines: RawLine[] = [];
  for (const r of rows) {
    r.frags.sort((a, b) => a.x0 - b.x0 || a.seq - b.seq);
    let line: RawWord[] = [];
    let word: RawWord | undefined;
    let prev: Fragment | undefined;
    for (const f of r.frags) {
      if (prev && word) {
        const gap = f.x0 - prev.x1;
        const em = Math.max(Math.min(prev.size, f.size), 1e-6);
        if (gap > GAP_SPLIT_EM * em) {
          line.push(word);
          lines.push(line);
          line = [];
          word = undefined;
        } else if (f.spaceBefore || f.seq !== prev.seq + 1 || gap > WORD_GAP_EM * em || gap < -0.5 * em) {
          line.push(word);
          word = undefined;
        }
      }
      if (word) {
        word.text += f.text;
        word.x0 = Math.min(word.x0, f.x0);
        word.y0 = Math.min(word.y0, f.y0);
        word.x1 = Math.max(word.x1, f.x1);
        word.y1 = Math.max(word.y1, f.y1);
      } else {
        word = { text: f.text, x0: f.x0, y0: f.y0, x1: f.x1, y1: f.y1, confidence: 1 };
      }
      prev = f;
    }
    if (word) line.push(word);
    if (line.length > 0) lines.push(line);
  }
  return lines;
}

function lineBox(line: RawLine): { x0: number; y0: number; x1: number; y1: number } {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const w of line) {
    if (w.x0 < x0) x0 = w.x0;
    if (w.y0 < y0) y0 = w.y0;
    if (w.x1 > x1) x1 = w.x1;
    if (w.y1 > y1) y1 = w.y1;
  }
  return { x0, y0, x1, y1 };
}

const round = (v: number) => Math.round(v * 1e5) / 1e5;
const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);

function norm(b: { x0: number; y0: number; x1: number; y1: number }, width: number, height: number): BBox {
  return [
    round(clamp01(b.x0 / width)),
    round(clamp01(b.y0 / height)),
    round(clamp01(b.x1 / width)),
    round(clamp01(b.y1 / height)),
  ];
}

/** Mostly letters, three or more ("NIP:", "Total", "Hotel"; not "RM8.20", "SR", "7"). */
function isWordy(w: RawWord): boolean {
  const letters = (w.text.match(/\p{L}/gu) ?? []).length;
  return letters >= 3 && letters >= 0.75 * w.text.replace(/[.,:;!?'"()]/g, '').length;
}

/**
 * An OCR line split where a gap wider than GAP_SPLIT_EM em (the median height of its words) separates its words
 * and the part after the gap has words, as rows of a text layer are split: OCR engines join side-by-side columns
 * ("Seller: A GmbH      Buyer: B SA") into one line, which would read the second column's words as the first's.
 * A re-reading that spans the gap is dropped.
 */
export function splitAtGutters(line: RawLine): RawLine[] {
  if (line.length < 2) return [line];
  // the height of its words, not of specks and dashes OCR also returns ("|", "-": a fraction of a letter's height)
  const lettered = line.filter((w) => (w.text.match(/[\p{L}\p{N}]/gu) ?? []).length >= 2);
  const heights = (lettered.length ? lettered : line).map((w) => w.y1 - w.y0).sort((a, b) => a - b);
  const em = heights[(heights.length - 1) >> 1]!;
  if (!(em > 0)) return [line];
  const out: RawLine[] = [[line[0]!]];
  for (let i = 1; i < line.length; i++) {
    if (line[i]!.x0 - line[i - 1]!.x1 > GAP_SPLIT_EM * em) out.push([]);
    out[out.length - 1]!.push(line[i]!);
  }
  // A part without a word (a value: "RM 8.20", a stray speck "7" or ":") is no column: it stays with what precedes
  // it, as receipts print a label and its amount far apart, or, leading the line, with what follows it.
  for (let k = out.length - 1; k > 0; k--) if (!out[k]!.some(isWordy)) out.splice(k - 1, 2, [...out[k - 1]!, ...out[k]!]);
  if (out.length > 1 && !out[0]!.some(isWordy)) out.splice(0, 2, [...out[0]!, ...out[1]!]);
  if (out.length === 1) return out;
  return out.map((seg) => seg.map((w, j) => (w.reread && j + w.reread.words > seg.length ? { ...w, reread: undefined } : w)));
}

/**
 * Builds a page from lines already in reading order: groups consecutive lines into blocks where the
 * vertical spacing looks like one paragraph, and lays out the page text with offsets.
 */
export function buildPage(
  number: number,
  width: number,
  height: number,
  rawLines: RawLine[],
  source: Page['source'],
): Page {
  const words: Word[] = [];
  const lines: Line[] = [];
  const blocks: Block[] = [];
  const parts: string[] = [];
  let offset = 0;
  const kept = rawLines.map((l) => l.filter((w) => w.text.length > 0)).filter((l) => l.length > 0);
  const nonEmpty = source === 'ocr' ? kept.flatMap(splitAtGutters) : kept;
  const boxes = nonEmpty.map(lineBox);
  // The page's usual spacing between consecutive lines (lower median), so that paragraph breaks are
  // recognised both in single- and in double-spaced text.
  const gaps: number[] = [];
  for (let i = 1; i < boxes.length; i++) {
    const gap = boxes[i]!.y0 - boxes[i - 1]!.y1;
    if (gap > 0) gaps.push(gap);
  }
  gaps.sort((a, b) => a - b);
  const usualGap = gaps.length > 0 ? gaps[(gaps.length - 1) >> 1]! : 0;
  let blockBox: { x0: number; y0: number; x1: number; y1: number } | undefined;
  for (let i = 0; i < nonEmpty.length; i++) {
    const raw = nonEmpty[i]!;
    const box = boxes[i]!;
    let newBlock = i === 0;
    if (i > 0) {
      const prev = boxes[i - 1]!;
      const prevHeight = prev.y1 - prev.y0;
      const gap = box.y0 - prev.y1;
      const sameRow = box.y0 < prev.y1 && box.y1 > prev.y0;
      // A new paragraph: a gap clearly wider than the usual line spacing, a jump back up, or a size change.
      const height = box.y1 - box.y0;
      const lineHeight = Math.max(prevHeight, height);
      newBlock = !sameRow && (gap > Math.max(1.3 * usualGap + 0.1 * lineHeight, 0.5 * lineHeight) || box.y1 <= prev.y0 ||
        height > 1.6 * prevHeight || prevHeight > 1.6 * height);
    }
    if (newBlock) {
      if (blockBox) blocks[blocks.length - 1]!.bbox = norm(blockBox, width, height);
      if (blocks.length > 0) {
        parts.push('\n\n');
        offset += 2;
      }
      blocks.push({ bbox: [0, 0, 0, 0], lineStart: lines.length, lineEnd: lines.length });
      blockBox = { ...box };
    } else {
      parts.push('\n');
      offset += 1;
      blockBox!.x0 = Math.min(blockBox!.x0, box.x0);
      blockBox!.y0 = Math.min(blockBox!.y0, box.y0);
      blockBox!.x1 = Math.max(blockBox!.x1, box.x1);
      blockBox!.y1 = Math.max(blockBox!.y1, box.y1);
    }
    const lineStart = offset;
    const wordStart = words.length;
    for (let j = 0; j < raw.length; j++) {
      const w = raw[j]!;
      if (j > 0) {
        parts.push(' ');
        offset += 1;
      }
      parts.push(w.text);
      const word: Word = {
        text: w.text,
        bbox: norm(w, width, height),
        start: offset,
        end: offset + w.text.length,
        line: lines.length,
        confidence: round(w.confidence),
      };
      // Assigned rather than spread into the literal: a spread takes V8's slow object-building path per word.
      if (w.alt) word.alt = { text: w.alt.text, confidence: round(w.alt.confidence) };
      if (w.reread) word.reread = { text: w.reread.text, confidence: round(w.reread.confidence), words: w.reread.words };
      words.push(word);
      offset += w.text.length;
    }
    lines.push({ bbox: norm(box, width, height), start: lineStart, end: offset, wordStart, wordEnd: words.length, block: blocks.length - 1 });
    blocks[blocks.length - 1]!.lineEnd = lines.length;
  }
  if (blockBox) blocks[blocks.length - 1]!.bbox = norm(blockBox, width, height);
  return { number, width: round(width), height: round(height), text: parts.join(''), words, lines, blocks, source };
}
