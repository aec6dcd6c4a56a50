import { buildPage, linesFromFragments, type Fragment, type RawLine } from '../../src/document/layout.js';

// Synthetic text-layer fragments: a box from the baseline with the usual ascent (0.8 em) and descent (0.2 em),
// and a width of half an em per character, as pdf.ts produces them (top-left origin, y grows downwards).
let seq = 0;
function frag(text: string, x0: number, baseline: number, size: number, opts: { spaceBefore?: boolean; width?: number } = {}): Fragment {
  return {
    text,
    x0,
    y0: baseline - 0.8 * size,
    x1: x0 + (opts.width ?? 0.5 * size * text.length),
    y1: baseline + 0.2 * size,
    size,
    spaceBefore: opts.spaceBefore ?? true,
    seq: seq++,
  };
}

/** Words placed one after the other with a space between them, starting at x. */
function run(text: string, x: number, baseline: number, size: number, slope = 0): Fragment[] {
  const out: Fragment[] = [];
  for (const w of text.split(' ')) {
    out.push(frag(w, x, baseline + slope * x, size));
    x += 0.5 * size * (w.length + 1);
  }
  return out;
}

const texts = (lines: RawLine[]) => lines.map((l) => l.map((w) => w.text).join(' '));

beforeEach(() => {
  seq = 0;
});

test('two rows of small text beside a large heading stay two lines', () => {
  // The header of invoice2data coolblue1 (boxes as read from its text layer): an 18pt title and a 16pt slogan
  // on the left; on the right 8pt address rows, the first at the top of the title, the next on its baseline.
  const box = (text: string, x0: number, y0: number, x1: number, y1: number, size: number): Fragment =>
    ({ text, x0, y0, x1, y1, size, spaceBefore: true, seq: seq++ });
  const lines = linesFromFragments([
    box('FACTUUR.', 45.4, 43.1, 133.7, 67.6, 18),
    box('Dat', 45.4, 61.2, 66.1, 83.0, 16),
    box('betaal', 72.9, 61.2, 114.2, 83.0, 16),
    box('Coolblue', 445.0, 45.6, 477.1, 56.5, 8),
    box('B.V.', 481.1, 45.6, 497.1, 56.5, 8),
    box('Weena', 445.0, 59.7, 468.2, 70.6, 8),
    box('664', 472.8, 59.7, 486.7, 70.6, 8),
    box('3012', 445.0, 73.9, 462.9, 84.7, 8),
    box('Rotterdam', 480.8, 73.9, 521.0, 84.7, 8),
  ]);
  // Which of the title and the first address row reads first is a tie; each row must be a line of its own.
  expect(texts(lines).sort()).toEqual(['3012 Rotterdam', 'Coolblue B.V.', 'Dat betaal', 'FACTUUR.', 'Weena 664']);
});

test('adjacent rows of different font sizes with tight spacing stay two lines', () => {
  // A 14pt name right above a 9pt address line, so close that their boxes overlap by half the small text.
  const lines = linesFromFragments([...run('Acme Trading Ltd', 72, 100, 14), ...run('12 Harbour Road', 72, 105, 9)]);
  expect(texts(lines)).toEqual(['Acme Trading Ltd', '12 Harbour Road']);
});

test('a superscript stays in the line of the word it marks', () => {
  const lines = linesFromFragments([
    frag('Term', 72, 100, 10),
    frag('1', 92, 96.5, 6, { spaceBefore: false }),
    frag('applies', 100, 100, 10),
  ]);
  expect(texts(lines)).toEqual(['Term1 applies']);
});

test('a superscript raised above the middle of its line stays in that line', () => {
  // "35th" from kleister-nda: the mark's centre is above the line's, so it is met before the line itself.
  const box = (text: string, x0: number, y0: number, x1: number, y1: number, size: number, spaceBefore = true): Fragment =>
    ({ text, x0, y0, x1, y1, size, spaceBefore, seq: seq++ });
  const lines = linesFromFragments([
    box('company,', 547.1, 130.4, 588.7, 143.7, 12),
    box('Broadway,', 225.9, 144.6, 269.9, 157.9, 12),
    box('35', 274.8, 144.6, 284.5, 157.9, 12),
    box('th', 284.5, 143.7, 290.8, 152.5, 8, false),
    box('Floor,', 294.5, 144.6, 325.0, 157.9, 12),
  ]);
  expect(texts(lines)).toEqual(['company,', 'Broadway, 35th Floor,']);
});

test('a raised footnote number a tab away from its note stays in the note line', () => {
  const lines = linesFromFragments([
    frag('10', 6, 403.6, 6.3),
    ...run('Applicable exclusively to agreements', 29.3, 408.1, 9.8),
    frag('11', 6, 415.6, 6.3),
    ...run('Applicable to staff', 29.3, 420.1, 9.8),
  ]);
  expect(texts(lines)).toEqual(['10 Applicable exclusively to agreements', '11 Applicable to staff']);
});

test('a slightly raised word stays in its line', () => {
  const lines = linesFromFragments([...run('Total', 72, 200, 10), ...run('due', 100, 197.5, 10), ...run('99.50', 122, 200, 10)]);
  expect(texts(lines)).toEqual(['Total due 99.50']);
});

