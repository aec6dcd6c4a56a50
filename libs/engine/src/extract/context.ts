/** Per-document lookup structures shared by all fields: page texts, line lookup, grounding, caches. */
import type { BBox, DocumentModel, Page } from '../document/model.js';
import { detectDateOrder, type DateOrder } from '../normalize/dates.js';
import { phrasesOf, phrasesPattern } from '../knowledge/labels/index.js';
import { languageOf } from '../knowledge/languages/index.js';
import { LEGAL_FORM_RE } from '../knowledge/legal-forms/index.js';
import { SLIP_COMPOUND_ENDS, SLIP_WORDS, wordsPattern } from '../knowledge/document-words/index.js';
import { withoutAddresses } from './label-similarity.js';

export interface Grounding {
  page: number;
  bbox: BBox;
  text: string;
  start: number;
  end: number;
}

export interface Span {
  /** 0-based page index. */
  p: number;
  start: number;
  end: number;
}

/** Words of one page grouped into visual rows (y-overlap), left to right; text lines split by wide gaps share a row. */
export interface PageRows {
  /** Row index of every word of the page. */
  rowOf: Int32Array;
  rows: { y0: number; y1: number; words: number[] }[];
}

export type BlockRole = 'buyer' | 'seller';

/**
 * Role labels that open a party block on invoices ("Bill to:", "Seller:"), in every language (knowledge/labels:
 * buyer and delivery headings, issuer headings, and a line opened by "To:" / "An:" / "Aan:" / "À:").
 */
export const BUYER_LABEL_RE = new RegExp(`${phrasesPattern(phrasesOf('buyer', 'ship_to'))}|^\\s*(?:${phrasesOf('addressee').join('|')})\\s*:`, 'iu');
export const SELLER_LABEL_RE = new RegExp(phrasesPattern(phrasesOf('seller')), 'iu');
/** Delivery headings ("Ship to", "Lieferadresse") and the billed party's own ("Bill to", "Rechnungsadresse"). */
const SHIP_TO_RE = new RegExp(phrasesPattern(phrasesOf('ship_to')), 'iu');
const BILL_TO_RE = new RegExp(phrasesPattern(phrasesOf('buyer')), 'iu');
/**
 * A line naming a till slip or which copy it is ("Customer copy", "Ticket client", "Kundenbeleg"): a title, not a party's
 * heading, whatever party word it holds (knowledge/document-words `copyWords`, `slipTitles`; whole words, or the end
 * of a compound for those of five letters or more).
 */
const SLIP_TITLE_LINE = new RegExp(`(?<![\\p{L}\\p{N}])(?:${wordsPattern(SLIP_WORDS)})(?![\\p{L}\\p{N}])|\\p{L}{3,}(?:${wordsPattern(SLIP_COMPOUND_ENDS)})(?![\\p{L}\\p{N}])`, 'iu');
/** The buyer's headings anywhere in a text ("... Bill to: ACME"); the short addressee word needs its colon. */
export const BUYER_CUE_RE = new RegExp(`${phrasesPattern(phrasesOf('buyer', 'ship_to'))}|(?<![\\p{L}\\p{N}])(?:${phrasesOf('addressee').join('|')})\\s*:`, 'iu');

/** Most words of the key of a key-value row ("Numéro de TVA intracommunautaire :"). */
const KEY_WORDS = 5;

/** Most words of a line that may end in the role label it is ("Dati del cliente", "Bill to"). */
const ROLE_LINE_WORDS = 3;

/** Whether a line above a block can be its role label: a few words, or the role label opening it or closed by a colon. */
function headsLine(t: string): boolean {
  const words = t.trim().split(/\s+/);
  if (words.length <= ROLE_LINE_WORDS) return true;
  for (const re of [BUYER_LABEL_RE, SELLER_LABEL_RE]) {
    const m = re.exec(t);
    if (m && (!t.slice(0, m.index).trim() || /^\s*[:：]/.test(t.slice(m.index + m[0].length)))) return true;
  }
  return false;
}

/**
 * A role word that is the key of a value on its line ("Customer ID: AC779807", "Cliente n.º: CL23638", "Kunde:
 * 10023"): after the role label only short words (a number word, "ID") and one code holding a digit. Such a line
 * gives the buyer's number; it heads no party block.
 */
