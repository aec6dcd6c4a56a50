import { claimers, field, groupOf, kindName, str } from '../kind-helpers.js';

describe('jurisdiction kind', () => {
  test('claims governing law and jurisdiction fields', () => {
    expect(kindName('governing_law', str)).toBe('jurisdiction');
    expect(kindName('applicable_law', str)).toBe('jurisdiction');
    expect(kindName('jurisdiction', str)).toBe('jurisdiction');
  });

  test('does not claim an address or a party', () => {
    expect(claimers('vendor_address', str)).not.toContain('jurisdiction');
    expect(claimers('state_code', str)).not.toContain('jurisdiction');
    expect(claimers('party', str)).not.toContain('jurisdiction');
  });

  test('the governing-law clause\'s place beats a party\'s state of incorporation, even under a "Governing Law" heading', () => {
    const { value } = field([
      'LICENSE AGREEMENT',
      'This Agreement is made between Acme Widgets, Inc. and Beta LLC.',
      '12. Governing Law. Beta is a corporation organized under the laws of the State of Delaware. This Agreement shall be governed by the laws of the State of New York.',
    ], 'governing_law', str);
    expect(value).toBe('New York');
  });

  test('several laws chosen by the clauses are all part of the answer', () => {
    const { value } = field([
      'This Agreement shall be governed by the laws of the State of California and the laws of Hong Kong.',
    ], 'governing_law', str);
    expect(value).toBe('California; Hong Kong');
  });

  test('a region is written with its country when the description\'s example shows that form', () => {
    const lines = ['This Agreement shall be governed by the laws of the Province of Ontario.'];
    expect(field(lines, 'governing_law', { ...str, description: "Governing law, e.g. 'Ontario, Canada'." }).value).toBe('Ontario, Canada');
    expect(field(lines, 'governing_law', str).value).toBe('Ontario');
  });

  test('calibrates in the jurisdiction group', () => {
    expect(groupOf('governing_law', str)).toBe('jurisdiction');
    expect(field(['This Agreement shall be governed by the laws of Texas.'], 'governing_law', str).result.group).toBe('jurisdiction');
  });
});
