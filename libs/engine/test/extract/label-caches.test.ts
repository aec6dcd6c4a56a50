/** The caches of label matching are keyed by schema text (names, titles): each is bounded, tested at its edges. */
import { cachedPhrases, PHRASE_CACHE_BOUNDS, phraseInfo } from '../../src/extract/label-similarity.js';
import { cachedLabelPatterns, LABEL_PATTERN_BOUNDS, labelsPattern } from '../../src/extract/labels.js';
import { cachedHeaderPatterns, HEADER_PATTERN_BOUNDS, headerPattern } from '../../src/kinds/table/tables.js';

/** A distinct string of exactly n characters. */
const text = (n: number, seed: string) => `${seed}-${'x'.repeat(Math.max(0, n - seed.length - 1))}`.slice(0, n);

describe('label phrase cache', () => {
  test('keeps a phrase of the longest cached length, not one a character longer', () => {
    const before = cachedPhrases();
    phraseInfo(text(PHRASE_CACHE_BOUNDS.phraseChars, 'edge-a'));
    expect(cachedPhrases()).toBe(before + 1);
    phraseInfo(text(PHRASE_CACHE_BOUNDS.phraseChars + 1, 'edge-b'));
    expect(cachedPhrases()).toBe(before + 1);
  });

  test('holds at most its number of entries', () => {
    for (let i = 0; i <= PHRASE_CACHE_BOUNDS.entries; i++) phraseInfo(`phrase ${i}`);
    expect(cachedPhrases()).toBe(PHRASE_CACHE_BOUNDS.entries);
  });
});

describe('label pattern cache', () => {
  test('keeps an alternation of the longest cached length, not one a character longer', () => {
    const before = cachedLabelPatterns();
    labelsPattern(text(LABEL_PATTERN_BOUNDS.alternationChars, 'edge-a'));
    expect(cachedLabelPatterns()).toBe(before + 1);
    labelsPattern(text(LABEL_PATTERN_BOUNDS.alternationChars + 1, 'edge-b'));
    expect(cachedLabelPatterns()).toBe(before + 1);
  });

  test('holds at most its number of entries', () => {
    for (let i = 0; i <= LABEL_PATTERN_BOUNDS.entries; i++) labelsPattern(`label ${i}`);
    expect(cachedLabelPatterns()).toBe(LABEL_PATTERN_BOUNDS.entries);
  });
});

describe('table header pattern cache', () => {
  test('keeps a header phrase of the longest cached length, not one a character longer', () => {
    const before = cachedHeaderPatterns();
    headerPattern(text(HEADER_PATTERN_BOUNDS.phraseChars, 'edge-a'));
    expect(cachedHeaderPatterns()).toBe(before + 1);
    headerPattern(text(HEADER_PATTERN_BOUNDS.phraseChars + 1, 'edge-b'));
    expect(cachedHeaderPatterns()).toBe(before + 1);
  });

  test('holds at most its number of entries', () => {
    for (let i = 0; i <= HEADER_PATTERN_BOUNDS.entries; i++) headerPattern(`header ${i}`);
    expect(cachedHeaderPatterns()).toBe(HEADER_PATTERN_BOUNDS.entries);
  });
});
