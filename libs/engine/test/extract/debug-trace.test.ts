import { compileSchema, extractFromDocument } from '../../src/index.js';
import { doc } from '../helpers/doc.js';

const invoice = doc(['ACME GmbH', 'Invoice number: INV-2024-001', 'Invoice date: 12.03.2024', 'Delivery date: 10.03.2024', 'Total: 119.00 EUR']);
const schema = compileSchema({ type: 'object', properties: { invoice_date: { type: 'string', format: 'date' }, invoice_number: { type: 'string' } } });

test('debug results trace each field kind and its candidates with their validity', () => {
  const r = extractFromDocument(invoice, schema, { debug: true });
  const date = r.fields['/invoice_date']!;
  expect(date.kind).toBe('date');
  expect(date.candidates!.map((c) => c.value)).toEqual(expect.arrayContaining(['2024-03-12', '2024-03-10']));
  expect(date.candidates![0]!.value).toBe(date.value);
  expect(date.candidates!.every((c) => c.valid && typeof c.score === 'number' && c.calibration.ocr === 1)).toBe(true);
  expect(r.fields['/invoice_number']!.kind).toBe('identifier');
});

test('results without debug carry no trace', () => {
  const r = extractFromDocument(invoice, schema);
  for (const f of Object.values(r.fields)) {
    expect(f.candidates).toBeUndefined();
    expect(f.kind).toBeUndefined();
  }
});