test('two columns at the same height stay separate lines in row-major order', () => {
  const lines = linesFromFragments([
    ...run('Left column one', 72, 100, 10),
    ...run('Left column two', 72, 113, 10),
    ...run('Right column one', 320, 100, 10),
    ...run('Right column two', 320, 113, 10),
  ]);
  expect(texts(lines)).toEqual(['Left column one', 'Right column one', 'Left column two', 'Right column two']);
});

test('two columns with different line spacing keep each row of each column whole', () => {
  // The right column is set tighter, so its rows drift against the left column's rows.
  const left = [0, 1, 2, 3].flatMap((i) => run(`left row ${i}`, 72, 100 + 16 * i, 10));
  const right = [0, 1, 2, 3, 4].flatMap((i) => run(`right row ${i}`, 320, 100 + 12 * i, 10));
  const lines = texts(linesFromFragments([...left, ...right]));
  expect(lines.slice().sort()).toEqual([0, 1, 2, 3].map((i) => `left row ${i}`).concat([0, 1, 2, 3, 4].map((i) => `right row ${i}`)));
});

test('rows of a slightly skewed page group into one line each', () => {
  // A scan with an invisible text layer turned by about one degree: each row drifts down by 8pt across the page,
  // nearly the height of its text.
  const sentence = 'one two three four five six seven eight nine ten eleven twelve';
  const rows = [0, 1, 2].map((i) => run(`${sentence} r${i}`, 72, 100 + 14 * i, 10, 0.02));
  const lines = linesFromFragments(rows.flat());
  expect(texts(lines)).toEqual([0, 1, 2].map((i) => `${sentence} r${i}`));
});

test('text drawn twice in place (fake bold) stays on one line', () => {
  const lines = linesFromFragments([frag('Invoice', 72, 100, 12), frag('Invoice', 72.3, 100, 12), frag('42', 130, 100, 12)]);
  expect(lines).toHaveLength(1);
});

test('skewed OCR lines stay separate lines of one block, in the given order', () => {
  // OCR returns lines already grouped; with a small slope their boxes overlap vertically.
  const ocrLine = (i: number): RawLine => ['alpha', 'beta', 'gamma', 'delta'].map((t, k) => {
    const x0 = 100 + 120 * k;
    const y0 = 100 + 30 * i + 0.02 * x0;
    return { text: `${t}${i}`, x0, y0, x1: x0 + 100, y1: y0 + 24, confidence: 0.9 };
  });
  const page = buildPage(1, 1000, 1400, [ocrLine(0), ocrLine(1), ocrLine(2)], 'ocr');
  expect(page.text).toBe('alpha0 beta0 gamma0 delta0\nalpha1 beta1 gamma1 delta1\nalpha2 beta2 gamma2 delta2');
  expect(page.blocks).toHaveLength(1);
});

describe('OCR lines across a column gutter', () => {
  /** One OCR line of words placed at the given x (page of 1000 x 1400, words 20 high, 9 per letter). */
  const ocrWords = (y: number, ...words: [string, number][]): RawLine =>
    words.map(([text, x0]) => ({ text, x0, y0: y, x1: x0 + 9 * text.length, y1: y + 20, confidence: 0.9 }));

  test('an OCR line that runs across a column gutter becomes two lines of one row, adjacent in the text', () => {
    const line = ocrWords(100, ['Seller:', 80], ['Acme', 150], ['GmbH', 195], ['Buyer:', 520], ['Beta', 580], ['SA', 625]);
    const page = buildPage(1, 1000, 1400, [line], 'ocr');
    expect(page.text).toBe('Seller: Acme GmbH\nBuyer: Beta SA');
    expect(page.lines).toHaveLength(2);
    expect(page.blocks).toHaveLength(1);
  });

  test('word gaps up to three word heights keep an OCR line whole', () => {
    // 59 units between the words: under 3 x 20
    expect(buildPage(1, 1000, 1400, [ocrWords(100, ['Hotel', 80], ['Alpha', 184])], 'ocr').lines).toHaveLength(1);
    // 61 units: over
    expect(buildPage(1, 1000, 1400, [ocrWords(100, ['Hotel', 80], ['Alpha', 186])], 'ocr').lines).toHaveLength(2);
  });

  test('an amount or a speck far right of its label stays in the label\'s line, as receipts print them', () => {
    const page = buildPage(1, 1000, 1400, [ocrWords(100, ['CASH', 80], ['RM8.20', 700]), ocrWords(130, ['Jalan', 80], ['Tampoi', 135], ['7', 900])], 'ocr');
    expect(page.text).toBe('CASH RM8.20\nJalan Tampoi 7');
  });

  test('a speck leading a line far left of its words stays with them', () => {
    const page = buildPage(1, 1000, 1400, [ocrWords(100, [':', 80], ['81750', 700], ['JOHOR', 760])], 'ocr');
    expect(page.lines).toHaveLength(1);
  });

  test('a re-reading that spans the gutter is dropped, one inside a column kept', () => {
    const line = ocrWords(100, ['Date:', 80], ['1.2.24', 130], ['Due:', 520], ['3.4.24', 570]);
    line[0]!.reread = { text: 'Date: 1.2.24', confidence: 0.9, words: 2 };
    line[1]!.reread = { text: '1.2.24 Due:', confidence: 0.9, words: 2 };
    const page = buildPage(1, 1000, 1400, [line], 'ocr');
    expect(page.words[0]!.reread).toBeDefined();
    expect(page.words[1]!.reread).toBeUndefined();
  });
});
