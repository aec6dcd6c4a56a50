import { claimers, field, groupOf, kindName, num, str } from '../kind-helpers.js';

describe('percent kind', () => {
  test('claims numeric rates and percentages', () => {
    expect(kindName('vat_rate', num)).toBe('percent');
    expect(kindName('discount_percent', num)).toBe('percent');
    expect(kindName('tax_pct', num)).toBe('percent');
  });

  test('does not claim an amount or a text field', () => {
    expect(claimers('tax_amount', num)).not.toContain('percent');
    expect(claimers('total', num)).not.toContain('percent');
    expect(claimers('notes', str)).not.toContain('percent');
  });

  test('a rate whose row charges 0.00 reads as 0', () => {
    const { value } = field([
      { text: 'Subtotal 100.00', y: 0.6 },
      { text: 'VAT (19%)', y: 0.63 },
      { text: '0.00', x: 0.8, y: 0.63 },
      { text: 'Total 100.00', y: 0.66 },
    ], 'vat_rate', num);
    expect(value).toBe(0);
  });

  test('a rate whose row charges tax keeps its value', () => {
    const { value } = field([
      { text: 'Subtotal 200.00', y: 0.6 },
      { text: 'VAT (19%)', y: 0.63 },
      { text: '38.00', x: 0.8, y: 0.63 },
    ], 'vat_rate', num);
    expect(value).toBe(19);
  });

  test('a description that makes absence mean zero gives 0 without a rate printed', () => {
    const lines = ['Invoice No: 1001', 'Total 100.00'];
    expect(field(lines, 'vat_rate', { ...num, description: 'VAT rate in percent, 0 if no VAT charged.' }).value).toBe(0);
    expect(field(lines, 'vat_rate', { ...num, description: 'VAT rate in percent.' }).value).toBeNull();
  });

  test('calibrates in the amount group', () => {
    expect(groupOf('vat_rate', num)).toBe('amount');
    expect(field(['VAT 7% 7.00'], 'vat_rate', num).result.group).toBe('amount');
  });
});
