import { attachAlternatives, stretchContrast } from '../../src/document/ocr.js';
import { buildPage, type RawLine } from '../../src/document/layout.js';

const w = (text: string, x0: number, x1: number, confidence = 0.9, y0 = 10, y1 = 30) => ({ text, x0, y0, x1, y1, confidence });

test('a second pass reading the same boxes differently becomes the words\' alternative reading', () => {
  const primary: RawLine[] = [[w('Date:', 0, 50), w('2O/1Z/2O17', 60, 160, 0.4)], [w('TOTAL', 0, 50, 0.9, 40, 60), w('1O.00', 60, 110, 0.5, 40, 60)]];
  const second: RawLine[] = [
    [w('Date:', 1, 50), w('20/12/2017', 61, 159, 0.85)],
    // one primary word read as two
    [w('TOTAL', 0, 50, 0.9, 40, 60), w('10', 60, 80, 0.8, 40, 60), w('.00', 82, 110, 0.8, 40, 60)],
  ];
  expect(attachAlternatives(primary, second)).toBe(2);
  expect(primary[0]![0]!.alt).toBeUndefined();
  expect(primary[0]![1]!.alt).toEqual({ text: '20/12/2017', confidence: 0.85 });
  expect(primary[1]![1]!.alt?.text).toBe('10 .00');
  const page = buildPage(1, 200, 100, primary, 'ocr');
  expect(page.text).toBe('Date: 2O/1Z/2O17\nTOTAL 1O.00');
  expect(page.words[1]!.alt?.text).toBe('20/12/2017');
});

test('a second-pass word spanning two primary words is not an alternative of either', () => {
  const primary: RawLine[] = [[w('NO', 0, 30), w('12,', 40, 70)]];
  attachAlternatives(primary, [[w('NO12,', 0, 70)]]);
  expect(primary[0]!.every((x) => !x.alt)).toBe(true);
});

test('faint scans get their contrast stretched; well-exposed ones are left alone', () => {
  const faint = Buffer.alloc(1000, 240);
  for (let i = 0; i < 50; i++) faint[i * 20] = 180; // light-grey ink
  const out = stretchContrast({ data: faint, width: 100, height: 10 });
  expect(out.data[0]).toBe(0);
  expect(out.data[1]).toBeGreaterThanOrEqual(250);
  const normal = Buffer.alloc(1000, 255);
  for (let i = 0; i < 50; i++) normal[i * 20] = 0;
  const same = { data: normal, width: 100, height: 10 };
  expect(stretchContrast(same)).toBe(same);
});
