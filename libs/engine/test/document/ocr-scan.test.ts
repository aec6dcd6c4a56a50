import { scanSourceDpi } from '../../src/document/index.js';
import { BODY_TYPE_HEIGHTS, combinePasses, linesToRows, scanRenderDpi, uncoveredInk, withMissedLines, type Grey, type Pass } from '../../src/document/ocr.js';
import type { RawLine } from '../../src/document/layout.js';
import type { PageText, PlacedImage } from '../../src/document/pdf.js';

const w = (text: string, x0: number, x1: number, y0 = 10, y1 = 30, confidence = 0.9) => ({ text, x0, y0, x1, y1, confidence });
const texts = (lines: RawLine[]) => lines.map((l) => l.map((x) => x.text).join(' '));

/** A Letter page (612 x 792 pt) showing images placed at the given boxes. */
function pageWith(...images: Array<Partial<PlacedImage> & { pixelWidth: number; pixelHeight: number; x0: number; y0: number; x1: number; y1: number }>): PageText {
  return {
    width: 612,
    height: 792,
    fragments: [],
    chars: 0,
    badChars: 0,
    images: images.map((i) => ({ upright: true, box: { x0: i.x0, y0: i.y0, x1: i.x1, y1: i.y1 }, ...i })),
  };
}

function pass(lines: RawLine[]): Pass {
  const words = lines.flat();
  const conf = words.reduce((a, x) => a + x.confidence, 0);
  return { lines, words: words.length, meanConfidence: conf / Math.max(1, words.length), score: words.reduce((a, x) => a + Math.max(0, x.confidence - 0.5), 0) };
}

test('a scanned page of 200 to 300 dpi is rendered at its scan\'s own resolution', () => {
  expect(scanRenderDpi(204)).toBe(204);
  expect(scanRenderDpi(198)).toBe(198);
  expect(scanRenderDpi(250)).toBe(250);
});

test('coarser, finer and unknown scan resolutions are rendered at 300 dpi', () => {
  expect(scanRenderDpi(150)).toBe(300);
  expect(scanRenderDpi(72)).toBe(300);
  expect(scanRenderDpi(600)).toBe(300);
  expect(scanRenderDpi(undefined)).toBe(300);
});

test('the scan resolution is that of the image filling the page, along its finer axis', () => {
  // A 204 x 196 dpi fax of a Letter page: 1734 x 2156 pixels.
  expect(scanSourceDpi(pageWith({ pixelWidth: 1734, pixelHeight: 2156, x0: 0, y0: 0, x1: 612, y1: 792 }))).toBeCloseTo(204, 0);
  // The same scan stored sideways and turned onto the portrait page.
  expect(scanSourceDpi(pageWith({ pixelWidth: 2156, pixelHeight: 1734, x0: 0, y0: 0, x1: 612, y1: 792, upright: false }))).toBeCloseTo(204, 0);
  // A 150-dpi scan.
  expect(scanSourceDpi(pageWith({ pixelWidth: 1275, pixelHeight: 1650, x0: 0, y0: 0, x1: 612, y1: 792 }))).toBeCloseTo(150, 0);
});

test('a page without an image covering most of it has no scan resolution', () => {
  // A logo and a signature: small images on a page.
  expect(scanSourceDpi(pageWith({ pixelWidth: 600, pixelHeight: 200, x0: 36, y0: 36, x1: 216, y1: 96 }, { pixelWidth: 900, pixelHeight: 300, x0: 300, y0: 600, x1: 570, y1: 690 }))).toBeUndefined();
  expect(scanSourceDpi(pageWith())).toBeUndefined();
});

test('lines read block by block are put into rows, each label beside its value', () => {
  // Automatic segmentation returns the label column, then the value column.
  const blocks: RawLine[] = [
    [w('Invoice', 0, 60), w('No:', 65, 90)],
    [w('Due', 0, 30, 40, 60), w('date:', 35, 75, 40, 60)],
    [w('12345', 110, 160, 11, 31)],
    [w('1/02/02', 110, 170, 39, 59)],
  ];
  expect(texts(linesToRows(blocks))).toEqual(['Invoice No: 12345', 'Due date: 1/02/02']);
});

