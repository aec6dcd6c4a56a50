import { claimers, field, groupOf, kindName, str } from '../kind-helpers.js';

describe('payment-terms kind', () => {
  test('claims a payment terms string, however named', () => {
    expect(kindName('payment_terms', str)).toBe('payment-terms');
    expect(kindName('terms_of_payment', str)).toBe('payment-terms');
    expect(kindName('terms', str)).toBe('payment-terms');
  });

  test('does not claim renewal, delivery or agreement terms, nor a numeric field', () => {
    expect(claimers('renewal_terms', str)).not.toContain('payment-terms');
    expect(claimers('delivery_terms', str)).not.toContain('payment-terms');
    expect(claimers('agreement_terms', str)).not.toContain('payment-terms');
    expect(claimers('payment_terms_days', { type: 'integer' })).not.toContain('payment-terms');
  });

  test('"Net 30" is found unlabelled', () => {
    expect(field(['ACME Inc.', 'Invoice No: 1001', 'Payment: Net 30', 'Total 100.00'], 'payment_terms', str).value).toBe('Net 30');
    expect(field(['ACME Inc.', 'Invoice No: 1001', 'Net 30', 'Total 100.00'], 'payment_terms', str).value).toBe('Net 30');
  });

  test('a terms phrase beats a labelled value that reads as no terms', () => {
    const { value } = field(['ACME Inc.', 'Terms: see reverse side', 'Payment due within 14 days of invoice date'], 'payment_terms', str);
    expect(value).toBe('due within 14 days of invoice date');
  });

  test('fixed wordings are read in other languages', () => {
    expect(field(['ACME GmbH', 'Rechnung 1001', '14 Tage netto'], 'payment_terms', str).value).toBe('14 Tage netto');
    expect(field(['ACME', 'Facture 1001', 'Règlement à 30 jours fin de mois'], 'payment_terms', str).value).toBe('à 30 jours fin de mois');
  });

  test('calibrates as free text', () => {
    expect(groupOf('payment_terms', str)).toBe('text');
    expect(field(['Terms: Net 30'], 'payment_terms', str).result.group).toBe('text');
  });
});
