// The OCR provider hook of openDocument: pages needing OCR go to the provider in one call, its words enter
// the page model like Tesseract's, and whatever it does not read is read by Tesseract.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { closeOcr, openDocument } from '../../src/document/index.js';
import { recognitionCount } from '../../src/document/ocr.js';
import { providerPageToOcrResult, type OcrProvider, type OcrProviderOutcome, type OcrProviderPage, type OcrProviderRequest } from '../../src/document/ocr-provider.js';
import { textPdf } from '../fixtures/pdf-builder.js';

const receipt = resolve(import.meta.dirname, '../../../../../shared/datasets/sroie/cases/sroie-003/document.jpg');
let header: Uint8Array; // the receipt's top 300 rows (its shop name), as JPEG

beforeAll(async () => {
  header = new Uint8Array(await sharp(readFileSync(receipt)).extract({ left: 0, top: 0, width: 461, height: 300 }).jpeg({ quality: 90 }).toBuffer());
});

afterAll(() => closeOcr());

/** A provider answering every requested page with `lines`, recording what it was asked. */
function provider(read: (page: number) => OcrProviderPage | undefined, calls: OcrProviderRequest[] = []): OcrProvider {
  return {
    name: 'test',
    recognize: async (request) => {
      calls.push(request);
      return { pages: request.pages.map(read).filter((p): p is OcrProviderPage => p !== undefined) };
    },
  };
}

const invoicePage = (page: number): OcrProviderPage => ({
  page,
  rotation: 0,
  lines: [[
    { text: 'Invoice', bbox: [0.1, 0.1, 0.2, 0.12], confidence: 0.97 },
    { text: `P${page}-42`, bbox: [0.25, 0.1, 0.4, 0.12], confidence: 0.88 },
  ]],
});

describe('conversion into page units', () => {
  test('0..1 boxes are scaled to the page as stored', () => {
    const r = providerPageToOcrResult(invoicePage(1), 612, 792);
    expect([r.width, r.height]).toEqual([612, 792]);
    expect(r.lines[0]![0]).toMatchObject({ text: 'Invoice', confidence: 0.97 });
    const w = r.lines[0]![0]!;
    expect([w.x0, w.y0, w.x1, w.y1].map((v) => +v.toFixed(4))).toEqual([61.2, 79.2, 122.4, 95.04]);
    expect(r.wordCount).toBe(2);
    expect(r.meanConfidence).toBeCloseTo(0.925, 6);
  });

  test('a page turned a quarter is upright with its sides swapped', () => {
    const r = providerPageToOcrResult({ ...invoicePage(1), rotation: 270 }, 612, 792);
    expect([r.width, r.height, r.rotation]).toEqual([792, 612, 270]);
  });

  test("lines of a provider's block order are put into rows (a label and the value beside it become one line)", () => {
    const r = providerPageToOcrResult({
      page: 1,
      rotation: 0,
      lines: [
        [{ text: 'Total:', bbox: [0.1, 0.5, 0.2, 0.52], confidence: 0.9 }],
        [{ text: 'Seller', bbox: [0.1, 0.1, 0.2, 0.12], confidence: 0.9 }],
        [{ text: '9.99', bbox: [0.25, 0.5, 0.3, 0.52], confidence: 0.9 }],
      ],
    }, 1000, 1000);
    expect(r.lines.map((l) => l.map((w) => w.text).join(' '))).toEqual(['Seller', 'Total: 9.99']);
  });
});

