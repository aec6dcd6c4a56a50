import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A digital PDF with exactly `words` words (short tokens, 40 per line, 50 lines per page). */
export async function wordyPdf(words: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const perLine = 40;
  const perPage = perLine * 50;
  let left = words;
  let k = 0;
  while (left > 0) {
    const page = doc.addPage([612, 792]);
    const onPage = Math.min(left, perPage);
    for (let line = 0; line * perLine < onPage; line++) {
      const count = Math.min(perLine, onPage - line * perLine);
      const text = Array.from({ length: count }, () => `w${(k++ % 90) + 10}`).join(' ');
      page.drawText(text, { x: 20, y: 770 - line * 15, size: 6, font });
    }
    left -= onPage;
  }
  return doc.save({ useObjectStreams: false });
}