function keyAndValue(t: string): boolean {
  const m = BUYER_LABEL_RE.exec(t) ?? SELLER_LABEL_RE.exec(t);
  if (!m) return false;
  const rest = t.slice(m.index + m[0].length).trim().split(/\s+/).filter(Boolean);
  return rest.length > 0 && /\d/.test(rest[rest.length - 1]!) && rest.slice(0, -1).every((w) => w.length <= 4);
}

export class DocContext {
  readonly pages: Page[];
  readonly dateOrder: DateOrder;
  /** The numeric date order of the language most pages are written in, where that language has one (knowledge/languages). */
  readonly languageDateOrder?: DateOrder;
  /** Character offset of each page's text in the virtual concatenation (for "how early" features). */
  readonly pageOffsets: number[];
  readonly totalChars: number;
  /** Decimal separator preferred by this document's amounts, when it can be told. */
  readonly decimalHint?: ',' | '.';
  private readonly cache = new Map<string, unknown>();
  /** Per page: line index for each character offset (lazy). */
  private lineOf: Int32Array[] = [];

  constructor(readonly doc: DocumentModel) {
    this.pages = doc.pages;
    this.pageOffsets = [];
    let off = 0;
    for (const p of this.pages) {
      this.pageOffsets.push(off);
      off += p.text.length + 2;
    }
    this.totalChars = Math.max(1, off);
    const sample = this.pages.slice(0, 30).map((p) => p.text).join('\n');
    this.languageDateOrder = languageDateOrder(this.pages.slice(0, 30));
    this.dateOrder = detectDateOrder(sample, this.languageDateOrder);
    const commaDec = (sample.match(/\d\.\d{3},\d{2}(?!\d)|(?<![\d.,])\d{1,3},\d{2}(?![\d.,])/g) ?? []).length;
    const dotDec = (sample.match(/\d,\d{3}\.\d{2}(?!\d)|(?<![\d.,])\d{1,3}\.\d{2}(?![\d.,])/g) ?? []).length;
    if (commaDec > dotDec) this.decimalHint = ',';
    else if (dotDec > commaDec) this.decimalHint = '.';
  }

  memo<T>(key: string, fn: () => T): T {
    if (this.cache.has(key)) return this.cache.get(key) as T;
    const v = fn();
    this.cache.set(key, v);
    return v;
  }

  /** Global position of a span in 0..1 over the whole document. */
  position(s: Span): number {
    return (this.pageOffsets[s.p] + s.start) / this.totalChars;
  }

  lineIndex(p: number, offset: number): number {
    let map = this.lineOf[p];
    const page = this.pages[p];
    if (!map) {
      map = new Int32Array(page.text.length + 1).fill(-1);
      page.lines.forEach((l, i) => {
        for (let k = l.start; k < l.end && k < map!.length; k++) map![k] = i;
      });
      // fill gaps (separators) with the previous line
      let last = 0;
      for (let k = 0; k < map.length; k++) {
        if (map[k] < 0) map[k] = last;
        else last = map[k];
      }
      this.lineOf[p] = map;
    }
    return map[Math.min(Math.max(offset, 0), map.length - 1)] ?? 0;
  }

  /** Words of page p overlapping [start, end). */
  wordsIn(p: number, start: number, end: number) {
    const page = this.pages[p];
    const li0 = this.lineIndex(p, start);
    const li1 = this.lineIndex(p, Math.max(start, end - 1));
    const out = [];
    for (let li = li0; li <= li1 && li < page.lines.length; li++) {
      const line = page.lines[li];
      for (let w = line.wordStart; w < line.wordEnd; w++) {
        const word = page.words[w];
        if (word.end > start && word.start < end) out.push(word);
      }
    }
    return out;
  }

  grounding(s: Span): Grounding {
    const page = this.pages[s.p];
    const words = this.wordsIn(s.p, s.start, s.end);
    let bbox: BBox;
    if (words.length) {
      bbox = [
        Math.min(...words.map((w) => w.bbox[0])),
        Math.min(...words.map((w) => w.bbox[1])),
        Math.max(...words.map((w) => w.bbox[2])),
        Math.max(...words.map((w) => w.bbox[3])),
      ];
    } else {
      const line = page.lines[this.lineIndex(s.p, s.start)];
      bbox = line ? [...line.bbox] as BBox : [0, 0, 1, 1];
    }
    return { page: page.number, bbox: bbox.map((v) => Math.round(v * 10000) / 10000) as BBox, text: page.text.slice(s.start, s.end), start: s.start, end: s.end };
  }

