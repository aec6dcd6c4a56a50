/**
 * An injection point for OCR done by someone else (a cloud OCR service, implemented by the caller; the
 * engine itself never opens a connection). When `openDocument` is given a provider, the pages that would go
 * to local Tesseract (images, PDF pages without a usable text layer) are handed to it in one call per
 * document, so it can batch them as its API allows. What it returns enters the same page model as
 * Tesseract's reading (words with boxes and confidences, source 'ocr'), so grounding and extraction do not
 * know which one read a page.
 *
 * A provider may fail as a whole (the call rejects) or per page (pages missing from its answer, say one
 * failed batch): those pages are read by local Tesseract instead, and the caller is told which pages went
 * where and why (`OcrProviderOutcome`), so it can log and trace the fallback.
 */
import type { BBox, DocumentFormat } from './model.js';
import type { OcrResult } from './ocr.js';
import { linesToRows } from './ocr.js';
import type { RawLine } from './layout.js';

export interface OcrProviderWord {
  /** The word's text, without inner whitespace. */
  text: string;
  /** [x0, y0, x1, y1] as fractions 0..1 of the upright page, origin at the top-left. */
  bbox: BBox;
  /** 0..1. */
  confidence: number;
}

export interface OcrProviderPage {
  /** 1-based number of the page in the document the engine passed (not in any split the provider made). */
  page: number;
  /** Lines in the provider's reading order, each with its words left to right. */
  lines: OcrProviderWord[][];
  /**
   * Degrees clockwise (0, 90, 180, 270) the page as stored had to be turned to be read upright; boxes refer
   * to the upright page (as Tesseract's rotation in the page model).
   */
  rotation: number;
}

export interface OcrProviderRequest {
  /** The whole document as given to openDocument (the provider picks `pages` out of it). */
  bytes: Uint8Array;
  format: DocumentFormat;
  /** 1-based numbers of the pages to read, ascending. */
  pages: number[];
  signal?: AbortSignal;
}

export interface OcrProviderResponse {
  /** The pages read; a requested page missing here is read by local OCR. */
  pages: OcrProviderPage[];
  /** Why some requested pages were not read (failed batches), for the outcome. */
  errors?: string[];
}

export interface OcrProvider {
  /** Short name for logs and traces ('documentai'). */
  readonly name: string;
  recognize(request: OcrProviderRequest): Promise<OcrProviderResponse>;
}

/** Which pages the provider read and which fell back to local OCR, reported once per document. */
export interface OcrProviderOutcome {
  provider: string;
  /** Pages handed to the provider. */
  requested: number[];
  /** Pages whose reading came from the provider. */
  recognized: number[];
  /** Pages read by local OCR because the provider failed or did not return them. */
  fallback: number[];
  /** Why (the provider's rejection, or its per-batch errors); empty when nothing fell back. */
  errors: string[];
  /** Time spent waiting for the provider, milliseconds. */
  durationMs: number;
}

export interface OcrProviderOptions {
  provider: OcrProvider;
  /** Called once per document that had pages to read, after the provider answered or failed. */
  onOutcome?: (outcome: OcrProviderOutcome) => void;
}

function clamp01(v: number): number {
  return Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0;
}

/**
 * A provider's page as an OCR result in page units: `width` x `height` is the page as stored (PDF points,
 * or image pixels); a page turned by 90 or 270 degrees is upright with its sides swapped. The provider's
 * lines come in its own reading order (often block by block, column after column); they are put into rows
 * like Tesseract's automatic-segmentation pass (linesToRows), since extraction reads a label and the value
 * beside it along a row.
 */
export function providerPageToOcrResult(page: OcrProviderPage, width: number, height: number): OcrResult {
  const rotation = ((Math.round(page.rotation / 90) * 90) % 360 + 360) % 360;
  const [w, h] = rotation === 90 || rotation === 270 ? [height, width] : [width, height];
  const lines: RawLine[] = [];
  let words = 0;
  let confSum = 0;
  for (const line of page.lines) {
    const raw: RawLine = [];
    for (const word of line) {
      const text = word.text.trim();
      if (!text) continue;
      const [x0, y0, x1, y1] = word.bbox.map(clamp01) as BBox;
      const confidence = clamp01(word.confidence);
      raw.push({ text, x0: Math.min(x0, x1) * w, y0: Math.min(y0, y1) * h, x1: Math.max(x0, x1) * w, y1: Math.max(y0, y1) * h, confidence });
      words++;
      confSum += confidence;
    }
    if (raw.length > 0) lines.push(raw);
  }
  return {
    width: w,
    height: h,
    lines: linesToRows(lines),
    wordCount: words,
    rotation,
    meanConfidence: words > 0 ? confSum / words : 0,
    orientationChecked: false,
  };
}

/** Page number -> the provider's reading, plus the outcome to report (fallback pages filled by the caller). */
export interface ProviderReadings {
  readings: Map<number, OcrProviderPage>;
  outcome: OcrProviderOutcome;
}

/**
 * Asks the provider for `pages`. A rejection is not the document's fault: every page falls back, and the
 * reason goes into the outcome. An abort of the caller's own signal is rethrown (the work is cancelled).
 */
export async function readWithProvider(options: OcrProviderOptions, bytes: Uint8Array, format: DocumentFormat, pages: number[], signal?: AbortSignal): Promise<ProviderReadings> {
  const started = performance.now();
  const readings = new Map<number, OcrProviderPage>();
  const errors: string[] = [];
  const wanted = new Set(pages);
  try {
    const response = await options.provider.recognize({ bytes, format, pages: [...pages], signal });
    for (const p of response.pages) if (wanted.has(p.page) && !readings.has(p.page)) readings.set(p.page, p);
    errors.push(...(response.errors ?? []));
  } catch (err) {
    if (signal?.aborted) throw err;
    errors.push(err instanceof Error ? err.message : String(err));
  }
  const recognized = pages.filter((p) => readings.has(p));
  const fallback = pages.filter((p) => !readings.has(p));
  if (fallback.length > 0 && errors.length === 0) errors.push(`the provider returned no reading for page(s) ${fallback.join(', ')}`);
  return {
    readings,
    outcome: {
      provider: options.provider.name,
      requested: [...pages],
      recognized,
      fallback,
      errors: fallback.length > 0 ? errors : [],
      durationMs: Math.round(performance.now() - started),
    },
  };
}
