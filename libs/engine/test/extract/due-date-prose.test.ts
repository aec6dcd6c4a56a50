import { compileSchema, extractFromDocument } from '../../src/index.js';
import { doc } from '../helpers/doc.js';

const schema = compileSchema({ type: 'object', properties: { invoice_date: { type: 'string', format: 'date' }, due_date: { type: 'string', format: 'date' } } });

/** An invoice dated 02.05.2024 whose payment deadline is stated only in a closing sentence. */
const invoice = (dateLabel: string, sentence: string) => doc(['ACME SARL', 'Facture 2024-118', `${dateLabel} 02.05.2024`, 'Total 1.200,00 EUR', '', sentence]);

test.each([
  ['fr', 'Date :', 'Paiement attendu avant le 01.06.2024.'],
  ['de', 'Datum:', 'Bitte begleichen Sie die Rechnung bis spätestens 01.06.2024.'],
  ['es', 'Fecha:', 'Fecha de pago: 01.06.2024'],
  ['it', 'Data:', 'Da saldare entro il 01.06.2024.'],
  ['nl', 'Datum:', 'Wij verzoeken u het bedrag uiterlijk op 01.06.2024 te voldoen.'],
  ['pt', 'Data:', 'Pagamento até 01.06.2024.'],
  ['en', 'Date:', 'Please pay by 01.06.2024.'],
])('%s: a payment deadline stated in a sentence is the due date, not the issue date', (_lang, dateLabel, sentence) => {
  const r = extractFromDocument(invoice(dateLabel, sentence), schema);
  expect(r.data.due_date).toBe('2024-06-01');
  expect(r.data.invoice_date).toBe('2024-05-02');
});
