import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { closeOcr } from '../../src/document/index.js';
import { BODY_TYPE_HEIGHTS, uncoveredInk, unreadBandLines, withoutRules, type Grey } from '../../src/document/ocr.js';
import { tesseractSettings } from '../../src/document/tesseract-options.js';
import type { RawLine } from '../../src/document/layout.js';

afterAll(() => closeOcr());

/** A white 400 x 40 image with black rectangles [x0, y0, x1, y1]. */
function image(...rects: [number, number, number, number][]): Grey {
  const data = Buffer.alloc(400 * 40, 255);
  for (const [x0, y0, x1, y1] of rects) for (let y = y0; y < y1; y++) data.fill(0, y * 400 + x0, y * 400 + x1);
  return { data, width: 400, height: 40 };
}
const inkAt = (img: Grey, x: number, y: number) => img.data[y * img.width + x]! < 128;

describe('rules painted out of a band before it is read', () => {
  test('a horizontal run of ink as long as the minimum goes white', () => {
    const out = withoutRules(image([0, 2, 400, 4]), 80);
    expect(inkAt(out, 200, 3)).toBe(false);
  });

  test('shorter runs (the strokes of letters) and vertical rules stay', () => {
    const out = withoutRules(image([10, 10, 89, 20], [200, 0, 203, 40]), 80);
    expect(inkAt(out, 50, 15)).toBe(true);
    expect(inkAt(out, 201, 3)).toBe(true);
  });

  test('within a band\'s rows, a column inked from top to bottom goes white (a vertical rule), a letter\'s stroke stays', () => {
    const out = withoutRules(image([200, 0, 203, 40], [50, 10, 53, 30]), 80, [{ from: 0, to: 40 }]);
    expect(inkAt(out, 201, 20)).toBe(false);
    expect(inkAt(out, 51, 20)).toBe(true);
  });

  test('the image it was given is left as it was', () => {
    const img = image([0, 2, 400, 4]);
    withoutRules(img, 80);
    expect(inkAt(img, 200, 3)).toBe(true);
  });
});

test('a table\'s header row boxed in by rules, which uniform-block reading skips, is read from its band', async () => {
  // a 300-dpi scan's header row (a synthetic invoice), between the table's top rule and the rule under it
  const file = resolve(import.meta.dirname, '../fixtures/scans/ruled-header-row.png');
  // (set on a page of white: unread ink filling a quarter of the page would be a picture)
  const { data, info } = await sharp(readFileSync(file)).extend({ bottom: 600, background: '#ffffff' }).greyscale().raw().toBuffer({ resolveWithObject: true });
  const img: Grey = { data, width: info.width, height: info.height };
  // (a word read elsewhere on the page gives the body type's height, 30 px as on the page the row was cut from: the
  // table's vertical rules then join the band, which reaches up to the top rule)
  const read: RawLine[] = [[{ text: 'Rechnung', x0: 100, x1: 300, y0: 400, y1: 430, confidence: 0.95 }]];
  const bands = uncoveredInk(img, read, BODY_TYPE_HEIGHTS);
  expect(bands.length).toBeGreaterThan(0);
  const lines = await unreadBandLines(img, bands, read, { settings: tesseractSettings(), model: 'deu' });
  const words = lines.flat().map((w) => w.text);
  expect(words).toEqual(expect.arrayContaining(['Artikelnr.', 'Betrag']));
});
