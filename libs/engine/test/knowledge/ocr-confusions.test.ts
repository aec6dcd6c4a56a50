import { confusionClass, DIGIT_FOR, DIGIT_SWAPS, LETTER_CONFUSIONS, ocrSpellingPattern, ocrSpellingsPattern, slashMisread } from '../../src/knowledge/ocr-confusions/index.js';

describe('OCR confusion data', () => {
  test('letter confusions are pairs of upper-case characters', () => {
    for (const p of LETTER_CONFUSIONS) expect([p, p.length, p === p.toUpperCase()]).toEqual([p, 2, true]);
  });

  test('digit readings are digits with a cost in (0, 1); digit swaps are symmetric enough to be digits only', () => {
    for (const list of Object.values(DIGIT_FOR)) for (const [d, c] of list) { expect(d).toMatch(/^\d$/); expect(c).toBeGreaterThan(0); expect(c).toBeLessThan(1); }
    for (const [d, list] of Object.entries(DIGIT_SWAPS)) for (const s of list) { expect(d).toMatch(/^\d$/); expect(s).toMatch(/^\d$/); expect(s).not.toBe(d); }
  });

  test('a confusion class is the letter and every character paired with it', () => {
    expect(confusionClass('d')).toBe('do0');
    expect(confusionClass('D')).toBe('do0');
    expect(confusionClass('o')).toBe('od0qcu');
    expect(confusionClass('w')).toBe('wn');
  });

  test('the {x} notation reads a letter through its confusion class; other characters stand for themselves', () => {
    expect(ocrSpellingPattern('s{d}n. bh{d}', { space: '\\s*' })).toBe('s[do0]n\\.\\s*bh[do0]');
    expect(ocrSpellingPattern('s/b')).toBe('s/b');
    expect(ocrSpellingsPattern(['co.', 'bh{d}'])).toBe('co\\.|bh[do0]');
    const re = new RegExp(`^(?:${ocrSpellingPattern('s{d}n bh{d}', { space: '\\s*' })})$`, 'i');
    expect(['SDN BHD', 'SON BHO', 'S0NBH0', 'sdn bhd'].filter((s) => !re.test(s))).toEqual([]);
    expect(['SAN BHD', 'SDN BHE', 'S.N BHD'].filter((s) => re.test(s))).toEqual([]);
    // a "$" or "|" in a class stays literal
    expect(new RegExp(`^${ocrSpellingPattern('{s}')}$`).test('$')).toBe(true);
    expect(new RegExp(`^${ocrSpellingPattern('{i}')}$`).test('|')).toBe(true);
    expect(() => ocrSpellingPattern('s{dn')).toThrow();
    expect(() => ocrSpellingPattern('s{dn}')).toThrow();
  });
});

test('a slash read as a stroke ("vi" for "v/", "pio" for "p/o") is a misread of the word printed with it', () => {
  expect(slashMisread('vi', 'v/')).toBe(true);
  expect(slashMisread('pio', 'p/o')).toBe(true);
  expect(slashMisread('v|', 'v/')).toBe(true);
});

test('the printed word itself, another letter, or a word without a slash is no slash misread', () => {
  expect(slashMisread('v/', 'v/')).toBe(false);
  expect(slashMisread('va', 'v/')).toBe(false);
  expect(slashMisread('vi', 'vi')).toBe(false);
});