  /** Visual rows of page p (memoised). */
  rows(p: number): PageRows {
    return this.memo(`rows:${p}`, () => {
      const page = this.pages[p];
      const idx = page.words.map((_, i) => i).sort((a, b) => {
        const wa = page.words[a].bbox; const wb = page.words[b].bbox;
        return (wa[1] + wa[3]) - (wb[1] + wb[3]);
      });
      const rowOf = new Int32Array(page.words.length).fill(-1);
      const rows: PageRows['rows'] = [];
      // Punctuation-only words (a fax's speckle: ";", ":", ".") do not open rows: between a label and its value
      // they would count as rows in between. They join the row they sit in (or the nearest) afterwards.
      const noise: number[] = [];
      for (const i of idx) {
        if (page.source === 'ocr' && !/[\p{L}\p{N}]/u.test(page.words[i].text)) { noise.push(i); continue; }
        const b = page.words[i].bbox;
        const yc = (b[1] + b[3]) / 2;
        const h = Math.max(1e-4, b[3] - b[1]);
        const last = rows[rows.length - 1];
        if (last) {
          const lc = (last.y0 + last.y1) / 2;
          const lh = Math.max(1e-4, last.y1 - last.y0);
          if (Math.abs(yc - lc) < 0.5 * Math.min(h, lh)) {
            last.words.push(i); rowOf[i] = rows.length - 1;
            last.y0 = Math.min(last.y0, b[1]); last.y1 = Math.max(last.y1, b[3]);
            continue;
          }
        }
        rows.push({ y0: b[1], y1: b[3], words: [i] });
        rowOf[i] = rows.length - 1;
      }
      for (const i of noise) {
        const b = page.words[i].bbox;
        const yc = (b[1] + b[3]) / 2;
        let best = -1;
        let bestD = Infinity;
        rows.forEach((r, k) => {
          const d = yc < r.y0 ? r.y0 - yc : yc > r.y1 ? yc - r.y1 : 0;
          if (d < bestD) { bestD = d; best = k; }
        });
        if (best < 0) { rows.push({ y0: b[1], y1: b[3], words: [i] }); rowOf[i] = rows.length - 1; continue; }
        rows[best].words.push(i); rowOf[i] = best;
      }
      for (const r of rows) r.words.sort((a, b) => page.words[a].bbox[0] - page.words[b].bbox[0]);
      return { rowOf, rows };
    });
  }

  /** Box and visual row range of a span (undefined when it covers no words). */
  spanBox(s: Span): { bbox: BBox; row0: number; row1: number; words: number[] } | undefined {
    const page = this.pages[s.p];
    const li0 = this.lineIndex(s.p, s.start);
    const li1 = this.lineIndex(s.p, Math.max(s.start, s.end - 1));
    const ws: number[] = [];
    for (let li = li0; li <= li1 && li < page.lines.length; li++) {
      const line = page.lines[li];
      for (let w = line.wordStart; w < line.wordEnd; w++) {
        const word = page.words[w];
        if (word.end > s.start && word.start < s.end) ws.push(w);
      }
    }
    if (!ws.length) return undefined;
    const { rowOf } = this.rows(s.p);
    let x0 = 1, y0 = 1, x1 = 0, y1 = 0, row0 = Infinity, row1 = -1;
    for (const w of ws) {
      const b = page.words[w].bbox;
      x0 = Math.min(x0, b[0]); y0 = Math.min(y0, b[1]); x1 = Math.max(x1, b[2]); y1 = Math.max(y1, b[3]);
      row0 = Math.min(row0, rowOf[w]); row1 = Math.max(row1, rowOf[w]);
    }
    return { bbox: [x0, y0, x1, y1], row0, row1, words: ws };
  }

  /** Text of the words of visual row r on page p, left to right, within [x0, x1). */
  rowText(p: number, r: number, x0 = 0, x1 = 1.01): string {
    const page = this.pages[p];
    return this.rows(p).rows[r].words.filter((w) => page.words[w].bbox[0] >= x0 - 1e-6 && page.words[w].bbox[0] < x1).map((w) => page.words[w].text).join(' ');
  }

