import { DocContext } from '../../src/extract/context.js';
import { findLabels } from '../../src/extract/labels.js';
import { doc } from '../helpers/doc.js';
import { extract as run } from '../kinds/kind-helpers.js';

// Two header cells of one row: "Invoice Date" at the left, "Due Date" in the middle.
const headerRow = () => new DocContext(doc([{ text: 'Invoice Date', x: 0.05, y: 0.2 }, { text: 'Due Date', x: 0.4, y: 0.2 }]));

test('a phrase is not read across two cells of a row ("Invoice [Date ... Due] Date")', () => {
  expect(findLabels(headerRow(), ['date due'])).toEqual([]);
});

test('a phrase inside one cell is still read', () => {
  const hits = findLabels(headerRow(), ['due date']);
  expect(hits).toHaveLength(1);
});

describe('a grid of header cells over a row of values', () => {
  test('each value belongs to the header cell right above it, not to a neighbour whose box reaches over it', () => {
    // a tax breakdown set tight: "Excl. VAT" heads 164.00, which the "VAT" cell's box nearly reaches; "VAT" heads 34.00
    const r = run([
      { text: 'ACME Ltd', y: 0.05 },
      { text: 'Rate', x: 0.1, y: 0.6 }, { text: 'Excl. VAT', x: 0.2, y: 0.6 }, { text: 'VAT', x: 0.33, y: 0.6 }, { text: 'Gross', x: 0.43, y: 0.6 },
      { text: '21%', x: 0.1, y: 0.63 }, { text: '164.00', x: 0.24, y: 0.63 }, { text: '34.00', x: 0.33, y: 0.63 }, { text: '198.00', x: 0.43, y: 0.63 },
    ], { tax_amount: { type: ['number', 'null'], description: 'VAT amount' } });
    expect(r.data.tax_amount).toBe(34);
  });

  test('a currency or a bracketed note set beside the label is part of its cell, not another header', () => {
    // "(EUR)" sits right above the total, a little apart from "Total": it qualifies it, it heads no column
    const r = run([
      { text: 'ACME Ltd', y: 0.05 },
      { text: 'Amount 974.45', x: 0.1, y: 0.3 },
      { text: 'Qty', x: 0.45, y: 0.6 }, { text: 'Total', x: 0.6, y: 0.6 }, { text: '(EUR)', x: 0.665, y: 0.6 },
      { text: '1', x: 0.45, y: 0.63 }, { text: '1218.06', x: 0.66, y: 0.63 },
    ], { total_amount: { type: ['number', 'null'] } });
    expect(r.data.total_amount).toBe(1218.06);
  });
});

test('a label glued to the value it prefixes ("PO" of "PO869039") heads no column below it', () => {
  const r = run([
    { text: 'ACME Ltd', y: 0.05 },
    { text: 'Order', x: 0.6, y: 0.2 },
    { text: 'PO869039', x: 0.6, y: 0.23 },
    { text: '23.0', x: 0.6, y: 0.26 },
  ], { purchase_order: { type: ['string', 'null'] } });
  expect(r.fields['/purchase_order']!.candidates!.find((c) => c.value === '23.0')?.features.lab ?? 0).toBe(0);
});

test('a label that prefixes a value ("PO" of "PO-44181") labels no other value of its row', () => {
  const r = run([
    { text: 'ACME Ltd', y: 0.05 },
    { text: 'Your ref.', x: 0.1, y: 0.3 }, { text: 'Customer no.', x: 0.4, y: 0.3 },
    { text: 'PO-44181', x: 0.1, y: 0.33 }, { text: '78072', x: 0.4, y: 0.33 },
  ], { po_number: { type: ['string', 'null'] } });
  expect(r.data.po_number).toBe('PO-44181');
});
