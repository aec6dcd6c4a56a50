import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { closeOcr, inspectDocument, openDocument } from '../../src/document/index.js';
import { textPdf } from '../fixtures/pdf-builder.js';

const datasets = resolve(import.meta.dirname, '../../../../../shared/datasets');
const cuad001 = resolve(datasets, 'cuad/cases/cuad-001/document.pdf');

afterAll(() => closeOcr());

test('text-layer words come back in reading order with their page text', async () => {
  const doc = await openDocument(textPdf([[[72, 700, 12, 'Invoice No: 12345'], [72, 680, 12, 'Total due 99.50']]]), { ocr: 'never' });
  expect(doc.format).toBe('pdf');
  expect(doc.pages[0]!.text).toBe('Invoice No: 12345\nTotal due 99.50');
  expect(doc.pages[0]!.words.map((w) => w.text)).toEqual(['Invoice', 'No:', '12345', 'Total', 'due', '99.50']);
  expect(doc.pages[0]!.source).toBe('text-layer');
});

test('word offsets index the page text exactly', async () => {
  const doc = await openDocument(textPdf([[[72, 700, 12, 'Alpha beta'], [300, 700, 12, 'gamma'], [72, 600, 12, 'delta']]]), { ocr: 'never' });
  const page = doc.pages[0]!;
  for (const w of page.words) expect(page.text.slice(w.start, w.end)).toBe(w.text);
  for (const l of page.lines) expect(page.text.slice(l.start, l.end)).toBe(page.words.slice(l.wordStart, l.wordEnd).map((w) => w.text).join(' '));
});

test('lines far apart vertically form separate blocks separated by a blank line', async () => {
  const doc = await openDocument(textPdf([[[72, 700, 12, 'First paragraph'], [72, 686, 12, 'continues here'], [72, 500, 12, 'Second one']]]), { ocr: 'never' });
  const page = doc.pages[0]!;
  expect(page.blocks).toHaveLength(2);
  expect(page.text).toBe('First paragraph\ncontinues here\n\nSecond one');
  expect(page.lines.map((l) => l.block)).toEqual([0, 0, 1]);
});

test('text drawn out of order is read top to bottom', async () => {
  const doc = await openDocument(textPdf([[[72, 500, 12, 'second'], [72, 700, 12, 'first']]]), { ocr: 'never' });
  expect(doc.pages[0]!.words.map((w) => w.text)).toEqual(['first', 'second']);
});

test('bounding boxes are normalised from the top-left corner', async () => {
  const doc = await openDocument(textPdf([[[306, 396, 12, 'Centre']]]), { ocr: 'never' });
  const [x0, y0, x1, y1] = doc.pages[0]!.words[0]!.bbox;
  expect(x0).toBeCloseTo(0.5, 2);
  expect(y1).toBeGreaterThan(0.5);
  expect(y0).toBeLessThan(0.5);
  expect(y1 - y0).toBeCloseTo(12 / 792, 2);
  expect(x1).toBeGreaterThan(x0);
  expect(doc.pages[0]!.width).toBe(612);
  expect(doc.pages[0]!.height).toBe(792);
});

test('text inside Form XObjects is extracted', async () => {
  const doc = await openDocument(textPdf([[[72, 700, 12, 'Page text']]], { formText: 'Form text' }), { ocr: 'never' });
  expect(doc.pages[0]!.text).toContain('Form text');
});

test('page and word counts are exact', async () => {
  const doc = await openDocument(textPdf([[[72, 700, 12, 'one two three']], [[72, 700, 12, 'four five']], [[72, 700, 12, 'six']]]), { ocr: 'never' });
  expect(doc.pageCount).toBe(3);
  expect(doc.pages.map((p) => p.number)).toEqual([1, 2, 3]);
  expect(doc.wordCount).toBe(6);
});

test('inspectDocument reports format and page count', async () => {
  expect(await inspectDocument(textPdf([[[72, 700, 12, 'a']], [[72, 700, 12, 'b']]]))).toEqual({ format: 'pdf', pageCount: 2 });
});

test('a real long contract yields every page with its text layer', async () => {
  const doc = await openDocument(new Uint8Array(readFileSync(cuad001)), { ocr: 'never' });
  expect(doc.pageCount).toBe(4);
  expect(doc.pages[0]!.text).toContain('Aduro Biotech, Inc., with a place of business at 740 Heinz Avenue, Berkeley, CA 94710');
  expect(doc.wordCount).toBe(doc.pages.reduce((n, p) => n + p.words.length, 0));
  expect(doc.wordCount).toBeGreaterThan(1500);
});

test('the same bytes always give the same model', async () => {
  const bytes = new Uint8Array(readFileSync(cuad001));
  const a = await openDocument(bytes, { ocr: 'never' });
  const b = await openDocument(bytes, { ocr: 'never' });
  expect(JSON.stringify(b)).toBe(JSON.stringify(a));
});

test('the caller buffer is left intact', async () => {
  const bytes = textPdf([[[72, 700, 12, 'keep']]]);
  const copy = bytes.slice();
  await openDocument(bytes, { ocr: 'never' });
  expect(bytes).toEqual(copy);
});

test("a Node Buffer is read like a Uint8Array, and the caller's bytes stay intact", async () => {
  const buffer = readFileSync(cuad001);
  const before = Buffer.from(buffer);
  const doc = await openDocument(buffer, { ocr: 'never' });
  expect(doc.pageCount).toBe(4);
  expect(buffer.equals(before)).toBe(true);
});