test('lines of one row far apart stay separate lines, next to each other', () => {
  const blocks: RawLine[] = [[w('Customer', 0, 80)], [w('Page', 0, 40, 40, 60)], [w('INVOICE', 400, 470)]];
  expect(texts(linesToRows(blocks))).toEqual(['Customer', 'INVOICE', 'Page']);
});

test('lines of a taller heading and smaller text beside it share a row only when they overlap by half a line', () => {
  // A 40-px heading beside two 20-px lines: it overlaps the first by 20 px (a row) and the second by 5 px (not).
  const blocks: RawLine[] = [[w('PHILIP', 0, 100, 0, 40)], [w('SOLD', 120, 160, 10, 30)], [w('TO', 120, 140, 35, 55)]];
  expect(texts(linesToRows(blocks))).toEqual(['PHILIP SOLD', 'TO']);
});

test('the automatic-segmentation reading replaces the uniform-block one when it scores clearly higher', () => {
  // psm 6 read the logo as letters and merged the boxed fields; psm 3 read the fields.
  const uniform = pass([[w('jms?', 0, 40, 10, 30, 0.3), w('PHILIP', 50, 110, 10, 30, 0.6), w('ggggago9', 150, 230, 10, 30, 0.4)]]);
  const auto = pass([[w('PHILIP', 50, 110, 10, 30, 0.95)], [w('99999999', 150, 230, 10, 30, 0.9)]]);
  const kept = combinePasses(uniform, auto);
  expect(texts(kept.lines)).toEqual(['PHILIP 99999999']);
  expect(kept.lines[0]![1]!.alt?.text).toBe('ggggago9');
});

test('a word the English reading spells without the accents the page\'s language reading gives takes the accents', () => {
  // the uniform pass was read with the Portuguese model, the automatic one with English
  const uniform = pass([[w('Águas', 0, 50, 10, 30, 0.5), w('dívida', 60, 110, 10, 30, 0.5), w('Lda', 120, 150, 10, 30, 0.5)]]);
  const auto = pass([[w('Aguas', 0, 50, 10, 30, 0.95), w('divida', 60, 110, 10, 30, 0.95), w('Lda.', 120, 150, 10, 30, 0.95)]]);
  const kept = combinePasses(uniform, auto, { uniformSpells: true });
  expect(texts(kept.lines)).toEqual(['Águas dívida Lda.']);
  expect(kept.lines[0]![0]!.alt?.text).toBe('Aguas');
});

test('without a reading in the page\'s language, the kept reading\'s spelling stands', () => {
  const uniform = pass([[w('Águas', 0, 50, 10, 30, 0.5)]]);
  const auto = pass([[w('Aguas', 0, 50, 10, 30, 0.95)]]);
  expect(texts(combinePasses(uniform, auto).lines)).toEqual(['Aguas']);
});

test('the uniform-block reading stays when the automatic segmentation scores about the same', () => {
  const uniform = pass([[w('TOTAL', 0, 50, 10, 30, 0.9), w('1O.00', 60, 110, 10, 30, 0.6)]]);
  const auto = pass([[w('TOTAL', 0, 50, 10, 30, 0.9)], [w('10.00', 60, 110, 10, 30, 0.62)]]);
  const kept = combinePasses(uniform, auto);
  expect(kept).toBe(uniform);
  expect(texts(kept.lines)).toEqual(['TOTAL 1O.00']);
  expect(kept.lines[0]![1]!.alt?.text).toBe('10.00');
});

