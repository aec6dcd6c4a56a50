import { garbageScore, isImplausibleToken, textPlausibility } from '../../src/document/plausibility.js';

describe('text-layer plausibility', () => {
  it('accepts words, acronyms, codes, amounts and URLs', () => {
    for (const t of ['Invoice', 'GmbH', 'HTTPS', 'McDonald', 'NL810433941B01', '4,759.20', 'www.example.com', 'xxxxxxxx', 'Non–Competition', 'Straße']) {
      expect(isImplausibleToken(t)).toBe(false);
    }
  });
  it('flags scanner-OCR garbage', () => {
    for (const t of ['WdIJSaFMTNAMIS4tALpECtNSUFNEDYa6c', 'NqpEYA11HX5PlreMEflXE<£Vfff', 'CXCd0051RRE559J~ARAE']) {
      expect(isImplausibleToken(t)).toBe(true);
    }
  });
  it('scores torn decimals and garbage runs', () => {
    const clean = 'Total amount due 4,759.20 EUR payable within thirty days'.split(' ');
    expect(garbageScore(textPlausibility(clean))).toBe(0);
    const torn = 'GROSSAMOUNT 4,759 .20 NET 4,585 .49 WdIJSaFMTNAMIS4tALpECtNSUFNEDYa6c'.split(' ');
    expect(garbageScore(textPlausibility(torn))).toBeGreaterThan(0.1);
  });
});

test('tokens with and without non-ASCII letters are judged by the same rules', () => {
  // ASCII tokens take a char-code path; a non-ASCII letter sends the same shape through the Unicode path.
  for (const [ascii, accented] of [['Invoice', 'Invoicé'], ['NqpEYAHXPlreMEflXEVfff', 'NqpEYAHXPlreMEflXEVfffé'], ['Strasse', 'Straße'], ['bcdfghjk', 'bcdfghjkç']]) {
    expect(isImplausibleToken(accented!)).toBe(isImplausibleToken(ascii!));
  }
});
