import { openDocument } from '../../src/document/index.js';
import { buildPdf, stream } from '../fixtures/pdf-builder.js';

/** One page showing text in a CID font (no font file) whose /W declares one width for `first`..`last`. */
function cidWidthsPdf(first: number, last: number): Uint8Array {
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    `<< /Type /Font /Subtype /Type0 /BaseFont /Foo /Encoding /Identity-H /DescendantFonts [<< /Type /Font /Subtype /CIDFontType2 /BaseFont /Foo /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /W [${first} ${last} 500] >>] >>`,
    stream('', 'BT /F1 12 Tf 72 700 Td <00410042> Tj ET'),
  ]);
}

test('a CID font width range over all 32-bit codes is read without filling it', async () => {
  // Before the pdfjs.ts patch, pdf.js set a width for each of the 2^32 codes: ~30 s and 2.6 GB.
  const before = process.memoryUsage().rss;
  const doc = await openDocument(cidWidthsPdf(0, 4294967295), { ocr: 'never' });
  expect(doc.pageCount).toBe(1);
  expect(process.memoryUsage().rss - before).toBeLessThan(512 * 1024 * 1024);
});
