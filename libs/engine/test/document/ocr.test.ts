import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { closeOcr, openDocument } from '../../src/document/index.js';
import { greyTiff } from '../fixtures/images.js';
import { buildPdf, stream } from '../fixtures/pdf-builder.js';

// One small receipt scan (461x933) from the evaluation set; only its top part (the shop name) is used.
const receipt = resolve(import.meta.dirname, '../../../../../shared/datasets/sroie/cases/sroie-003/document.jpg');

let header: Buffer; // JPEG of the receipt's top 300 rows
let headerGrey: { data: Buffer; width: number; height: number };

beforeAll(async () => {
  const top = sharp(readFileSync(receipt)).extract({ left: 0, top: 0, width: 461, height: 300 });
  header = await top.clone().jpeg({ quality: 90 }).toBuffer();
  const { data, info } = await top.clone().greyscale().raw().toBuffer({ resolveWithObject: true });
  headerGrey = { data, width: info.width, height: info.height };
});

afterAll(() => closeOcr());

const words = (doc: { pages: Array<{ text: string }> }) => doc.pages.map((p) => p.text).join('\n').toUpperCase();

test('a scanned receipt image is read by OCR with word boxes and confidences', async () => {
  const doc = await openDocument(new Uint8Array(header));
  expect(doc.format).toBe('jpeg');
  const page = doc.pages[0]!;
  expect(page.source).toBe('ocr');
  expect(words(doc)).toContain('YONGFATT');
  for (const w of page.words) {
    expect(page.text.slice(w.start, w.end)).toBe(w.text);
    expect(w.confidence).toBeGreaterThanOrEqual(0);
    expect(w.confidence).toBeLessThanOrEqual(1);
    for (const v of w.bbox) expect(v >= 0 && v <= 1).toBe(true);
  }
  expect(doc.wordCount).toBe(page.words.length);
});

test('a page scanned upside down or sideways is turned upright before OCR', async () => {
  const sideways = await sharp(header).rotate(90).png().toBuffer();
  const doc = await openDocument(new Uint8Array(sideways));
  expect(doc.format).toBe('png');
  expect(doc.pages[0]!.rotation).toBe(270);
  expect(words(doc)).toContain('YONGFATT');
});

test('each page of a multi-page TIFF is OCRed', async () => {
  const blank = { width: 200, height: 100, pixels: new Uint8Array(200 * 100).fill(255) };
  const doc = await openDocument(greyTiff([blank, { width: headerGrey.width, height: headerGrey.height, pixels: headerGrey.data }]));
  expect(doc.format).toBe('tiff');
  expect(doc.pageCount).toBe(2);
  expect(doc.pages[0]!.words).toHaveLength(0);
  expect(doc.pages[1]!.text.toUpperCase()).toContain('YONGFATT');
});

test('a PDF page without a text layer is rendered and OCRed', async () => {
  const w = 461 * 0.72;
  const h = 300 * 0.72;
  const pdf = buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${w} ${h}] /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>`,
    stream('', `q ${w} 0 0 ${h} 0 0 cm /Im1 Do Q`),
    stream('/Type /XObject /Subtype /Image /Width 461 /Height 300 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode', header),
  ]);
  const never = await openDocument(pdf, { ocr: 'never' });
  expect(never.wordCount).toBe(0);
  const doc = await openDocument(pdf);
  expect(doc.pages[0]!.source).toBe('ocr');
  expect(doc.pages[0]!.width).toBeCloseTo(w, 0);
  expect(words(doc)).toContain('YONGFATT');
});

test('ocr never leaves images without words', async () => {
  const doc = await openDocument(new Uint8Array(header), { ocr: 'never' });
  expect(doc.pageCount).toBe(1);
  expect(doc.wordCount).toBe(0);
});
