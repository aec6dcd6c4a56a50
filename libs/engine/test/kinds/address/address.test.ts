import { claimers, extract, field, groupOf, kindName, str } from '../kind-helpers.js';

describe('address kind', () => {
  test('claims postal addresses and their parts', () => {
    expect(kindName('vendor_address', str)).toBe('address');
    expect(kindName('postal_address', str)).toBe('address');
    expect(kindName('street', str)).toBe('address');
    expect(kindName('city', str)).toBe('address');
    expect(kindName('zip_code', str)).toBe('address');
    expect(kindName('country_code', str)).toBe('address');
  });

  test('does not claim names, e-mail addresses or phone numbers', () => {
    expect(claimers('vendor_name', str)).not.toContain('address');
    expect(claimers('email_address', str)).not.toContain('address');
    expect(claimers('vendor_phone', str)).not.toContain('address');
  });

  test('the address is the lines after the organisation header, up to a contact line', () => {
    const { value } = field([
      'ACME TRADING SDN BHD',
      'NO 12, JALAN DEDAP 13,',
      'TAMAN JOHOR JAYA',
      '81100 JOHOR BAHRU',
      'TEL: 07-3541234',
      'INVOICE',
    ], 'vendor_address', str);
    expect(value).toBe('NO 12, JALAN DEDAP 13, TAMAN JOHOR JAYA 81100 JOHOR BAHRU');
  });

  test('address parts are read from a postal block: street above, "City, ST 12345" line', () => {
    const r = extract(['Acme Corp', '1200 Market Street', 'San Francisco, CA 94103', 'Invoice No: 1001'], { street: str, city: str, postal_code: str, state_code: str });
    expect(r.data).toEqual({ street: '1200 Market Street', city: 'San Francisco', postal_code: '94103', state_code: 'CA' });
  });

  test('the customer\'s address parts come from the block under "Bill to", the vendor\'s from the other', () => {
    const r = extract(['Acme Corp', '1200 Market Street', 'San Francisco, CA 94103', 'Bill to:', 'Beta LLC', '55 Elm Street', 'Boston, MA 02110'], { vendor_city: str, customer_city: str });
    expect(r.data).toEqual({ vendor_city: 'San Francisco', customer_city: 'Boston' });
  });

  test('calibrates in the address group', () => {
    expect(groupOf('vendor_address', str)).toBe('address');
    expect(groupOf('city', str)).toBe('address');
    expect(field(['ACME', '12 Main Street 10001 Springfield'], 'vendor_address', str).result.group).toBe('address');
  });
});
