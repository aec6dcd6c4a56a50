import type { LanguageCode } from '../knowledge/languages/language.js';

/**
 * The document model every extraction step reads: pages of words with normalised boxes and offsets
 * into the page text. Produced by ingest (PDF text layer or OCR), consumed by extraction.
 */

/** [x0, y0, x1, y1], normalised to 0..1 of the page, origin at the top-left. */
export type BBox = [number, number, number, number];

export interface Word {
  text: string;
  bbox: BBox;
  /** Character offsets of this word in `Page.text` (end exclusive). */
  start: number;
  end: number;
  /** Index into `Page.lines`. */
  line: number;
  /** OCR confidence 0..1; 1 for text-layer words. */
  confidence: number;
  /**
   * OCR only: another recognition pass read the same box differently (text and confidence). Extraction may
   * prefer it where the primary reading does not parse (dates, amounts) or reads worse.
   */
  alt?: { text: string; confidence: number };
  /**
   * OCR only: this word and the `words - 1` words after it on its line, re-read as an upscaled line crop
   * (date and total lines the two passes disagree on; see document/line-rereads.ts).
   */
  reread?: { text: string; confidence: number; words: number };
}

export interface Line {
  bbox: BBox;
  start: number;
  end: number;
  /** Range of word indexes in `Page.words` (end exclusive). */
  wordStart: number;
  wordEnd: number;
  /** Index into `Page.blocks`. */
  block: number;
}

export interface Block {
  bbox: BBox;
  lineStart: number;
  lineEnd: number;
}

export interface Page {
  /** 1-based. */
  number: number;
  /** Size in PDF points (or pixels for images). */
  width: number;
  height: number;
  /** Reading-order text: words joined by spaces, lines by "\n", blocks by "\n\n". */
  text: string;
  words: Word[];
  lines: Line[];
  blocks: Block[];
  source: 'text-layer' | 'ocr';
  /** OCR only: degrees (clockwise) the page image was turned to make it upright; boxes refer to the upright image. */
  rotation?: number;
  /**
   * The language the page is written in (ISO 639-1), when its words tell it clearly (function words and letters,
   * see document/language.ts); unset on pages too terse or too mixed to tell. OCR'd pages were read with its model.
   */
  language?: LanguageCode;
}

export type DocumentFormat = 'pdf' | 'png' | 'jpeg' | 'tiff';

export interface DocumentModel {
  format: DocumentFormat;
  pages: Page[];
  pageCount: number;
  wordCount: number;
}
