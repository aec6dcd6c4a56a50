import { COUNTRIES, COUNTRY_LINE, countryCode } from '../../src/knowledge/countries/index.js';

describe('the country vocabulary', () => {
  test('codes are ISO 3166-1 alpha-2 and each is listed once', () => {
    const codes = COUNTRIES.map((c) => c.code);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });

  test('names are lower case and none names two countries or is listed twice', () => {
    const names = COUNTRIES.flatMap((c) => c.names);
    for (const n of names) expect(n).toBe(n.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });

  test('a line holding only a country name, in any of the languages read, names its country', () => {
    expect(countryCode('Deutschland')).toBe('DE');
    expect(countryCode('NIEMCY')).toBe('DE');
    expect(countryCode('Česká republika')).toBe('CZ');
    expect(countryCode('Sverige.')).toBe('SE');
    expect(COUNTRY_LINE.test('The Netherlands')).toBe(true);
  });

  test('a line with more than the name is no country line', () => {
    expect(countryCode('Deutschland GmbH')).toBeUndefined();
    expect(COUNTRY_LINE.test('Made in Germany')).toBe(false);
  });
});
