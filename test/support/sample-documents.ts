import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A one-page digital invoice with a text layer, drawn with pdf-lib (deterministic bytes). */
export async function sampleInvoicePdf(pages = 1): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setCreationDate(new Date('2026-01-01T00:00:00Z'));
  doc.setModificationDate(new Date('2026-01-01T00:00:00Z'));
  doc.setProducer('exs tests');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage([612, 792]);
    const text = (s: string, x: number, y: number, f = font, size = 11) => page.drawText(s, { x, y, size, font: f });
    text('ACME Supplies Ltd.', 50, 740, bold, 16);
    text('12 Harbour Road, Springfield', 50, 722);
    text('INVOICE', 430, 740, bold, 18);
    text('Invoice Number:', 380, 710);
    text('INV-2026-0042', 480, 710);
    text('Invoice Date:', 380, 694);
    text('2026-03-15', 480, 694);
    text('Bill To: Globex Corporation', 50, 660);
    text('Description', 50, 600, bold);
    text('Amount', 480, 600, bold);
    text('Consulting services', 50, 580);
    text('1,200.00', 480, 580);
    text('Hardware', 50, 562);
    text('300.50', 480, 562);
    text('Total Due:', 380, 520, bold);
    text('USD 1,500.50', 470, 520, bold);
    if (pages > 1) text(`Page ${i + 1} of ${pages}`, 280, 40, font, 9);
  }
  return doc.save({ useObjectStreams: false });
}

export const sampleInvoiceSchema = {
  type: 'object',
  properties: {
    invoice_number: { type: 'string', description: 'The invoice number' },
    invoice_date: { type: 'string', format: 'date', description: 'Date the invoice was issued' },
    total: { type: 'number', description: 'Total amount due' },
  },
} as const;

/** A one-page digital PDF whose text layer reads `lines`, one per line, top down (deterministic bytes). */
export async function textLinesPdf(lines: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setCreationDate(new Date('2026-01-01T00:00:00Z'));
  doc.setModificationDate(new Date('2026-01-01T00:00:00Z'));
  doc.setProducer('exs tests');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  lines.forEach((line, i) => page.drawText(line, { x: 50, y: 740 - i * 18, size: 11, font }));
  return doc.save({ useObjectStreams: false });
}
