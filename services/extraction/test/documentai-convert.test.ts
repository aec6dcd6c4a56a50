// Document AI's Document -> the engine's provider pages (convert.ts), and requests within Document AI's
// limits (batches.ts). Pure functions: no server, no client.
import { PDFDocument } from 'pdf-lib';
import { convertDocument, convertPage, DocumentText, layoutBox, orientationRotation, pageRotation, rotatePoint } from '../src/providers/documentai/convert.js';
import { chunk, planBatches } from '../src/providers/documentai/batches.js';
import { documentOf } from './support/fake-documentai.js';
import { encryptedPdf } from '../../../libs/engine/test/fixtures/pdf-builder.js';

const texts = (lines: Array<Array<{ text: string }>>) => lines.map((l) => l.map((w) => w.text).join(' '));

/** A polygon's four corners as normalized vertices. */
const quad = (x0: number, y0: number, x1: number, y1: number) => ({ normalizedVertices: [{ x: x0, y: y0 }, { x: x1, y: y0 }, { x: x1, y: y1 }, { x: x0, y: y1 }] });

describe('boxes', () => {
  test('normalized vertices become the 0..1 box around them', () => {
    expect(layoutBox({ boundingPoly: quad(0.1, 0.2, 0.3, 0.25) }, 0, 0, 0)).toEqual([0.1, 0.2, 0.3, 0.25]);
  });

  test('a slanted polygon gives the axis-aligned box around all its corners', () => {
    const poly = { normalizedVertices: [{ x: 0.1, y: 0.22 }, { x: 0.3, y: 0.2 }, { x: 0.31, y: 0.24 }, { x: 0.11, y: 0.26 }] };
    expect(layoutBox({ boundingPoly: poly }, 0, 0, 0)).toEqual([0.1, 0.2, 0.31, 0.26]);
  });

  test('pixel vertices are divided by the page dimension when no normalized ones are given', () => {
    const poly = { vertices: [{ x: 170, y: 440 }, { x: 510, y: 440 }, { x: 510, y: 484 }, { x: 170, y: 484 }] };
    expect(layoutBox({ boundingPoly: poly }, 1700, 2200, 0)).toEqual([0.1, 0.2, 0.3, 0.22]);
  });

  test('vertices outside the page are clamped to it, and missing coordinates (proto3 zeros) read as 0', () => {
    const poly = { normalizedVertices: [{ y: 0.5 }, { x: 1.2, y: 0.5 }, { x: 1.2, y: 0.6 }, { x: -0.1, y: 0.6 }] };
    expect(layoutBox({ boundingPoly: poly }, 0, 0, 0)).toEqual([0, 0.5, 1, 0.6]);
  });

  test('a layout without a polygon has no box', () => {
    expect(layoutBox({}, 1700, 2200, 0)).toBeUndefined();
  });
});

describe('rotation', () => {
  test('orientations map to the clockwise turn that makes the page upright', () => {
    expect(['PAGE_UP', 'PAGE_RIGHT', 'PAGE_DOWN', 'PAGE_LEFT', 'ORIENTATION_UNSPECIFIED', undefined].map(orientationRotation)).toEqual([0, 270, 180, 90, 0, 0]);
    // Enum values arrive as numbers when the loader keeps them numeric.
    expect([1, 2, 3, 4, 0].map(orientationRotation)).toEqual([0, 270, 180, 90, 0]);
  });

  test("turning a page moves a point as the page's corners move", () => {
    // The top-left corner goes to the top-right on a quarter turn clockwise, the bottom-right on a half turn,
    // and the bottom-left on three quarters.
    expect(rotatePoint(0, 0, 90)).toEqual([1, 0]);
    expect(rotatePoint(0, 0, 180)).toEqual([1, 1]);
    expect(rotatePoint(0, 0, 270)).toEqual([0, 1]);
    expect(rotatePoint(0.2, 0.3, 0)).toEqual([0.2, 0.3]);
  });

  test("a page read turned (PAGE_RIGHT) comes out upright: rotation 270 and boxes in the upright page", () => {
    // Text whose top faces the page's right edge: its first line runs down the right edge, top to bottom.
    const doc = documentOf([{ orientation: 'PAGE_RIGHT', lines: [[{ text: 'Total', box: [0.9, 0.1, 0.95, 0.2] }, { text: '12.00', box: [0.9, 0.25, 0.95, 0.35] }]] }]);
    const [page] = convertDocument(doc as never);
    expect(page!.rotation).toBe(270);
    const [total, amount] = page!.lines[0]!;
    // Upright, that line is along the top, read left to right.
    expect(total!.bbox.map((v) => +v.toFixed(6))).toEqual([0.1, 0.05, 0.2, 0.1]);
    expect(amount!.bbox.map((v) => +v.toFixed(6))).toEqual([0.25, 0.05, 0.35, 0.1]);
  });

  test("without a page orientation, most of the page's tokens decide it", () => {
    const page = { tokens: [{ layout: { orientation: 'PAGE_DOWN' } }, { layout: { orientation: 'PAGE_DOWN' } }, { layout: { orientation: 'PAGE_UP' } }] };
    expect(pageRotation(page as never)).toBe(180);
  });
});