  /**
   * Whose party block a text line belongs to: a role label on the line itself (before the span) or on the
   * lines just above it in the same column ("Bill to:" over a name and address).
   */
  blockRole(p: number, li: number, upto?: number): { role?: BlockRole; dist: number; delivery?: boolean } {
    const page = this.pages[p];
    const line = page.lines[li];
    if (!line) return { dist: 0 };
    const own = page.text.slice(line.start, upto ?? line.start);
    const test = (raw: string): BlockRole | undefined => {
      const t = withoutAddresses(raw);
      if (SLIP_TITLE_LINE.test(t)) return undefined;
      const b = BUYER_LABEL_RE.test(t);
      const sl = SELLER_LABEL_RE.test(t);
      return b && !sl ? 'buyer' : sl && !b ? 'seller' : undefined;
    };
    // (a delivery heading, "Ship to", "Lieferadresse", names the buyer's side, but its party may be another than the billed one)
    const found = (role: BlockRole, dist: number, t: string) => ({ role, dist, ...(role === 'buyer' && SHIP_TO_RE.test(t) && !BILL_TO_RE.test(t) ? { delivery: true } : {}) });
    if (own.trim()) { const r = test(own); if (r) return found(r, 0, own); }
    let prevTop = line.bbox[1];
    const h = Math.max(0.008, line.bbox[3] - line.bbox[1]);
    // left edge of the span's first word, to tell which of several column labels above is its own
    const x0 = upto === undefined ? undefined : page.words.slice(line.wordStart, line.wordEnd).find((w) => w.end > upto)?.bbox[0];
    // the value of a key-value row ("Name:      ACME Ltd") sits in the block that its key's column belongs to
    const left = this.rowKey(p, li)?.x0 ?? line.bbox[0];
    // a company's name heads its own block: another company's name above it starts the block before (whose heading
    // is not this one's)
    const isName = LEGAL_FORM_RE.test(page.text.slice(upto ?? line.start, line.end));
    for (let k = li - 1, n = 0; k >= 0 && n < 8; k--) {
      const l = page.lines[k];
      if (l.bbox[1] >= line.bbox[1] - 0.3 * h) continue; // same row or below
      const overlap = Math.min(l.bbox[2], line.bbox[2]) - Math.max(l.bbox[0], left);
      if (overlap <= 0 && Math.abs(l.bbox[0] - left) > 0.03) continue; // other column
      if (prevTop - l.bbox[3] > 2.8 * h) break; // a gap ends the block
      const t = page.text.slice(l.start, l.end);
      // a role heading starting right of the span, within its line, is another column's ("Rechnung an: | Lieferant:"
      // over a line holding both blocks' names)
      // (a heading right-aligned over its own block starts inside the line too: only a gutter below its left edge, wider
      // than a word space, makes the line two blocks)
      if (x0 !== undefined && l.bbox[0] > x0 + 0.02 && l.bbox[0] < line.bbox[2] && t.length <= 40 && test(t) && gutterAt(page, line, l.bbox[0]) >= 0) continue;
      n++;
      prevTop = l.bbox[1];
      if (isName && LEGAL_FORM_RE.test(t)) break;
      // a label is short ("Bill to:", "Seller"), not a sentence, and heads its line: a role word ending a longer
      // line is what the line is about ("Installazione presso il cliente": an item done at the customer's)
      if (t.length <= 40 && headsLine(t) && !keyAndValue(t)) { const r = test(t); if (r) return found(r, n, t); }
      // labels of side-by-side blocks read as one OCR line ("Seller:      Buyer:"): the one over this column
      if (x0 !== undefined && page.source === 'ocr' && t.length <= 60) {
        const runs = columnRuns(page, l.wordStart, l.wordEnd);
        if (runs.length > 1) {
          const over = runs.filter(([a]) => page.words[a].bbox[0] <= x0 + 0.02).pop();
          if (over) {
            const head = page.text.slice(page.words[over[0]].start, page.words[over[1] - 1].end);
            const r = test(head);
            if (r) return found(r, n, head);
          }
        }
      }
    }
    return { dist: 0 };
  }

