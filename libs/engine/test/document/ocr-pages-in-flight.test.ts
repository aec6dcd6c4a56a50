// A scanned document's pages are rendered and read a few at a time (OCR_PAGES_IN_FLIGHT), not all at once:
// a rendered page holds ~100 MiB until its recognition ends. The page reader is replaced by one that only
// counts how many pages are being read at once; everything else is the real ingest.
import { jest } from '@jest/globals';
import type { OcrResult } from '../../src/document/ocr.js';
import { textPdf } from '../fixtures/pdf-builder.js';

let reading = 0;
let peak = 0;
let started = 0;
const failOnPage = { n: 0 };

const slowRead = async (page: number): Promise<OcrResult> => {
  started++;
  reading++;
  peak = Math.max(peak, reading);
  await new Promise((r) => setTimeout(r, 15));
  reading--;
  if (page === failOnPage.n) throw new Error('unreadable page');
  return { width: 612, height: 792, lines: [], wordCount: 0, rotation: 0, meanConfidence: 0, orientationChecked: false };
};

const actual = await import('../../src/document/ocr.js');
jest.unstable_mockModule('../../src/document/ocr.js', () => ({
  ...actual,
  ocrPdfPage: (page: { pageNumber: number }) => slowRead(page.pageNumber),
}));
const { openDocument, OCR_PAGES_IN_FLIGHT } = await import('../../src/document/index.js');

/** A PDF of `n` pages without a text layer (each needs OCR). */
const blankPdf = (n: number) => textPdf(Array.from({ length: n }, () => []));

beforeEach(() => {
  reading = 0;
  peak = 0;
  started = 0;
  failOnPage.n = 0;
});

test('no more than OCR_PAGES_IN_FLIGHT pages of a scanned PDF are read at once', async () => {
  const doc = await openDocument(blankPdf(OCR_PAGES_IN_FLIGHT + 6));
  expect(doc.pageCount).toBe(OCR_PAGES_IN_FLIGHT + 6);
  expect(started).toBe(OCR_PAGES_IN_FLIGHT + 6);
  expect(peak).toBe(OCR_PAGES_IN_FLIGHT);
});

test('pages still queued when a page fails are not read', async () => {
  failOnPage.n = 1;
  await expect(openDocument(blankPdf(OCR_PAGES_IN_FLIGHT + 8))).rejects.toThrow('unreadable page');
  expect(started).toBeLessThanOrEqual(2 * OCR_PAGES_IN_FLIGHT);
});
