import { PDFDocument, rgb } from 'pdf-lib';

/**
 * A PDF whose pages carry rows of word-like ink blocks and no text layer, so that the engine renders and
 * OCRs every page: about a second of work a page on the development machine (2 cores), which makes a job
 * that is still running seconds after it started. Deterministic bytes.
 */
export async function ocrOnlyPdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setCreationDate(new Date('2026-01-01T00:00:00Z'));
  doc.setModificationDate(new Date('2026-01-01T00:00:00Z'));
  doc.setProducer('exs tests');
  let seed = 7;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage([612, 792]);
    for (let line = 0; line < 45; line++) {
      for (let x = 50; x < 550; x += 8) {
        const letters = 2 + Math.floor(rnd() * 7);
        for (let k = 0; k < letters; k++, x += 6) {
          page.drawRectangle({ x, y: 740 - line * 15, width: 3 + rnd() * 2, height: 5 + Math.floor(rnd() * 3), color: rgb(0, 0, 0) });
        }
      }
    }
  }
  return doc.save({ useObjectStreams: false });
}
