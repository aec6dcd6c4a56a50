/**
 * Document ingest: bytes in, DocumentModel out. PDFs are read from their text layer (pdf.js); images,
 * and PDF pages whose text layer is missing, garbage or too thin, go through OCR. Text that exists only
 * inside embedded images of a digital page is read from the image's region and merged in (images.ts).
 */
import pLimit from 'p-limit';
import { usableCpus } from '../cpus.js';
import { EngineError } from '../errors.js';
import { buildPage, linesFromFragments } from './layout.js';
import type { DocumentFormat, DocumentModel, Page } from './model.js';
import { ImageTextReader, mergeImageText, textlessImages } from './images.js';
import { guessLanguage, textWords } from './language.js';
import { closeOcr, ocrImage, ocrPdfPage, type OcrResult } from './ocr.js';
import { providerPageToOcrResult, readWithProvider, type OcrProviderOptions } from './ocr-provider.js';
import { mapPdfError, openPdf, pageText, type PageText } from './pdf.js';
import { garbageScore, textPlausibility } from './plausibility.js';
import { imageFrames, sniffFormat } from './sniff.js';
import { tesseractSettings, type TesseractOptions } from './tesseract-options.js';
import type { LanguageCode } from '../knowledge/languages/index.js';

export type { BBox, Block, DocumentFormat, DocumentModel, Line, Page, Word } from './model.js';
export { closeOcr } from './ocr.js';
export { TESSERACT_DEFAULTS, type TesseractOptions } from './tesseract-options.js';
export type { OcrProvider, OcrProviderOptions, OcrProviderOutcome, OcrProviderPage, OcrProviderRequest, OcrProviderResponse, OcrProviderWord } from './ocr-provider.js';

export interface OpenDocumentOptions {
  /** Reject documents with more pages (default 200). */
  maxPages?: number;
  /** Reject documents with more words (default 80000). */
  maxWords?: number;
  /** 'auto' (default): OCR images and PDF pages without a usable text layer; 'never'; 'always'. */
  ocr?: 'auto' | 'never' | 'always';
  /**
   * Read the pages that need OCR with this provider instead of local Tesseract; pages it fails on fall back
   * to Tesseract (see ocr-provider.ts). Unset: Tesseract only.
   */
  ocrProvider?: OcrProviderOptions;
  /** How local Tesseract reads pages (binary, passes, languages); every field defaults (TESSERACT_DEFAULTS). */
  tesseract?: TesseractOptions;
  signal?: AbortSignal;
}

export const DEFAULT_MAX_PAGES = 200;
export const DEFAULT_MAX_WORDS = 80_000;
/** Largest image accepted, in pixels per page (a 300-dpi A3 scan is ~17.4 Mpx). */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** A page whose text layer has fewer non-space characters than this is OCRed (ocr: 'auto'). */
const THIN_TEXT_CHARS = 12;
/** ... or whose share of unmapped/control/private-use characters is above this. */
const GARBAGE_RATIO = 0.3;
/**
 * ... or whose mapped text reads like garbage (a scanner's poor OCR layer, a font mapped to the wrong code
 * points): this share of its characters in implausible tokens (see plausibility.ts), on pages with at least
 * SUSPECT_MIN_CHARS characters. Such a page is OCRed and the reading that looks less like garbage is kept.
 */
const SUSPECT_SCORE = 0.1;
const SUSPECT_MIN_CHARS = 200;

function checkAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw signal.reason ?? new DOMException('aborted', 'AbortError');
}

function requireFormat(bytes: Uint8Array): DocumentFormat {
  if (!(bytes instanceof Uint8Array) || bytes.length === 0) throw new EngineError('unsupported_document', 'empty document');
  const format = sniffFormat(bytes);
  if (!format) throw new EngineError('unsupported_document', 'not a PDF, PNG, JPEG or TIFF file');
  return format;
}

