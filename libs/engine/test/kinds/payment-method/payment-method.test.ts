import { claimers, field, groupOf, kindName, str } from '../kind-helpers.js';

describe('payment-method kind', () => {
  test('claims a payment method, means or type', () => {
    expect(kindName('payment_method', str)).toBe('payment-method');
    expect(kindName('payment_means', str)).toBe('payment-method');
    expect(kindName('payment_type', str)).toBe('payment-method');
    expect(kindName('payment_method', { type: 'string', enum: ['card', 'cash', 'transfer'] })).toBe('payment-method');
  });

  test('does not claim a payment method code, payment terms or a payment date', () => {
    expect(claimers('payment_method_code', { type: 'string', enum: ['30', '31', '58'] })).not.toContain('payment-method');
    expect(claimers('payment_terms', str)).not.toContain('payment-method');
    expect(claimers('payment_date', str)).not.toContain('payment-method');
  });

  test('a method\'s name is evidence on its own, unlabelled', () => {
    expect(field(['ACME GmbH', 'Total 12.50', 'Thank you for paying with PayPal'], 'payment_method', str).value).toBe('PayPal');
  });

  test('unlabelled mentions score by document order', () => {
    expect(field(['ACME GmbH', 'Visa', 'Total 12.50', 'cash'], 'payment_method', str).value).toBe('Visa');
    expect(field(['ACME GmbH', 'cash', 'Total 12.50', 'Visa'], 'payment_method', str).value).toBe('cash');
  });

  test('calibrates as free text: text, or code for an enum', () => {
    expect(groupOf('payment_method', str)).toBe('text');
    expect(groupOf('payment_method', { type: 'string', enum: ['card', 'cash'] })).toBe('code');
    expect(field(['Paid by Visa'], 'payment_method', str).result.group).toBe('text');
  });
});
