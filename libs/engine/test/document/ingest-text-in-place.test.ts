import { openPdf, pageText } from '../../src/document/pdf.js';
import { buildPdf, stream } from '../fixtures/pdf-builder.js';

/** One page drawing `word` `times` times at the same place (Flate-compressed content), then another line. */
function overdrawnPdf(word: string, times: number): Uint8Array {
  const content = `BT /F1 12 Tf 72 700 Td (${word}) Tj ET\n`.repeat(times) + 'BT /F1 12 Tf 72 650 Td (Net 30 days) Tj ET';
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    stream('', content, true),
  ]);
}

test('text drawn a hundred thousand times in place is kept as a few copies', async () => {
  // Each copy went to row clustering, quadratic in overlapping fragments: ~50 s for this page (found by fuzzing).
  const pdf = await openPdf(overdrawnPdf('Total', 100_000));
  try {
    const t = await pageText(await pdf.doc.getPage(1));
    const totals = t.fragments.filter((f) => f.text === 'Total').length;
    expect(totals).toBeGreaterThan(0);
    expect(totals).toBeLessThanOrEqual(4);
    expect(t.fragments.map((f) => f.text)).toEqual(expect.arrayContaining(['Net', '30', 'days']));
  } finally {
    await pdf.close();
  }
});
