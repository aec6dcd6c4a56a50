import { compileSchema, extractFromDocument } from '../../../src/index.js';
import { doc } from '../../helpers/doc.js';

const schema = compileSchema({ type: 'object', properties: { invoice_number: { type: 'string' }, po_number: { type: 'string' } } });
const read = (lines: string[]) => extractFromDocument(doc(lines), schema).data;

test.each([
  ['Fatura FT 2023/995', 'FT 2023/995'],
  ['Fatura-Recibo nº FR 2025A/835', 'FR 2025A/835'],
  ['Factura: FV 23-0673', 'FV 23-0673'],
])('"%s": a document series printed before the number is part of it', (line, number) => {
  expect(read(['Carpintaria Ribeiro, Lda', line, 'Data 12.03.2024', 'Total 120,00 €']).invoice_number).toBe(number);
});

test('a label word in capitals before a number is not a series', () => {
  const r = read(['ACME Ltd', 'INVOICE NO 12345', 'PO 4500123', 'Total 10.00']);
  expect(r.invoice_number).toBe('12345');
  expect(r.po_number).toBe('4500123');
});

test('a sum of money counts against a document number, and a currency code is no series', () => {
  const d = doc(['Rinaldi Impianti SA', 'Documento n.', '004/2025', 'Canone annuale 1.00 nr 660.00', 'Totale fattura CHF 712.00']);
  const r = extractFromDocument(d, schema, { debug: true });
  const cands = r.fields['/invoice_number']!.candidates!;
  expect(r.data.invoice_number).toBe('004/2025');
  expect(cands.find((c) => c.value === '660.00')!.features.prior).toBeLessThan(0);
  expect(cands.map((c) => c.value)).not.toContain('CHF 712.00');
});

test('a series of two capitals that only ends a label elsewhere ("ne" of Italian "Att.ne") is a series', () => {
  const r = read(['Correia & Cunha, Lda.', 'Fatura n.º FT 2023/77', 'Encomenda NE 2023/358', 'Total 120,00 €']);
  expect(r.po_number).toBe('NE 2023/358');
});
