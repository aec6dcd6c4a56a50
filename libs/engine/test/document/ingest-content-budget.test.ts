import { EngineError } from '../../src/errors.js';
import { openDocument } from '../../src/document/index.js';
import { openPdf, pageText } from '../../src/document/pdf.js';
import { MAX_PAGE_OPERATORS } from '../../src/document/pdfjs.js';
import { buildPdf, stream } from '../fixtures/pdf-builder.js';

/**
 * One page whose (Flate-compressed: a few hundred KB at most) content is `content`, with font F1 and a 64x64
 * image Im1 (found by fuzzing: such pages kept pdf.js busy for minutes and gigabytes).
 */
function pagePdf(content: string): Uint8Array {
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> /XObject << /Im1 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    stream('/Type /XObject /Subtype /Image /Width 64 /Height 64 /ColorSpace /DeviceGray /BitsPerComponent 8', new Uint8Array(4096), true),
    stream('', content, true),
  ]);
}

const text = 'BT /F1 12 Tf 72 700 Td (Invoice total 42.00) Tj ET\n';

test('a page with more content operators than the budget is too large', async () => {
  const outcome = await openDocument(pagePdf('q Q '.repeat(MAX_PAGE_OPERATORS / 2 + 1000) + text), { ocr: 'never' }).then(() => 'resolved', (err: unknown) => err);
  expect(outcome).toBeInstanceOf(EngineError);
  expect((outcome as EngineError).code).toBe('document_too_large');
}, 60_000);

test('a page nesting 1.8 million unbalanced saves keeps one state per level up to the cap', async () => {
  // Each q cloned the graphics state and kept the previous one: 1.8 million of them held ~0.5 GB more.
  const before = process.memoryUsage().rss;
  const doc = await openDocument(pagePdf('q '.repeat(1_800_000) + text), { ocr: 'never' });
  expect(doc.pages[0]!.words.map((w) => w.text)).toEqual(['Invoice', 'total', '42.00']);
  expect(process.memoryUsage().rss - before).toBeLessThan(256 * 1024 * 1024);
}, 60_000);

test('a page painting an image a million times records a bounded number of placements', async () => {
  const pdf = await openPdf(pagePdf('q 64 0 0 64 72 500 cm /Im1 Do Q\n'.repeat(1) + '/Im1 Do '.repeat(1_000_000) + text));
  try {
    const page = await pdf.doc.getPage(1);
    const t = await pageText(page);
    pdf.checkStreams();
    expect(t.images.length).toBeGreaterThan(0);
    expect(t.images.length).toBeLessThanOrEqual(1000);
  } finally {
    await pdf.close();
  }
}, 60_000);