  /**
   * The key of a key-value row whose value is line li ("Name:" left of "ACME Ltd", "USt-IdNr.:" left of
   * "DE123..."): the words right before the line on its visual row, up to a gap wider than a word space, when they
   * are a short label closed by a colon. Undefined when the line has no such key.
   */
  rowKey(p: number, li: number): { x0: number; text: string } | undefined {
    const line = this.pages[p].lines[li];
    if (!line || line.wordEnd <= line.wordStart) return undefined;
    return this.keyBefore(p, this.rows(p).rowOf[line.wordStart]!, line.bbox[0]);
  }

  /** The key (as rowKey) printed on visual row r of page p right before x. */
  keyBefore(p: number, r: number, x: number): { x0: number; text: string } | undefined {
    const page = this.pages[p];
    const row = this.rows(p).rows[r];
    if (!row) return undefined;
    const before = row.words.filter((w) => page.words[w].bbox[2] <= x + 1e-4);
    const key: number[] = [];
    for (let i = before.length - 1; i >= 0 && key.length <= KEY_WORDS; i--) {
      const w = page.words[before[i]!]!;
      const next = key.length ? page.words[key[0]!]! : undefined;
      // a gap wider than a word space (well under one word height; compared in page points) ends the key's cell
      if (next && (next.bbox[0] - w.bbox[2]) * page.width > 1.5 * (w.bbox[3] - w.bbox[1]) * page.height) break;
      key.unshift(before[i]!);
    }
    if (!key.length || key.length > KEY_WORDS) return undefined;
    const text = key.map((w) => page.words[w]!.text).join(' ');
    // (a key has words: a lone speck of a fax read as ":" keys nothing)
    if (!/[:：]$/.test(text) || /\d/.test(text) || !/\p{L}{2}/u.test(text)) return undefined;
    return { x0: page.words[key[0]!]!.bbox[0], text };
  }

  /** Mean OCR confidence of the words under a span (1 for text-layer words). */
  wordConfidence(s: Span): number {
    const ws = this.wordsIn(s.p, s.start, s.end);
    if (!ws.length) return 1;
    return ws.reduce((a, w) => a + w.confidence, 0) / ws.length;
  }
}

/**
 * The word of a line that starts a block at x: the first word at or right of x, when the gap before it is wider
 * than a word space (a word height, in points; a space is a third of one). -1 when the line does not break there.
 */
export function gutterAt(page: Page, line: Page['lines'][number], x: number): number {
  for (let w = line.wordStart + 1; w < line.wordEnd; w++) {
    const b = page.words[w]!.bbox;
    if (b[0] < x - 0.005) continue;
    const prev = page.words[w - 1]!.bbox;
    return prev[2] < x && (b[0] - prev[2]) * page.width > (b[3] - b[1]) * page.height ? w : -1;
  }
  return -1;
}

/**
 * Word ranges [first, end) of a line split at gaps wider than three times the line's median word height
 * (compared in page points: boxes are fractions of the page's width and height), the gutter between
 * columns; a word space is well under one height.
 */
export function columnRuns(page: Page, from: number, to: number): [number, number][] {
  const ws = page.words.slice(from, to);
  if (ws.length < 2) return [[from, to]];
  const hs = ws.map((w) => (w.bbox[3] - w.bbox[1]) * page.height).sort((a, b) => a - b);
  const medH = hs[Math.floor(hs.length / 2)];
  const out: [number, number][] = [];
  let a = from;
  for (let i = from + 1; i < to; i++) {
    const gap = (page.words[i].bbox[0] - page.words[i - 1].bbox[2]) * page.width;
    if (medH > 0 && gap > 3 * medH) { out.push([a, i]); a = i; }
  }
  out.push([a, to]);
  return out;
}

/** The numeric date order (knowledge/languages) of the language most of these pages are written in, if it has one. */
function languageDateOrder(pages: readonly Page[]): DateOrder | undefined {
  const counts = new Map<NonNullable<Page['language']>, number>();
  for (const p of pages) if (p.language) counts.set(p.language, (counts.get(p.language) ?? 0) + 1);
  const top = [...counts].sort((a, b) => b[1] - a[1])[0];
  return top ? languageOf(top[0]).numericDateOrder : undefined;
}
