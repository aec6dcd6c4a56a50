import { compileSchema, extractFromDocument } from '../../src/index.js';
import { DocContext } from '../../src/extract/context.js';
import { rankParties, suffixStyle } from '../../src/kinds/parties/index.js';
import { doc } from '../helpers/doc.js';

const one = (schema: Record<string, unknown>, lines: Parameters<typeof doc>[0]) =>
  extractFromDocument(doc(lines), compileSchema({ type: 'object', properties: schema }));

test('a value far to the right on the same visual row belongs to its label', () => {
  const r = one({ invoice_number: { type: ['string', 'null'] } }, [
    { text: 'Invoice Number:', x: 0.4, y: 0.15 },
    { text: '42183017', x: 0.85, y: 0.15 },
    { text: 'Account 2014', x: 0.05, y: 0.3 },
  ]);
  expect(r.data.invoice_number).toBe('42183017');
});

test('a column header labels the value right below it', () => {
  const r = one({ due_date: { type: ['string', 'null'], description: 'Payment due date, ISO 8601' } }, [
    { text: 'Invoice Date', x: 0.05, y: 0.2 },
    { text: 'Due Date', x: 0.4, y: 0.2 },
    { text: '03/20/2023', x: 0.05, y: 0.23 },
    { text: '04/04/2023', x: 0.4, y: 0.23 },
    { text: 'Total $ 10.00', x: 0.6, y: 0.5 },
  ]);
  expect(r.data.due_date).toBe('2023-04-04');
});

test('"Total HT" is the subtotal, not the total', () => {
  const schema = { total_amount: { type: ['number', 'null'] }, subtotal_amount: { type: ['number', 'null'] } };
  const r = one(schema, [
    { text: 'Total HT :', x: 0.6, y: 0.5 },
    { text: '46,68 €', x: 0.85, y: 0.5 },
    { text: 'TVA 20% :', x: 0.6, y: 0.53 },
    { text: '9,34 €', x: 0.85, y: 0.53 },
    { text: 'Total TTC :', x: 0.6, y: 0.56 },
    { text: '56,02 €', x: 0.85, y: 0.56 },
  ]);
  expect(r.data.subtotal_amount).toBe(46.68);
  expect(r.data.total_amount).toBe(56.02);
});

test('the tax is the rightmost amount of its row, not the base it is computed on', () => {
  const r = one({ tax_amount: { type: ['number', 'null'] } }, [
    { text: 'Subtotal', x: 0.5, y: 0.6 },
    { text: '$ 262.90', x: 0.85, y: 0.6 },
    { text: 'Tax 15% on $ 112.90', x: 0.5, y: 0.63 },
    { text: '$ 16.94', x: 0.86, y: 0.63 },
  ]);
  expect(r.data.tax_amount).toBe(16.94);
});

test('the company under "Bill to" is the customer, not the vendor', () => {
  const r = one({ vendor_name: { type: ['string', 'null'], description: 'Company that issued the invoice' } }, [
    { text: 'Invoice', x: 0.05, y: 0.04 },
    { text: 'Bill To:', x: 0.05, y: 0.2 },
    { text: 'Customer Corp GmbH', x: 0.05, y: 0.23 },
    { text: 'Hauptstrasse 4', x: 0.05, y: 0.26 },
    { text: 'Total 10,00 €', x: 0.6, y: 0.5 },
    { text: 'Widget Makers Ltd, 12 Mill Road, Leeds - VAT GB123456789', x: 0.1, y: 0.93 },
  ]);
  expect(r.data.vendor_name).toBe('Widget Makers Ltd');
});

test('a VAT rate whose row charges nothing reads as 0', () => {
  const r = one({ vat_rate_percent: { type: ['number', 'null'], description: 'VAT rate in percent (0 if no VAT charged).' } }, [
    { text: 'PURCHASES', x: 0.4, y: 0.37 },
    { text: '119.95', x: 0.63, y: 0.37 },
    { text: 'VAT (19%)', x: 0.45, y: 0.39 },
    { text: '0.00', x: 0.64, y: 0.39 },
  ]);
  expect(r.data.vat_rate_percent).toBe(0);
});

test('line items are read under a header row, continuation lines joined to the description', () => {
  const schema = {
    line_items: {
      type: 'array',
      items: { type: 'object', properties: { name: { type: ['string', 'null'] }, qty: { type: ['number', 'null'] }, price_unit: { type: ['number', 'null'] }, price_subtotal: { type: ['number', 'null'] } } },
    },
  };
  const r = one(schema, [
    { text: 'Description', x: 0.05, y: 0.36 }, { text: 'Quantity', x: 0.43, y: 0.36 }, { text: 'Unit Price', x: 0.6, y: 0.36 }, { text: 'Amount', x: 0.88, y: 0.36 },
    { text: 'Office Chair', x: 0.05, y: 0.4 }, { text: '2.00', x: 0.45, y: 0.4 }, { text: '70.00', x: 0.6, y: 0.4 }, { text: '140.00', x: 0.88, y: 0.4 },
    { text: 'black leather', x: 0.05, y: 0.42 },
    { text: 'Desk', x: 0.05, y: 0.45 }, { text: '1.00', x: 0.45, y: 0.45 }, { text: '99.50', x: 0.6, y: 0.45 }, { text: '99.50', x: 0.88, y: 0.45 },
    { text: 'Subtotal', x: 0.6, y: 0.5 }, { text: '239.50', x: 0.88, y: 0.5 },
  ]);
  expect(r.data.line_items).toEqual([
    { name: 'Office Chair black leather', qty: 2, price_unit: 70, price_subtotal: 140 },
    { name: 'Desk', qty: 1, price_unit: 99.5, price_subtotal: 99.5 },
  ]);
});

test('parties: an address place name after a party is not a party', () => {
  const d = doc([
    'MASTER SERVICES AGREEMENT',
    'This Agreement is entered into by and between Corio Inc., a Delaware corporation located at 959 Skyway Road, Redwood City, California 94063 ("Corio"), and',
    'Commerce One, Inc., a Delaware corporation ("Commerce One").',
  ]);
  const names = rankParties(new DocContext(d)).filter((s) => s.score >= 0.3).map((s) => s.value);
  expect(names).toEqual(['Corio Inc.', 'Commerce One Inc.']);
});

test('parties: the schema example with "Inc." abbreviates "Incorporated"', () => {
  expect(suffixStyle("Names of the parties, e.g. 'Nike Inc.'.")).toBe('abbreviated');
  const d = doc(['This Agreement is made between Escalade Incorporated, an Indiana corporation ("Company"), and Beta LLC ("Beta").']);
  const names = rankParties(new DocContext(d), 'abbreviated').map((s) => s.value);
  expect(names).toContain('Escalade Inc.');
});
