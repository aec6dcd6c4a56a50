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
  // the payment verb before the date, then "until" ("bis zum"): the verb makes the range word a deadline
  ['de', 'Datum:', 'Bitte überweisen Sie den Betrag bis zum 01.06.2024.'],
  // the verb after the date, at the clause's end
  ['nl', 'Datum:', 'Wij verzoeken u het totaalbedrag vóór 01.06.2024 over te maken.'],
  ['sv', 'Datum:', 'Beloppet ska betalas senast 01.06.2024.'],
  ['pl', 'Data:', 'Prosimy zapłacić do 01.06.2024.'],
])('%s: a payment deadline stated in a sentence is the due date, not the issue date', (_lang, dateLabel, sentence) => {
  const r = extractFromDocument(invoice(dateLabel, sentence), schema);
  expect(r.data.due_date).toBe('2024-06-01');
  expect(r.data.invoice_date).toBe('2024-05-02');
});

test('a date with "until" and no payment word is no due date ("valid until")', () => {
  const r = extractFromDocument(invoice('Datum:', 'Dieses Angebot ist gültig bis zum 01.06.2024.'), schema);
  expect(r.data.due_date).toBeNull();
});

test('a payment verb after the date counts only within its clause: not past the line\'s end', () => {
  const r = extractFromDocument(doc(['ACME SARL', 'Facture 2024-118', 'Date : 02.05.2024', 'Livraison 10.05.2024', 'Merci de régler par virement.']), schema);
  expect(r.data.due_date).toBeNull();
});