describe('text anchors', () => {
  test("a token's text is its anchored slice of the document text, without the trailing break", () => {
    const doc = documentOf([{ lines: [[{ text: 'Invoice', box: [0.1, 0.1, 0.2, 0.12] }, { text: 'INV-1', box: [0.21, 0.1, 0.3, 0.12] }]] }]);
    expect((doc as { text: string }).text).toBe('Invoice INV-1\n');
    expect(texts(convertDocument(doc as never)[0]!.lines)).toEqual(['Invoice INV-1']);
  });

  test('an anchor of several segments joins them; a missing start index is 0', () => {
    const text = new DocumentText('ABCDEF');
    expect(text.anchored({ textSegments: [{ endIndex: '2' }, { startIndex: 4, endIndex: 6 }] })).toBe('ABEF');
  });

  test('indexes count code points, so text after a character outside the BMP is still found', () => {
    const text = new DocumentText('𝐀 Total 9');
    expect(text.anchored({ textSegments: [{ startIndex: '2', endIndex: '7' }] })).toBe('Total');
  });

  test('int64 indexes are read from Long objects too', () => {
    const long = (n: number) => ({ toNumber: () => n });
    expect(new DocumentText('Hello world').anchored({ textSegments: [{ startIndex: long(6) as never, endIndex: long(11) as never }] })).toBe('world');
  });

  test('a token holding inner whitespace becomes words sharing its box by character count', () => {
    const page = {
      dimension: { width: 100, height: 100 },
      tokens: [{ layout: { textAnchor: { textSegments: [{ startIndex: 0, endIndex: 7 }] }, boundingPoly: quad(0.1, 0.1, 0.8, 0.2), confidence: 0.9 } }],
    };
    const [line] = convertPage(page as never, new DocumentText('AB CDEF'), 1).lines;
    expect(line!.map((w) => w.text)).toEqual(['AB', 'CDEF']);
    expect(line![0]!.bbox[0]).toBeCloseTo(0.1, 6);
    expect(line![0]!.bbox[2]).toBeCloseTo(0.3, 6);
    expect(line![1]!.bbox[0]).toBeCloseTo(0.4, 6);
    expect(line![1]!.bbox[2]).toBeCloseTo(0.8, 6);
  });

  test('tokens with empty text or no box are dropped', () => {
    const page = {
      tokens: [
        { layout: { textAnchor: { textSegments: [{ startIndex: 0, endIndex: 1 }] }, boundingPoly: quad(0.1, 0.1, 0.2, 0.2) } },
        { layout: { textAnchor: { textSegments: [{ startIndex: 1, endIndex: 5 }] } } },
      ],
    };
    expect(convertPage(page as never, new DocumentText(' Word'), 1).lines).toEqual([]);
  });
});

describe('lines and confidences', () => {
  test("tokens are grouped by the line whose text holds them, in the lines' order, left to right", () => {
    const doc = documentOf([{
      lines: [
        [{ text: 'Seller', box: [0.1, 0.1, 0.2, 0.12] }, { text: 'Ltd', box: [0.21, 0.1, 0.26, 0.12] }],
        [{ text: 'Total', box: [0.1, 0.5, 0.2, 0.52] }, { text: '5.00', box: [0.7, 0.5, 0.8, 0.52] }],
      ],
    }]);
    expect(texts(convertDocument(doc as never)[0]!.lines)).toEqual(['Seller Ltd', 'Total 5.00']);
  });

  test("a token's confidence is its own, else its line's, else its page's, else 1", () => {
    const anchor = (s: number, e: number) => ({ textSegments: [{ startIndex: s, endIndex: e }] });
    const page = {
      layout: { confidence: 0.7 },
      lines: [{ layout: { textAnchor: anchor(0, 4), confidence: 0.8 } }],
      tokens: [
        { layout: { textAnchor: anchor(0, 2), boundingPoly: quad(0.1, 0.1, 0.2, 0.2), confidence: 0.9 } },
        { layout: { textAnchor: anchor(2, 4), boundingPoly: quad(0.3, 0.1, 0.4, 0.2) } },
        { layout: { textAnchor: anchor(5, 7), boundingPoly: quad(0.1, 0.5, 0.2, 0.6) } },
      ],
    };
    const converted = convertPage(page as never, new DocumentText('ABCD EF'), 1);
    expect(converted.lines.flat().map((w) => w.confidence)).toEqual([0.9, 0.8, 0.7]);
    delete (page as { layout?: unknown }).layout;
    expect(convertPage(page as never, new DocumentText('ABCD EF'), 1).lines.flat().map((w) => w.confidence)).toEqual([0.9, 0.8, 1]);
  });

  test('pages are numbered by their page number, else by position', () => {
    const doc = documentOf([{ lines: [], pageNumber: 7 }, { lines: [] }]);
    (doc as { pages: Array<{ pageNumber?: number }> }).pages[1]!.pageNumber = undefined;
    expect(convertDocument(doc as never).map((p) => p.page)).toEqual([7, 2]);
  });

  test('the same document converts to the same pages', () => {
    const doc = documentOf([{ lines: [[{ text: 'A', box: [0.1, 0.1, 0.2, 0.2] }]] }, { orientation: 'PAGE_LEFT', lines: [[{ text: 'B', box: [0.3, 0.1, 0.4, 0.2] }]] }]);
    expect(convertDocument(doc as never)).toEqual(convertDocument(structuredClone(doc) as never));
  });
});

