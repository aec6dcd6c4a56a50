import { compileSchema, extractFromDocument } from '../../src/index.js';
import type { DocumentModel } from '../../src/document/model.js';
import { page } from '../helpers/doc.js';

const schema = compileSchema({ type: 'object', properties: { invoice_date: { type: ['string', 'null'], format: 'date', description: 'Invoice date' } } });

/** A one-page scan: every word OCR'd with confidence 0.9, the date's words with the given confidence. */
function scan(dateConfidence: number): DocumentModel {
  const p = page(['ACME GmbH', 'Invoice', 'Invoice date: 12.03.2024', 'Total 100.00 EUR']);
  p.source = 'ocr';
  for (const w of p.words) w.confidence = w.text === '12.03.2024' ? dateConfidence : 0.9;
  return { format: 'pdf', pages: [p], pageCount: 1, wordCount: p.words.length };
}

test('an extracted value carries the lowest OCR confidence of its words, the document mean and its page count as calibration features', () => {
  const r = extractFromDocument(scan(0.42), schema, { debug: true });
  expect(r.data.invoice_date).toBe('2024-03-12');
  const f = r.fields['/invoice_date']!.features!;
  expect(f.ocr).toBe(0.42);
  expect(f.docOcr).toBeCloseTo((0.42 + 0.9 * (scan(0.42).pages[0]!.words.length - 1)) / scan(0.42).pages[0]!.words.length, 3);
  expect(f.ocrAll).toBe(0.42);
  expect(f.margin).toBeGreaterThan(0);
  expect(f.pages).toBe(1);
});

test('calibration features stay out of results without debug', () => {
  expect(extractFromDocument(scan(0.42), schema).fields['/invoice_date']!.features).toBeUndefined();
});

test("a value of several OCR'd words carries the product of their confidences: the chance all were read right", () => {
  const p = page(['ACME GmbH', 'Invoice', 'Invoice date: 12 March 2024', 'Total 100.00 EUR']);
  p.source = 'ocr';
  for (const w of p.words) w.confidence = ({ '12': 0.9, March: 0.8, '2024': 0.5 } as Record<string, number>)[w.text] ?? 0.95;
  const f = extractFromDocument({ format: 'pdf', pages: [p], pageCount: 1, wordCount: p.words.length }, schema, { debug: true }).fields['/invoice_date']!.features!;
  expect(f.ocr).toBe(0.5);
  expect(f.ocrAll).toBeCloseTo(0.9 * 0.8 * 0.5, 3);
});
