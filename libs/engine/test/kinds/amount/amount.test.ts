import { claimers, extract, field, groupOf, kindName, num, str } from '../kind-helpers.js';

describe('amount kind', () => {
  test('claims numeric sums, counts and plain numbers', () => {
    expect(kindName('total_amount', num)).toBe('amount');
    expect(kindName('net_amount', num)).toBe('amount');
    expect(kindName('quantity', { type: 'integer' })).toBe('amount');
    expect(kindName('weight', num)).toBe('amount');
  });

  test('does not claim a rate, an identifier or a date', () => {
    expect(claimers('vat_rate', num)).not.toContain('amount');
    expect(claimers('invoice_number', str)).not.toContain('amount');
    expect(claimers('due_date', str)).not.toContain('amount');
  });

  test('an unlabelled total is the largest amount', () => {
    const { value } = field([
      { text: 'Widget 40.00', y: 0.3 },
      { text: 'Gadget 60.00', y: 0.33 },
      { text: '100.00', x: 0.3, y: 0.4 },
    ], 'total_amount', num);
    expect(value).toBe(100);
  });

  test('the amount of a sums row is the rightmost on its row', () => {
    const { value } = field([
      { text: 'Subtotal', y: 0.6 },
      { text: '45.00', x: 0.6, y: 0.6 },
      { text: '90.00', x: 0.7, y: 0.6 },
    ], 'subtotal_amount', num);
    expect(value).toBe(90);
  });

  test('the base a rate is charged on is not the sum itself', () => {
    const { value } = field([
      { text: '19% VAT on 100.00', y: 0.6 },
      { text: '19.00', x: 0.9, y: 0.6 },
    ], 'tax_amount', num);
    expect(value).toBe(19);
  });

  test('subtotal, tax and total fields take amounts that add up', () => {
    const r = extract([
      { text: 'Subtotal 100.00', y: 0.6 },
      { text: 'Tax 20.00', y: 0.63 },
      { text: 'Total 120.00', y: 0.66 },
      { text: 'Total paid 150.00', y: 0.69 },
      { text: 'Change 30.00', y: 0.72 },
    ], { subtotal_amount: num, tax_amount: num, total_amount: num });
    expect(r.data).toEqual({ subtotal_amount: 100, tax_amount: 20, total_amount: 120 });
  });

  test('calibrates in the amount group', () => {
    expect(groupOf('total_amount', num)).toBe('amount');
    expect(groupOf('quantity', { type: 'integer' })).toBe('amount');
    expect(field(['Total 12.50'], 'total_amount', num).result.group).toBe('amount');
  });
});