describe('openDocument with a provider', () => {
  test("an image's page is the provider's reading, with its boxes and confidences, and Tesseract does not run", async () => {
    const calls: OcrProviderRequest[] = [];
    const before = recognitionCount();
    const doc = await openDocument(header, { ocrProvider: { provider: provider(invoicePage, calls) } });
    expect(recognitionCount()).toBe(before);
    expect(calls.map((c) => [c.format, c.pages])).toEqual([['jpeg', [1]]]);
    const page = doc.pages[0]!;
    expect(page).toMatchObject({ source: 'ocr', text: 'Invoice P1-42', width: 461, height: 300 });
    expect(page.words.map((w) => [w.text, w.bbox, w.confidence])).toEqual([
      ['Invoice', [0.1, 0.1, 0.2, 0.12], 0.97],
      ['P1-42', [0.25, 0.1, 0.4, 0.12], 0.88],
    ]);
  });

  test('only the PDF pages without a usable text layer go to the provider, all in one call', async () => {
    const calls: OcrProviderRequest[] = [];
    const pdf = textPdf([[[72, 700, 12, 'A digital page with a text layer of its own']], [], [[72, 700, 12, 'Another digital page']], []]);
    const doc = await openDocument(pdf, { ocrProvider: { provider: provider(invoicePage, calls) } });
    expect(calls.map((c) => c.pages)).toEqual([[2, 4]]);
    expect(doc.pages.map((p) => [p.source, p.text])).toEqual([
      ['text-layer', 'A digital page with a text layer of its own'],
      ['ocr', 'Invoice P2-42'],
      ['text-layer', 'Another digital page'],
      ['ocr', 'Invoice P4-42'],
    ]);
  });

  test('a turned page keeps its rotation and upright size', async () => {
    const doc = await openDocument(textPdf([[]]), { ocrProvider: { provider: provider((p) => ({ ...invoicePage(p), rotation: 90 })) } });
    expect(doc.pages[0]).toMatchObject({ rotation: 90, width: 792, height: 612 });
  });

  test('the outcome reports the pages the provider read', async () => {
    const outcomes: OcrProviderOutcome[] = [];
    await openDocument(textPdf([[], []]), { ocrProvider: { provider: provider(invoicePage), onOutcome: (o) => outcomes.push(o) } });
    expect(outcomes).toEqual([{ provider: 'test', requested: [1, 2], recognized: [1, 2], fallback: [], errors: [], durationMs: expect.any(Number) }]);
  });

  test('a provider that fails: the page is read by Tesseract, as without a provider, and the failure reported', async () => {
    const outcomes: OcrProviderOutcome[] = [];
    const failing: OcrProvider = { name: 'test', recognize: () => Promise.reject(new Error('UNAVAILABLE: connection refused')) };
    const before = recognitionCount();
    const doc = await openDocument(header, { ocrProvider: { provider: failing, onOutcome: (o) => outcomes.push(o) } });
    expect(recognitionCount()).toBeGreaterThan(before);
    expect(doc).toEqual(await openDocument(header));
    expect(doc.pages[0]!.text.toUpperCase()).toContain('YONGFATT');
    expect(outcomes).toEqual([{ provider: 'test', requested: [1], recognized: [], fallback: [1], errors: ['UNAVAILABLE: connection refused'], durationMs: expect.any(Number) }]);
  });

  test('pages missing from the answer are read locally; the others keep the reading of the provider', async () => {
    const outcomes: OcrProviderOutcome[] = [];
    const doc = await openDocument(textPdf([[], []]), { ocrProvider: { provider: provider((p) => (p === 2 ? invoicePage(2) : undefined)), onOutcome: (o) => outcomes.push(o) } });
    // Page 1 is blank: local OCR finds nothing on it.
    expect(doc.pages.map((p) => p.text)).toEqual(['', 'Invoice P2-42']);
    expect(outcomes[0]).toMatchObject({ recognized: [2], fallback: [1], errors: ['the provider returned no reading for page(s) 1'] });
  });

  test("the caller's abort is not a provider failure: openDocument rejects", async () => {
    const controller = new AbortController();
    const hanging: OcrProvider = {
      name: 'test',
      recognize: ({ signal }) => new Promise((_, reject) => signal!.addEventListener('abort', () => reject(signal!.reason))),
    };
    const opening = openDocument(textPdf([[]]), { signal: controller.signal, ocrProvider: { provider: hanging } });
    setTimeout(() => controller.abort(new Error('cancelled by caller')), 50);
    await expect(opening).rejects.toThrow('cancelled by caller');
  });

  test("ocr: 'never' asks the provider nothing", async () => {
    const calls: OcrProviderRequest[] = [];
    await openDocument(header, { ocr: 'never', ocrProvider: { provider: provider(invoicePage, calls) } });
    expect(calls).toEqual([]);
  });
});
