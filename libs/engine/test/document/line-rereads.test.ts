import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { attachRereads, chooseRereads } from '../../src/document/line-rereads.js';
import { closeOcr, ocrGrey, rereadLines, type Grey } from '../../src/document/ocr.js';
import { buildPage, type RawLine } from '../../src/document/layout.js';

const w = (text: string, x0: number, x1: number, confidence = 0.95, y0 = 10, y1 = 30) => ({ text, x0, y0, x1, y1, confidence });
const at = (y: number, ...words: Array<[string, number, number, number?]>): RawLine => words.map(([t, x0, x1, c]) => w(t, x0, x1, c ?? 0.95, y, y + 20));

afterAll(() => closeOcr());

/** `line` with the second pass reading word `k` as `alt`. */
const readAs = (line: RawLine, k: number, alt: string): RawLine => {
  line[k]!.alt = { text: alt, confidence: 0.9 };
  return line;
};

describe('choosing lines to re-read', () => {
  test('a date-shaped line the two passes read differently is chosen; the same line read alike is not', () => {
    const lines = [readAs(at(300, ['Date:', 0, 50], ['05/61/2018', 60, 160, 0.6]), 1, '08/01/2018'), readAs(at(400, ['Date:', 0, 50], ['05/01/2018', 60, 160, 0.6]), 1, '05/01/2018')];
    expect(chooseRereads(lines, 1000).map((c) => c.line)).toEqual([0]);
  });

  test('a weak word alone does not choose a line: the re-reading only breaks disagreements', () => {
    expect(chooseRereads([at(300, ['Date:', 0, 50], ['05/61/2018', 60, 160, 0.3])], 1000)).toEqual([]);
  });

  test('a disagreeing line that is neither a date nor a labelled total is left alone', () => {
    expect(chooseRereads([readAs(at(500, ['Nasi', 0, 40, 0.5], ['lemak', 50, 100, 0.6]), 1, 'lernak')], 1000)).toEqual([]);
  });

  test('dates come before totals, and at most `max` lines are taken', () => {
    const lines = [
      readAs(at(500, ['TOTAL', 0, 50], ['1O.00', 60, 110, 0.5]), 1, '10.00'),
      readAs(at(600, ['2O/O5/2017', 0, 100, 0.5]), 0, '20/05/2017'),
      readAs(at(700, ['Due', 0, 40], ['12.50', 60, 110]), 1, '12.80'),
    ];
    expect(chooseRereads(lines, 1000).map((c) => c.line)).toEqual([1, 0, 2]);
    expect(chooseRereads(lines, 1000, 2).map((c) => c.line)).toEqual([1, 0]);
  });
});

describe('attaching re-readings', () => {
  test('a re-read word spanning two primary words is their joint reading, carried by the first', () => {
    const line = at(10, ['Date', 0, 40], ['wists', 50, 100, 0.1], ['MODS', 110, 160, 0.1], ['No', 200, 230]);
    expect(attachRereads(line, [w('Date', 1, 40, 0.9, 11, 29), w('30/03/2018', 52, 158, 0.8, 11, 29), w('No', 201, 229, 0.9, 11, 29)])).toBe(1);
    expect(line[1]!.reread).toEqual({ text: '30/03/2018', confidence: 0.8, words: 2 });
    expect(line.filter((x) => x.reread)).toHaveLength(1);
    const page = buildPage(1, 300, 100, [line], 'ocr');
    expect(page.words[1]!.reread).toEqual({ text: '30/03/2018', confidence: 0.8, words: 2 });
  });

  test('two re-read words inside one primary word are its reading together', () => {
    const line = at(10, ['TOTAL', 0, 50], ['1O.OO', 60, 110, 0.3]);
    attachRereads(line, [w('10', 60, 80, 0.9, 11, 29), w('.00', 82, 110, 0.9, 11, 29)]);
    expect(line[1]!.reread?.text).toBe('10 .00');
    expect(line[0]!.reread).toBeUndefined();
  });

  test('words of the neighbouring lines seen in the crop\'s padding are not part of the reading', () => {
    const line = at(100, ['TOTAL', 0, 50], ['1O.OO', 60, 110, 0.3]);
    attachRereads(line, [w('10.00', 60, 110, 0.9, 101, 119), w('CASH', 0, 50, 0.9, 118, 136)]);
    expect(line[0]!.reread).toBeUndefined();
    expect(line[1]!.reread?.text).toBe('10.00');
  });
});

describe('re-reading lines from the image', () => {
  // The top of a receipt scan from the evaluation set (the shop name, YONGFATT ENTERPRISE).
  const receipt = resolve(import.meta.dirname, '../../../../../shared/datasets/sroie/cases/sroie-003/document.jpg');

  test('a chosen line is read again from its upscaled crop and the reading lands on its words', async () => {
    const { data, info } = await sharp(readFileSync(receipt)).extract({ left: 0, top: 0, width: 461, height: 300 }).greyscale().raw().toBuffer({ resolveWithObject: true });
    const img: Grey = { data, width: info.width, height: info.height };
    const read = await ocrGrey(img, { altPsm: 'off', rereads: false });
    const i = read.lines.findIndex((l) => l.some((x) => x.text === 'YONGFATT'));
    expect(i).toBeGreaterThanOrEqual(0);
    const word = read.lines[i]!.find((x) => x.text === 'YONGFATT')!;
    // the page pass misread the name (as if): the crop's reading comes back on the same word
    word.text = 'Y0NGFAT7';
    word.confidence = 0.3;
    expect(await rereadLines(img, read.lines, { chosen: [{ line: i, priority: 1 }] })).toBeGreaterThanOrEqual(1);
    expect(word.reread?.text).toBe('YONGFATT');
    expect(word.reread?.words).toBe(1);
  });
});