describe('batches', () => {
  async function pdfOfPages(n: number, padBytes = 0): Promise<Uint8Array> {
    const doc = await PDFDocument.create();
    for (let i = 0; i < n; i++) {
      const page = doc.addPage([200, 200]);
      // Incompressible filler in each page's content stream, to make pages of a known size.
      page.drawText(`page ${i + 1}`, { x: 10, y: 10, size: 10 });
      if (padBytes > 0) {
        const filler = Array.from({ length: padBytes }, (_, j) => String.fromCharCode(65 + ((i * 7 + j * 13) % 26))).join('');
        page.drawText(filler, { x: 10, y: 50, size: 1 });
      }
    }
    return doc.save({ useObjectStreams: false });
  }

  const pagesOf = async (bytes: Uint8Array) => (await PDFDocument.load(bytes)).getPageCount();

  test('pages are cut into runs of at most the per-request limit', () => {
    expect(chunk([1, 2, 3, 4, 5, 6, 7], 3)).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
  });

  test('a PDF batch holds only its pages, copied out of the document', async () => {
    const { batches, failures } = await planBatches(await pdfOfPages(20), 'pdf', [2, 3, 5, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20], 15, 20e6);
    expect(failures).toEqual([]);
    expect(batches.map((b) => b.pages)).toEqual([[2, 3, 5, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19], [20]]);
    expect(await Promise.all(batches.map((b) => pagesOf(b.content)))).toEqual([15, 1]);
    expect(batches.every((b) => b.mimeType === 'application/pdf' && b.pageSelector === undefined)).toBe(true);
  });

  test('a batch over the byte limit is halved until it fits; a single page over it fails alone', async () => {
    const pdf = await pdfOfPages(4, 6000);
    const onePage = (await planBatches(pdf, 'pdf', [1], 15, 20e6)).batches[0]!.content.byteLength;
    const { batches } = await planBatches(pdf, 'pdf', [1, 2, 3, 4], 15, Math.floor(onePage * 2.5));
    expect(batches.map((b) => b.pages)).toEqual([[1, 2], [3, 4]]);
    const tooSmall = await planBatches(pdf, 'pdf', [1, 2], 15, Math.floor(onePage / 2));
    expect(tooSmall.batches).toEqual([]);
    expect(tooSmall.failures.map((f) => f.pages)).toEqual([[1], [2]]);
  });

  test('a multi-page TIFF is sent whole with each batch selecting its pages', async () => {
    const tiff = new Uint8Array([0x49, 0x49, 0x2a, 0x00]);
    const { batches } = await planBatches(tiff, 'tiff', [1, 2, 3], 2, 20e6);
    expect(batches.map((b) => [b.pages, b.pageSelector, b.mimeType])).toEqual([[[1, 2], [1, 2], 'image/tiff'], [[3], [3], 'image/tiff']]);
  });

  test('an encrypted PDF fails its pages (a copy of its encrypted streams would read as blank pages)', async () => {
    const { batches, failures } = await planBatches(encryptedPdf(), 'pdf', [1], 15, 20e6);
    expect(batches).toEqual([]);
    expect(failures).toEqual([{ pages: [1], error: 'cannot split an encrypted PDF' }]);
  });

  test('a PDF that cannot be split fails its pages instead of throwing', async () => {
    const { batches, failures } = await planBatches(new TextEncoder().encode('%PDF-1.4 garbage'), 'pdf', [1], 15, 20e6);
    expect(batches).toEqual([]);
    expect(failures[0]!.error).toMatch(/cannot split the PDF/);
  });
});