describe('lines in large type the kept reading skipped', () => {
  // the kept reading (uniform segmentation) read the body; the other pass also read a title in large type above it
  const body: RawLine[] = [[w('Date', 0, 40, 100, 120), w('12.03.2026', 50, 150, 100, 120)], [w('Total', 0, 40, 130, 150), w('450.00', 50, 120, 130, 150)]];
  const other: RawLine[] = [
    [w('FAKTURA', 0, 140, 20, 70, 0.93), w('2026-118', 160, 300, 20, 70, 0.91)],
    [w('Date', 0, 40, 100, 120), w('12.03.2026', 50, 150, 100, 120)],
    [w('~~', 400, 420, 20, 70, 0.95), w('logo', 430, 470, 20, 70, 0.4)],
    [w('Note', 200, 240, 160, 180, 0.95)],
  ];

  test('join the reading, in reading order, as a line of their own', () => {
    expect(texts(withMissedLines(body, other))).toEqual(['FAKTURA 2026-118', 'Date 12.03.2026', 'Total 450.00']);
  });

  test('words in body type join when the other reading read only ink the kept one left unread', () => {
    expect(texts(withMissedLines(body, other.slice(1), { anySize: true }))).toEqual(['Date 12.03.2026', 'Total 450.00', 'Note']);
  });

  test('words the kept reading covers, words read unsurely, marks without two letters or digits and words in body type do not join', () => {
    expect(texts(withMissedLines(body, other.slice(1)))).toEqual(['Date 12.03.2026', 'Total 450.00']);
    expect(withMissedLines(body, other.slice(1))).toBe(body);
  });

  test('the automatic-segmentation reading, when kept, takes in what only the uniform one read', () => {
    const uniform = pass([[w('INVOICE', 0, 140, 20, 70, 0.95)]]);
    const auto = pass([[w('Date', 0, 40, 100, 120, 0.99), w('12.03.2026', 50, 150, 100, 120, 0.99)], [w('Total', 0, 40, 130, 150, 0.99), w('450.00', 50, 120, 130, 150, 0.99)]]);
    expect(texts(combinePasses(uniform, auto).lines)).toEqual(['INVOICE', 'Date 12.03.2026', 'Total 450.00']);
  });
});

describe('a band of ink no word read covers, as tall as large type', () => {
  /** A white 400 x 300 page with black rectangles [x0, y0, x1, y1]. */
  function page(...rects: [number, number, number, number][]): Grey {
    const data = Buffer.alloc(400 * 300, 255);
    for (const [x0, y0, x1, y1] of rects) for (let y = y0; y < y1; y++) data.fill(0, y * 400 + x0, y * 400 + x1);
    return { data, width: 400, height: 300 };
  }
  const read: RawLine[] = [[w('Date', 20, 60, 200, 220), w('12.03.2026', 70, 170, 200, 220)]];

  test('a title in type three times the body\'s that no word covers is found, as its band of rows', () => {
    expect(uncoveredInk(page([20, 200, 170, 220], [20, 20, 300, 80]), read)).toEqual([{ y0: 20, y1: 80 }]);
  });

  test('ink the words read cover is not', () => {
    expect(uncoveredInk(page([20, 200, 170, 220]), read)).toEqual([]);
  });

  test('a table\'s thin vertical rules and a horizontal rule are not', () => {
    expect(uncoveredInk(page([20, 200, 170, 220], [10, 0, 12, 300], [390, 0, 392, 300], [0, 250, 400, 252]), read)).toEqual([]);
  });

  test('a line in body type between a table\'s rules that no word covers is found when body type is asked for, not otherwise', () => {
    // rules above and below a header row of letters as tall as the body's words
    const header = page([20, 200, 170, 220], [0, 96, 400, 98], [20, 100, 300, 120], [0, 124, 400, 127]);
    expect(uncoveredInk(header, read, BODY_TYPE_HEIGHTS)).toEqual([{ y0: 100, y1: 120 }]);
    expect(uncoveredInk(header, read)).toEqual([]);
  });

  test('a rule alone is no band of body type', () => {
    expect(uncoveredInk(page([20, 200, 170, 220], [0, 96, 400, 102]), read, BODY_TYPE_HEIGHTS)).toEqual([]);
  });

  test('a page a quarter covered by unread ink (a photo) gives no bands', () => {
    expect(uncoveredInk(page([20, 200, 170, 220], [20, 0, 380, 90]), read)).toEqual([]);
  });
});
