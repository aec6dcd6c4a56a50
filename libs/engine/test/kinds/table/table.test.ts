import { compileSchema } from '../../../src/index.js';
import { FIELD_KINDS } from '../../../src/kinds/registry.js';
import { extract } from '../kind-helpers.js';

const ITEMS = {
  line_items: {
    type: 'array',
    items: { type: 'object', properties: { description: { type: ['string', 'null'] }, quantity: { type: ['number', 'null'] }, amount: { type: ['number', 'null'] } } },
  },
};

const TABLE = [
  { text: 'ACME GmbH', y: 0.05 },
  { text: 'Description', x: 0.05, y: 0.36 }, { text: 'Qty', x: 0.5, y: 0.36 }, { text: 'Amount', x: 0.85, y: 0.36 },
  { text: 'Blue pens box', x: 0.05, y: 0.4 }, { text: '4', x: 0.5, y: 0.4 }, { text: '528.80', x: 0.85, y: 0.4 },
  { text: 'Red pens box', x: 0.05, y: 0.43 }, { text: '1', x: 0.5, y: 0.43 }, { text: '12.00', x: 0.85, y: 0.43 },
  { text: 'Total', x: 0.5, y: 0.5 }, { text: '540.80', x: 0.85, y: 0.5 },
];

describe('table (line items)', () => {
  test('an array of objects is read as a table, not by any field kind', () => {
    const node = compileSchema({ type: 'object', properties: ITEMS }).root.properties[0]!.node;
    expect(node.kind).toBe('array');
    expect(FIELD_KINDS.map((k) => k.name)).not.toContain('table');
  });

  test('line items are read from a header row, one item per row below, sums rows skipped', () => {
    expect(extract(TABLE, ITEMS).data.line_items).toEqual([
      { description: 'Blue pens box', quantity: 4, amount: 528.8 },
      { description: 'Red pens box', quantity: 1, amount: 12 },
    ]);
  });

  test('a text-only row continues the previous item\'s description', () => {
    const lines = [...TABLE.slice(0, 7), { text: 'refill pack', x: 0.05, y: 0.415 }, ...TABLE.slice(7)];
    expect(extract(lines, ITEMS).data.line_items).toEqual([
      { description: 'Blue pens box refill pack', quantity: 4, amount: 528.8 },
      { description: 'Red pens box', quantity: 1, amount: 12 },
    ]);
  });

  test('calibrates its cells in the table group', () => {
    const r = extract(TABLE, ITEMS);
    expect(r.fields['/line_items/0/amount']?.group).toBe('table');
    // (without a header row naming the item fields there are no items: the list is missing, in the same group)
    expect(extract(TABLE.filter((l) => l.y !== 0.36), ITEMS).fields['/line_items']?.group).toBe('table');
  });
});
