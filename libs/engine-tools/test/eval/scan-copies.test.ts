import { openPdf, pageText } from '@exs/engine/internals';
import { degrade, imageOnlyPdf } from '../../src/eval/scan-copies.js';

const page = (w: number, h: number, fill: (x: number, y: number) => number) => {
  const data = Buffer.alloc(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data[y * w + x] = fill(x, y);
  return { data, width: w, height: h };
};

test('a scanned copy is a PDF of image-only pages with no text layer', async () => {
  const img = page(400, 500, (x) => (x < 200 ? 0 : 255));
  const pdf = await openPdf(new Uint8Array(imageOnlyPdf([{ widthPt: 288, heightPt: 360, image: img }, { widthPt: 288, heightPt: 360, image: img }])));
  try {
    expect(pdf.doc.numPages).toBe(2);
    const p1 = await pdf.doc.getPage(1);
    expect(p1.getViewport({ scale: 1 })).toMatchObject({ width: 288, height: 360 });
    const text = await pageText(p1);
    expect(text.chars).toBe(0);
    expect(text.images).toHaveLength(1);
  } finally {
    await pdf.close();
  }
});

test('fax degradation leaves only black and white pixels, the same every time', () => {
  const a = page(30, 30, (x, y) => (x + y) * 4);
  const b = page(30, 30, (x, y) => (x + y) * 4);
  degrade(a, 'fax');
  degrade(b, 'fax');
  const inner = [...a.data].filter((_, i) => i % 30 !== 0 && i % 30 !== 29 && i >= 30 && i < 870);
  expect(new Set(inner)).toEqual(new Set([0, 255]));
  expect(a.data.equals(b.data)).toBe(true);
});