function checkImageFrames(bytes: Uint8Array, format: Exclude<DocumentFormat, 'pdf'>) {
  const frames = imageFrames(bytes, format);
  for (const f of frames) {
    if (f.width * f.height > MAX_IMAGE_PIXELS) {
      throw new EngineError('document_too_large', `image of ${f.width}x${f.height} pixels exceeds ${MAX_IMAGE_PIXELS} pixels`);
    }
  }
  return frames;
}

/** Format and page count, without text extraction or OCR (to enforce limits and bill up front). */
export async function inspectDocument(bytes: Uint8Array): Promise<{ format: DocumentFormat; pageCount: number }> {
  const format = requireFormat(bytes);
  if (format !== 'pdf') return { format, pageCount: imageFrames(bytes, format).length };
  const pdf = await openPdf(bytes);
  try {
    return { format, pageCount: pdf.numPages };
  } finally {
    await pdf.close();
  }
}

/** Only the first pages' images are read: that is where letterheads and vendor blocks sit, and it bounds the
 *  cost on long digital documents (see images.ts for what else bounds it). */
const IMAGE_OCR_MAX_PAGE = 2;

/** An embedded image covering at least this share of the page makes it a scanned page. */
const SCAN_MIN_AREA = 0.5;

/**
 * Resolution (dots per inch) of the scan that fills the page: the largest embedded image covering at least
 * SCAN_MIN_AREA of it, along its finer axis (a fax is 204 x 98 or 204 x 196 dpi). An image placed turned
 * (a landscape scan on a portrait page) is measured with its sides matched the way that gives the squarer
 * pixels. Undefined for pages that are not one big image.
 */
export function scanSourceDpi(t: PageText): number | undefined {
  let best: PageText['images'][number] | undefined;
  let bestArea = SCAN_MIN_AREA * t.width * t.height;
  for (const img of t.images) {
    const area = (img.x1 - img.x0) * (img.y1 - img.y0);
    if (area >= bestArea) {
      best = img;
      bestArea = area;
    }
  }
  if (!best) return undefined;
  const bw = best.box.x1 - best.box.x0;
  const bh = best.box.y1 - best.box.y0;
  if (!(bw > 0 && bh > 0)) return undefined;
  const same = [best.pixelWidth / bw, best.pixelHeight / bh];
  const turned = [best.pixelWidth / bh, best.pixelHeight / bw];
  const squareness = (d: number[]) => Math.min(d[0]!, d[1]!) / Math.max(d[0]!, d[1]!);
  const axes = best.upright || squareness(same) >= squareness(turned) ? same : turned;
  return 72 * Math.max(axes[0]!, axes[1]!);
}

function needsOcr(t: PageText): boolean {
  return t.chars < THIN_TEXT_CHARS || t.badChars > GARBAGE_RATIO * t.chars;
}

/** Garbage score of a mapped text layer that is long enough to judge (0 otherwise). */
function suspectScore(t: PageText): number {
  if (t.chars < SUSPECT_MIN_CHARS) return 0;
  const score = garbageScore(textPlausibility(t.fragments.map((f) => f.text)));
  return score >= SUSPECT_SCORE ? score : 0;
}

/**
 * Pages of one document rendered and read by OCR at a time. A rendered 300-dpi page holds ~45 MiB (canvas,
 * grey image; more for a scan's decoded image) until its recognition ends, and OCR processes are limited process-wide
 * anyway (ocr.ts), so starting every scanned page at once only buys memory: a 200-page scan took ~19 GiB.
 * One page per usable CPU keeps rendering of the next page overlapping recognition of the current one.
 */
export const OCR_PAGES_IN_FLIGHT = Math.max(1, usableCpus());

/** Text-layer words kept for the document's language (a few pages' worth is plenty). */
const LANGUAGE_SAMPLE_WORDS = 2000;

