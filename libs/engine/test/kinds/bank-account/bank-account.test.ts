import { claimers, field, groupOf, kindName, str } from '../kind-helpers.js';

describe('bank-account kinds (iban, bic)', () => {
  test('claims an iban property by the iban kind and a BIC or SWIFT code by the bic kind', () => {
    expect(kindName('iban', str)).toBe('iban');
    expect(kindName('vendor_iban', str)).toBe('iban');
    expect(kindName('bic', str)).toBe('bic');
    expect(kindName('swift_code', str)).toBe('bic');
  });

  test('does not claim an account number or a tax id', () => {
    for (const name of ['account_number', 'vendor_vat_number']) expect(claimers(name, str)).not.toEqual(expect.arrayContaining([expect.stringMatching(/^(iban|bic)$/)]));
  });

  test('an IBAN is evidence alone, without a label', () => {
    expect(field(['ACME GmbH', 'DE89 3704 0044 0532 0130 00'], 'iban', str).value).toBe('DE89 3704 0044 0532 0130 00');
  });

  test('a BIC is taken only when labelled', () => {
    expect(field(['ACME GmbH', 'BIC: COBADEFFXXX'], 'bic', str).value).toBe('COBADEFFXXX');
    expect(field(['ACME GmbH', 'COBADEFFXXX'], 'bic', str).value).toBeNull();
  });

  test('calibrate in the identifier group', () => {
    expect(groupOf('iban', str)).toBe('identifier');
    expect(groupOf('bic', str)).toBe('identifier');
    expect(field(['IBAN: DE89 3704 0044 0532 0130 00'], 'iban', str).result.group).toBe('identifier');
  });
});
