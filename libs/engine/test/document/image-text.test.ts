import { closeOcr, openDocument } from '../../src/document/index.js';
import { glyphStats, looksLikeText } from '../../src/document/images.js';
import { recognitionCount, renderPdfGrey, type Grey } from '../../src/document/ocr.js';
import { openPdf, pageText } from '../../src/document/pdf.js';
import { buildPdf, stream, type PdfObject } from '../fixtures/pdf-builder.js';

// Embedded images are made by rendering small text PDFs (pdf.js's bundled Helvetica, so no system fonts)
// and embedding the pixels as greyscale image XObjects in another PDF.

const DPI = 200;
const scale = DPI / 72;

/** Renders the top-left `w` x `h` points of a page of `lines` ([x, y-from-top, size, text]) over vector `ops` to grey pixels. */
async function picture(lines: Array<[number, number, number, string]>, w: number, h: number, ops = ''): Promise<Grey> {
  const text = lines.map(([x, y, size, t]) => `BT /F1 ${size} Tf ${x} ${792 - y} Td (${t}) Tj ET`);
  const bytes = buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    stream('', [ops, ...text].join('\n')),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ]);
  const pdf = await openPdf(bytes);
  try {
    const page = await pdf.doc.getPage(1);
    const { data, width, height } = await renderPdfGrey(page, scale, { x0: 0, y0: 0, x1: w, y1: h });
    return { data, width, height };
  } finally {
    await pdf.close();
  }
}

interface Placement { image: string; x: number; y: number }

/**
 * A Letter-size PDF: per page, text-layer lines ([x, y-from-top, size, text]) and placements of the named
 * images at their native resolution (DPI), top-left corner at (x, y) points from the page's top-left.
 */