/** A page built from OCR lines, with the turn and the language the reading found. */
function ocrPageOf(n: number, r: OcrResult): Page {
  const page = buildPage(n, r.width, r.height, r.lines, 'ocr');
  if (r.rotation) page.rotation = r.rotation;
  // a provider's reading does not say; its words do
  const language = r.model ? r.language : guessLanguage(r.lines.flatMap((l) => l.map((w) => w.text))).language;
  if (language) page.language = language;
  return page;
}

export async function openDocument(bytes: Uint8Array, options: OpenDocumentOptions = {}): Promise<DocumentModel> {
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  const maxWords = options.maxWords ?? DEFAULT_MAX_WORDS;
  const mode = options.ocr ?? 'auto';
  const { signal } = options;
  const tesseract = tesseractSettings(options.tesseract);
  checkAborted(signal);
  const format = requireFormat(bytes);
  let wordCount = 0;
  const addWords = (page: Page) => {
    wordCount += page.words.length;
    if (wordCount > maxWords) throw new EngineError('document_too_large', `more than ${maxWords} words`);
  };
  const pages: Page[] = [];
  const limit = pLimit(OCR_PAGES_IN_FLIGHT);
  let abandoned = false;
  /** Runs one page's OCR when a place is free; pages still queued when the document fails are skipped. */
  const ocrPage = <T>(read: () => Promise<T>): Promise<T> =>
    limit(() => (abandoned ? Promise.reject(new EngineError('unsupported_document', 'document abandoned')) : read()));

  if (format !== 'pdf') {
    const frames = checkImageFrames(bytes, format);
    if (frames.length > maxPages) throw new EngineError('document_too_large', `${frames.length} pages exceed the limit of ${maxPages}`);
    if (mode === 'never') {
      frames.forEach((f, i) => pages.push(buildPage(i + 1, f.width, f.height, [], 'ocr')));
    } else {
      const provided = options.ocrProvider
        ? await readWithProvider(options.ocrProvider, bytes, format, frames.map((_, i) => i + 1), signal)
        : undefined;
      if (provided) options.ocrProvider!.onOutcome?.(provided.outcome);
      const reads = frames.map((f, i) => {
        const reading = provided?.readings.get(i + 1);
        return reading ? Promise.resolve(providerPageToOcrResult(reading, f.width, f.height)) : ocrPage(() => ocrImage(bytes, format, i, { signal, tesseract }));
      });
      let results;
      try {
        results = await Promise.all(reads);
      } catch (err) {
        abandoned = true;
        await Promise.allSettled(reads);
        throw err;
      }
      results.forEach((r, i) => {
        const page = ocrPageOf(i + 1, r);
        addWords(page);
        pages.push(page);
      });
    }
    return { format, pages, pageCount: pages.length, wordCount };
  }

  const pdf = await openPdf(bytes);
  const ocrJobs: Array<Promise<void>> = [];
  const imageText = new ImageTextReader(signal, tesseract);
  /** Words of the text layers kept so far: the language they tell is the hint for pages read by OCR. */
  const layerSample: string[] = [];
  let layerLanguage: { words: number; language?: LanguageCode } = { words: 0 };
  const documentLanguage = () => {
    if (layerLanguage.words !== layerSample.length) layerLanguage = { words: layerSample.length, language: guessLanguage(layerSample).language };
    return layerLanguage.language;
  };
  /** Pages waiting for the OCR provider (all of them are sent in one call once the loop has seen every page). */
  const forProvider: Array<{ n: number; pdfPage: Parameters<typeof ocrPdfPage>[0]; text: PageText; apply: (r: OcrResult) => void; languageHint?: LanguageCode }> = [];
  try {
    if (pdf.numPages > maxPages) throw new EngineError('document_too_large', `${pdf.numPages} pages exceed the limit of ${maxPages}`);
    for (let n = 1; n <= pdf.numPages; n++) {
      checkAborted(signal);
      let pdfPage;
      try {
        pdfPage = await pdf.doc.getPage(n);
      } catch (err) {
        throw mapPdfError(err);
      }
      const text = await pageText(pdfPage);
      pdf.checkStreams();
      const layerLines = linesFromFragments(text.fragments);
      const page = buildPage(n, text.width, text.height, layerLines, 'text-layer');
      pages.push(page);
      wordCount += page.words.length;
      if (wordCount > maxWords) throw new EngineError('document_too_large', `more than ${maxWords} words`);
      const suspect = mode === 'auto' && !needsOcr(text) ? suspectScore(text) : 0;
      if (mode === 'always' || (mode === 'auto' && (suspect > 0 || needsOcr(text)))) {
        const index = pages.length - 1;
        const languageHint = documentLanguage();
        const apply = (r: OcrResult) => {
          // OCR replaces the text layer only when it read more (a blank page keeps its empty layer), or,
          // for a layer that reads like garbage, when the OCR reading looks less like garbage.
          const better = suspect > 0
            ? r.wordCount >= 0.5 * page.words.length && garbageScore(textPlausibility(r.lines.flatMap((l) => l.map((w) => w.text)))) < suspect
            : r.wordCount > page.words.length;
          if (better || (mode === 'always' && r.wordCount > 0)) pages[index] = ocrPageOf(n, r);
        };
        if (options.ocrProvider) {
          forProvider.push({ n, pdfPage, text, apply, languageHint });
        } else {
          const job = ocrPage(() => ocrPdfPage(pdfPage, { signal, tesseract, languageHint, sourceDpi: scanSourceDpi(text) })).then(apply);
          job.catch(() => undefined); // awaited below; avoids an unhandled rejection while the loop runs
          ocrJobs.push(job);
        }
      } else {
        const words = textWords(page.text);
        const language = guessLanguage(words).language;
        if (language) page.language = language;
        if (layerSample.length < LANGUAGE_SAMPLE_WORDS) layerSample.push(...words.slice(0, LANGUAGE_SAMPLE_WORDS - layerSample.length));
        const images = mode === 'auto' && n <= IMAGE_OCR_MAX_PAGE ? textlessImages(text) : [];
        if (images.length > 0) {
          const index = pages.length - 1;
          const job = imageText.read(pdfPage, images, language ?? documentLanguage()).then((lines) => {
            const merged = mergeImageText(layerLines, text, lines);
            if (!merged) return;
            const withImages = buildPage(n, text.width, text.height, merged, 'text-layer');
            if (language) withImages.language = language;
            pages[index] = withImages;
          }).finally(() => pdfPage.cleanup());
          job.catch(() => undefined);
          ocrJobs.push(job);
        } else {
          pdfPage.cleanup();
        }
      }
    }
    if (forProvider.length > 0) {
      const job = readWithProvider(options.ocrProvider!, bytes, format, forProvider.map((p) => p.n), signal).then(({ readings, outcome }) => {
        options.ocrProvider!.onOutcome?.(outcome);
        return Promise.all(forProvider.map(async ({ n, pdfPage, text, apply, languageHint }) => {
          const reading = readings.get(n);
          if (reading) {
            pdfPage.cleanup();
            apply(providerPageToOcrResult(reading, text.width, text.height));
          } else {
            apply(await ocrPage(() => ocrPdfPage(pdfPage, { signal, tesseract, languageHint, sourceDpi: scanSourceDpi(text) })));
          }
        }));
      }).then(() => undefined);
      job.catch(() => undefined);
      ocrJobs.push(job);
    }
    await Promise.all(ocrJobs);
    pdf.checkStreams();
  } catch (err) {
    abandoned = true;
    await Promise.allSettled(ocrJobs);
    throw err;
  } finally {
    await pdf.close();
  }
  wordCount = 0;
  for (const p of pages) addWords(p);
  return { format, pages, pageCount: pages.length, wordCount };
}

export { closeOcr as terminateOcr };
