import { compileSchema, extractFromDocument } from '../../src/index.js';
import { doc } from '../helpers/doc.js';

const one = (schema: Record<string, unknown>, lines: Parameters<typeof doc>[0]) =>
  extractFromDocument(doc(lines), compileSchema({ type: 'object', properties: schema }));

test('line-item columns behind opaque keys are found through their descriptions', () => {
  const r = one({
    field_1: {
      type: 'array',
      items: { type: 'object', properties: { field_2: { type: 'string', description: 'Product / service description.' }, field_3: { type: 'number', description: 'Unit price.' } } },
    },
  }, [
    { text: 'Description', x: 0.05, y: 0.36 }, { text: 'Unit Price', x: 0.65, y: 0.36 },
    { text: 'Blue pens box', x: 0.05, y: 0.4 }, { text: '132.20', x: 0.65, y: 0.4 },
    { text: 'Red pens box', x: 0.05, y: 0.43 }, { text: '12.00', x: 0.65, y: 0.43 },
  ]);
  expect(r.data.field_1).toEqual([{ field_2: 'Blue pens box', field_3: 132.2 }, { field_2: 'Red pens box', field_3: 12 }]);
});

const INVOICE = [
  'ACME Supplies Ltd',
  '12 High Street, Leeds',
  'Invoice no: INV-2041',
  'Order date: 01.02.2023',
  'Invoice date: 03.02.2023',
  'Due date: 05.03.2023',
  'Widgets 100.00',
  'Subtotal 100.00',
  'VAT 20% 20.00',
  'Total 120.00',
];

test('a date field named "transaction_date" on an invoice is read as the invoice date', () => {
  const r = one({ transaction_date: { type: ['string', 'null'], description: 'ISO 8601.' } }, INVOICE);
  expect(r.data.transaction_date).toBe('2023-02-03');
});

test('a date field named "pay_by_date" is read as the due date', () => {
  const r = one({ pay_by_date: { type: ['string', 'null'] } }, INVOICE);
  expect(r.data.pay_by_date).toBe('2023-03-05');
});

test('an opaque key titled "Invoice number" gets the invoice number labels', () => {
  const r = one({ field_1: { type: ['string', 'null'], title: 'Invoice number' } }, INVOICE);
  expect(r.data.field_1).toBe('INV-2041');
});

test('a net amount named "amount_before_tax" is read as the subtotal', () => {
  const r = one({ amount_before_tax: { type: ['number', 'null'] }, grand_total: { type: ['number', 'null'] } }, INVOICE);
  expect([r.data.amount_before_tax, r.data.grand_total]).toEqual([100, 120]);
});
