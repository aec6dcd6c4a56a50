/** Per-document lookup structures shared by all fields: page texts, line lookup, grounding, caches. */
import type { BBox, DocumentModel, Page } from '../document/model.js';
import { detectDateOrder, type DateOrder } from '../normalize/dates.js';

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

export class DocContext {
  readonly pages: Page[];
  readonly dateOrder: DateOrder;
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
    this.dateOrder = detectDateOrder(sample);
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

  /** Mean OCR confidence of the words under a span (1 for text-layer words). */
  wordConfidence(s: Span): number {
    const ws = this.wordsIn(s.p, s.start, s.end);
    if (!ws.length) return 1;
    return ws.reduce((a, w) => a + w.confidence, 0) / ws.length;
  }
}