function pdfWithImages(images: Record<string, Grey>, pages: Array<{ text: Array<[number, number, number, string]>; place: Placement[] }>): Uint8Array {
  const names = Object.keys(images);
  const objects: PdfObject[] = ['<< /Type /Catalog /Pages 2 0 R >>', '', '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'];
  const refs: Record<string, number> = {};
  for (const name of names) {
    const img = images[name]!;
    objects.push(stream(`/Type /XObject /Subtype /Image /Width ${img.width} /Height ${img.height} /ColorSpace /DeviceGray /BitsPerComponent 8`, img.data, true));
    refs[name] = objects.length;
  }
  const xobjects = names.map((n) => `/${n} ${refs[n]} 0 R`).join(' ');
  const kids: string[] = [];
  for (const p of pages) {
    const ops = p.text.map(([x, y, size, text]) => `BT /F1 ${size} Tf ${x} ${792 - y} Td (${text}) Tj ET`);
    for (const { image, x, y } of p.place) {
      const img = images[image]!;
      const w = img.width / scale;
      const h = img.height / scale;
      ops.push(`q ${w} 0 0 ${h} ${x} ${792 - y - h} cm /${image} Do Q`);
    }
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> /XObject << ${xobjects} >> >> /Contents ${objects.length + 2} 0 R >>`);
    kids.push(`${objects.length} 0 R`);
    objects.push(stream('', ops.join('\n')));
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages.length} >>`;
  return buildPdf(objects);
}

const letterhead: Array<[number, number, number, string]> = [
  [72, 60, 12, 'Invoice 2024-0117'],
  [72, 80, 10, 'Date: 12 March 2024'],
  [72, 100, 10, 'Consulting services, March 2024      1,200.00'],
  [72, 120, 10, 'Total due      1,428.00'],
];

let bankDetails: Grey;
let logo: Grey;

beforeAll(async () => {
  bankDetails = await picture([
    [6, 16, 10, 'Northwind Trading GmbH, Hafenstrasse 12, 20457 Hamburg'],
    [6, 32, 10, 'Bank: Commerzbank Hamburg'],
    [6, 48, 10, 'IBAN: DE89 3704 0044 0532 0130 00'],
    [6, 64, 10, 'BIC: COBADEFFXXX'],
  ], 330, 72);
  // A mark, a wordmark in display type and a short tagline: what most letterhead images are.
  logo = await picture([[70, 40, 30, 'ACME'], [70, 58, 7, 'Tools since 1921']], 170, 64, '0.3 g 8 740 48 44 re f 1 g 20 752 24 20 re f');
});

afterAll(() => closeOcr());

test('image placements are reported by text extraction, with their boxes on the page', async () => {
  const pdf = await openPdf(pdfWithImages({ Im1: bankDetails }, [{ text: letterhead, place: [{ image: 'Im1', x: 72, y: 600 }] }]));
  try {
    const t = await pageText(await pdf.doc.getPage(1));
    expect(t.images).toHaveLength(1);
    const img = t.images[0]!;
    expect(img.upright).toBe(true);
    expect(img.ref).toBeDefined();
    expect(img.x0).toBeCloseTo(72, 3);
    expect(img.y0).toBeCloseTo(600, 3);
    expect(img.x1 - img.x0).toBeCloseTo(bankDetails.width / scale, 3);
    expect([img.pixelWidth, img.pixelHeight]).toEqual([bankDetails.width, bankDetails.height]);
  } finally {
    await pdf.close();
  }
});

test('a rendering that skips text paints the page\'s images and graphics but not its glyphs', async () => {
  const pdf = await openPdf(pdfWithImages({ Im1: bankDetails }, [{ text: letterhead, place: [{ image: 'Im1', x: 72, y: 600 }] }]));
  try {
    const page = await pdf.doc.getPage(1);
    const header = { x0: 60, y0: 40, x1: 400, y1: 130 };
    expect((await renderPdfGrey(page, scale, header)).ink).toBeGreaterThan(500);
    expect((await renderPdfGrey(page, scale, header, true)).ink).toBe(0);
    expect((await renderPdfGrey(page, scale, { x0: 72, y0: 600, x1: 400, y1: 672 }, true)).ink).toBeGreaterThan(500);
  } finally {
    await pdf.close();
  }
});

test('body-size lettering counts as text; a logo of a mark, display type and a tagline does not', () => {
  expect(looksLikeText(glyphStats(bankDetails, scale))).toBe(true);
  expect(looksLikeText(glyphStats(logo, scale))).toBe(false);
});

test('text that exists only inside an embedded image is read into the page text', async () => {
  const doc = await openDocument(pdfWithImages({ Im1: bankDetails }, [{ text: letterhead, place: [{ image: 'Im1', x: 72, y: 600 }] }]));
  const page = doc.pages[0]!;
  expect(page.source).toBe('text-layer');
  expect(page.text).toContain('Invoice 2024-0117');
  expect(page.text).toContain('COBADEFFXXX');
  // OCR lines follow the text layer in reading order (the image is below it).
  expect(page.text.indexOf('COBADEFFXXX')).toBeGreaterThan(page.text.indexOf('Total due'));
  const bic = page.words.find((w) => w.text === 'COBADEFFXXX')!;
  expect(bic.bbox[1]).toBeGreaterThan(600 / 792);
  expect(bic.bbox[3]).toBeLessThan((600 + bankDetails.height / scale) / 792);
});

test('a logo on a digital page is not OCRed', async () => {
  const bytes = pdfWithImages({ Logo: logo }, [{ text: letterhead, place: [{ image: 'Logo', x: 380, y: 30 }] }]);
  const before = recognitionCount();
  const doc = await openDocument(bytes);
  expect(recognitionCount()).toBe(before);
  expect(doc.pages[0]!.text).toBe((await openDocument(bytes, { ocr: 'never' })).pages[0]!.text);
});

test('an image repeated on several pages is OCRed once and its text added to each page', async () => {
  const page = { text: letterhead, place: [{ image: 'Im1', x: 72, y: 600 }] };
  const bytes = pdfWithImages({ Im1: bankDetails }, [page, page]);
  const before = recognitionCount();
  const doc = await openDocument(bytes);
  expect(recognitionCount() - before).toBe(1);
  expect(doc.pages.map((p) => p.text.includes('COBADEFFXXX'))).toEqual([true, true]);
});

test('an image that already carries text-layer words is not OCRed', async () => {
  const covering = letterhead.map(([x, y, size, text]) => [x, y + 540, size, text] as [number, number, number, string]);
  const before = recognitionCount();
  await openDocument(pdfWithImages({ Im1: bankDetails }, [{ text: [...letterhead, ...covering], place: [{ image: 'Im1', x: 72, y: 590 }] }]));
  expect(recognitionCount()).toBe(before);
});
