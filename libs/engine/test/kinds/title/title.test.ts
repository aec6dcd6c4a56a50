import { claimers, field, groupOf, kindName, str } from '../kind-helpers.js';

describe('title kind', () => {
  test('claims a document\'s title or name', () => {
    expect(kindName('document_name', str)).toBe('title');
    expect(kindName('contract_title', str)).toBe('title');
    expect(kindName('title', str)).toBe('title');
  });

  test('does not claim names of organisations or people', () => {
    expect(claimers('vendor_name', str)).not.toContain('title');
    expect(claimers('name', str)).not.toContain('title');
    expect(claimers('signer_name', str)).not.toContain('title');
  });

  test('a capitalised agreement title is the title, before a lower-case line naming the agreement', () => {
    const { value } = field([
      'Draft services agreement for review',
      'MASTER SERVICES AGREEMENT',
      'This Master Services Agreement is made between Acme Inc. and Beta LLC.',
    ], 'document_name', str);
    expect(value).toBe('MASTER SERVICES AGREEMENT');
  });

  test('a title in capitals set over two lines is joined', () => {
    const { value } = field([
      'MOBILE VIRTUAL NETWORK ENABLER',
      'HOSTING AGREEMENT',
      'This Agreement is made between Acme Inc. and Beta LLC.',
    ], 'document_name', str);
    expect(value).toBe('MOBILE VIRTUAL NETWORK ENABLER HOSTING AGREEMENT');
  });

  test('a line that starts "This" is a sentence, not the title, even in capitals', () => {
    expect(field(['THIS AGREEMENT IS MADE BETWEEN ACME AND BETA', 'Consulting Agreement'], 'document_name', str).value).toBe('Consulting Agreement');
  });

  test('calibrates in the name group', () => {
    expect(groupOf('document_name', str)).toBe('name');
    expect(field(['CONSULTING AGREEMENT'], 'document_name', str).result.group).toBe('name');
  });
});
