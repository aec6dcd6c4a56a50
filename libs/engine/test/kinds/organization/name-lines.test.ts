import { looksLikeName } from '../../../src/kinds/organization/issuer.js';

describe('lines that may be a party\'s name', () => {
  test('a label line whose slash OCR read as a stroke is no name ("VI Ref." for "V/ Ref.")', () => {
    expect(looksLikeName('V/ Ref.')).toBe(false);
    expect(looksLikeName('VI Ref.')).toBe(false);
  });

  test('a name holding a street word inside it is a name ("The Ashford Lane Kitchen")', () => {
    expect(looksLikeName('The Ashford Lane Kitchen')).toBe(true);
  });

  test('a street word closing the line or its street, or opening it, still makes an address', () => {
    expect(looksLikeName('Ashford Lane')).toBe(false);
    expect(looksLikeName('Ashford Lane, London')).toBe(false);
    expect(looksLikeName('Rue de la Paix')).toBe(false);
  });
});
