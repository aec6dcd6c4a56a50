import { claimers, extract, field, groupOf, kindName, str } from '../kind-helpers.js';

describe('tax-id kind', () => {
  test('claims VAT numbers and company registration ids', () => {
    expect(kindName('vendor_vat_number', str)).toBe('tax-id');
    expect(kindName('customer_vat_id', str)).toBe('tax-id');
    expect(kindName('tax_number', str)).toBe('tax-id');
    expect(kindName('siren', str)).toBe('tax-id');
  });

  test('does not claim an invoice number or a tax amount', () => {
    expect(claimers('invoice_number', str)).not.toContain('tax-id');
    expect(claimers('tax_amount', { type: 'number' })).not.toContain('tax-id');
  });

  test('"Your VAT number" is the customer\'s, the plain "VAT number" the vendor\'s', () => {
    const r = extract(['ACME GmbH', 'VAT number: DE123456789', 'Your VAT number: DE987654321'], { vendor_vat_number: str, customer_vat_number: str });
    expect(r.data).toEqual({ vendor_vat_number: 'DE123456789', customer_vat_number: 'DE987654321' });
  });

  test('an id in the customer\'s party block is the customer\'s, however plainly labelled', () => {
    // the seller's own id lost its letter to OCR; the buyer's block, under its heading, holds a clean one
    const lines = [
      'Reformas Galan S.L.', 'Calle Mayor 5', 'NIF 886543217',
      'DATOS DEL CLIENTE', 'Clinica Dental Arroyo S.L.P.', 'Avda. de la Constitucion 8', 'CIF: B91234567',
    ];
    expect(field(lines, 'seller_vat_number', str).value).toBe('886543217');
    expect(field(lines, 'customer_vat_number', str).value).toBe('B91234567');
  });

  test('an unlabelled VAT number is not taken', () => {
    expect(field(['ACME GmbH', 'DE123456789'], 'vendor_vat_number', str).value).toBeNull();
  });

  test('a French SIREN is read out of a SIRET', () => {
    expect(field(['ACME SAS', 'SIRET: 73282932000074'], 'siren', str).value).toBe('732829320');
  });

  test('calibrates in the identifier group', () => {
    expect(groupOf('vendor_vat_number', str)).toBe('identifier');
    expect(field(['VAT number: DE123456789'], 'vendor_vat_number', str).result.group).toBe('identifier');
  });
});
