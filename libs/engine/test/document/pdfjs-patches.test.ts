/**
 * Behaviour kept by the pdf.js source patches made for speed (see src/document/pdfjs.ts): each test builds a
 * small PDF that goes through a patched path and checks the text that comes out.
 */
import { deflateSync } from 'node:zlib';
import { closeOcr, openDocument } from '../../src/document/index.js';
import { buildPdf, type PdfObject } from '../fixtures/pdf-builder.js';

afterAll(() => closeOcr());

/** One US Letter page drawing `content` with Helvetica as /F1; `contentStream` is the page's stream object. */
function onePage(contentStream: Uint8Array): Uint8Array {
  const objects: PdfObject[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    contentStream,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  return buildPdf(objects);
}

function streamObject(bytes: Uint8Array, filter = ''): Uint8Array {
  const head = Buffer.from(`<< /Length ${bytes.length}${filter ? ` /Filter /${filter}` : ''} >>\nstream\n`, 'latin1');
  return new Uint8Array(Buffer.concat([head, bytes, Buffer.from('\nendstream', 'latin1')]));
}

/** Eighty lines of pseudo-random words: deflates to well over 1 KB, the size from which pdf.js inflates natively. */
function manyLines(): { content: string; words: string[] } {
  const words: string[] = [];
  const ops: string[] = [];
  let seed = 12345;
  const token = () => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return seed.toString(16);
  };
  for (let i = 0; i < 80; i++) {
    const line = [token(), token(), token(), token(), token(), token()];
    words.push(...line);
    ops.push(`BT /F1 8 Tf 40 ${770 - i * 9} Td (${line.join(' ')}) Tj ET`);
  }
  return { content: ops.join('\n'), words };
}

test('a deflated content stream gives the same words as the same stream uncompressed', async () => {
  const { content, words } = manyLines();
  const deflated = deflateSync(Buffer.from(content, 'latin1'));
  expect(deflated.length).toBeGreaterThan(1024);
  const doc = await openDocument(onePage(streamObject(deflated, 'FlateDecode')), { ocr: 'never' });
  const plain = await openDocument(onePage(streamObject(Buffer.from(content, 'latin1'))), { ocr: 'never' });
  expect(doc.pages[0]!.words.map((w) => w.text)).toEqual(words);
  expect(JSON.stringify(doc.pages)).toBe(JSON.stringify(plain.pages));
});

test('a deflated content stream with a damaged checksum still yields its text', async () => {
  // zlib rejects a bad Adler-32 trailer; pdf.js's own decoder ignores it, as viewers do.
  const { content, words } = manyLines();
  const deflated = Buffer.from(deflateSync(Buffer.from(content, 'latin1')));
  deflated[deflated.length - 1] ^= 0xff;
  const doc = await openDocument(onePage(streamObject(deflated, 'FlateDecode')), { ocr: 'never' });
  expect(doc.pages[0]!.words.map((w) => w.text)).toEqual(words);
});

test('a truncated deflated content stream yields the text before the cut', async () => {
  const { content, words } = manyLines();
  const deflated = deflateSync(Buffer.from(content, 'latin1'));
  const cut = deflated.subarray(0, Math.floor(deflated.length * 0.6));
  const doc = await openDocument(onePage(streamObject(cut, 'FlateDecode')), { ocr: 'never' });
  const got = doc.pages[0]!.words.map((w) => w.text);
  expect(got.length).toBeGreaterThan(words.length / 3);
  expect(got.slice(0, -1)).toEqual(words.slice(0, got.length - 1));
});

test('a font size set inside q ... Q does not outlive the Q', async () => {
  const content = 'BT /F1 10 Tf 72 700 Td q /F1 40 Tf Q (after) Tj ET\nBT /F1 10 Tf 72 650 Td (plain) Tj ET';
  const page = (await openDocument(onePage(streamObject(Buffer.from(content, 'latin1'))), { ocr: 'never' })).pages[0]!;
  const height = (i: number) => page.words[i]!.bbox[3] - page.words[i]!.bbox[1];
  expect(page.words.map((w) => w.text)).toEqual(['after', 'plain']);
  expect(height(0)).toBeCloseTo(height(1), 6);
});

test('text matrix changes inside q ... Q are undone by the Q', async () => {
  // Tm inside q/Q moves the text; after Q, Td continues from the matrix saved by q.
  const content = 'BT /F1 10 Tf 72 700 Td q 1 0 0 1 400 100 Tm Q 0 -20 Td (below) Tj ET';
  const page = (await openDocument(onePage(streamObject(Buffer.from(content, 'latin1'))), { ocr: 'never' })).pages[0]!;
  expect(page.words.map((w) => w.text)).toEqual(['below']);
  expect(page.words[0]!.bbox[0]).toBeCloseTo(72 / 612, 3);
});

/** A page showing `hex` (two bytes per code) in a Type0 font with no font file and no ToUnicode. */
function compositeFontPage(baseFont: string, hex: string): Uint8Array {
  const content = Buffer.from(`BT /F1 12 Tf 72 700 Td <${hex}> Tj ET`, 'latin1');
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    streamObject(content),
    `<< /Type /Font /Subtype /Type0 /BaseFont /${baseFont} /Encoding /Identity-H /DescendantFonts [6 0 R] >>`,
    `<< /Type /Font /Subtype /CIDFontType2 /BaseFont /${baseFont} /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /DW 500 >>`,
  ]);
}

test('a composite font without a font file or ToUnicode reads its two-byte codes as Unicode', async () => {
  const hex = [...'Agreement 2024'].map((c) => c.charCodeAt(0).toString(16).padStart(4, '0')).join('');
  const page = (await openDocument(compositeFontPage('Georgia', hex), { ocr: 'never' })).pages[0]!;
  expect(page.text).toBe('Agreement 2024');
});

test('the same composite font named Tahoma reads the same text', async () => {
  // Tahoma and Verdana get pdf.js's glyph fixes on top of the identity mapping; text must not change.
  const hex = [...'Agreement 2024'].map((c) => c.charCodeAt(0).toString(16).padStart(4, '0')).join('');
  const page = (await openDocument(compositeFontPage('Tahoma', hex), { ocr: 'never' })).pages[0]!;
  expect(page.text).toBe('Agreement 2024');
});

test('operators written without spaces between them split at the longest known operator', async () => {
  // "TjET" is Tj then ET, "Tj" directly followed by "T*" is two operators; an unknown long token is skipped.
  const content = 'BT /F1 12 Tf 14 TL 72 700 Td (alpha)TjT*(beta)Tj ET BT /F1 12 Tf 72 600 Td (gamma)TjET xyzzy BT /F1 12 Tf 72 500 Td (delta)Tj ET';
  const page = (await openDocument(onePage(streamObject(Buffer.from(content, 'latin1'))), { ocr: 'never' })).pages[0]!;
  expect(page.words.map((w) => w.text)).toEqual(['alpha', 'beta', 'gamma', 'delta']);
  expect(page.lines).toHaveLength(4);
});

test('literal strings with escapes, nested parentheses and octal codes read as written', async () => {
  const content = String.raw`BT /F1 12 Tf 72 700 Td (plain) Tj ET BT /F1 12 Tf 72 680 Td (a\(b\)c) Tj ET ` +
    String.raw`BT /F1 12 Tf 72 660 Td (x(y)z) Tj ET BT /F1 12 Tf 72 640 Td (\101\102C) Tj ET BT /F1 12 Tf 72 620 Td () Tj (end) Tj ET`;
  const page = (await openDocument(onePage(streamObject(Buffer.from(content, 'latin1'))), { ocr: 'never' })).pages[0]!;
  expect(page.words.map((w) => w.text)).toEqual(['plain', 'a(b)c', 'x(y)z', 'ABC', 'end']);
});

test('hex strings read the same with or without inner whitespace, odd digit counts padded with zero', async () => {
  // <414243> "ABC", <41 42 43> the same with spaces, <44454> "DE@" (a missing last digit is 0), <> empty.
  const content = 'BT /F1 12 Tf 72 700 Td <414243> Tj ET BT /F1 12 Tf 72 680 Td <41 42\n43> Tj ET BT /F1 12 Tf 72 660 Td <44454> Tj ET BT /F1 12 Tf 72 640 Td <> Tj <6f6B> Tj ET';
  const page = (await openDocument(onePage(streamObject(Buffer.from(content, 'latin1'))), { ocr: 'never' })).pages[0]!;
  expect(page.words.map((w) => w.text)).toEqual(['ABC', 'ABC', 'DE@', 'ok']);
});

test('a #-escaped font name selects the same font as the plain name, also written against the next token', async () => {
  // /F#32 is /F2 (Courier); "wide" is wider in Courier than in Helvetica (/F1), so a misread name shows in the width.
  const content = 'BT /F2 12 Tf 72 700 Td (wide) Tj ET BT /F#32 12 Tf 72 680 Td (wide) Tj ET ' +
    'BT/F1 12 Tf 72 660 Td(wide)Tj ET BT /F2 12 Tf 72 640 Td /Span<</MCID 0>>BDC (last) Tj EMC ET /End';
  const pdf = buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> /Contents 4 0 R >>',
    streamObject(Buffer.from(content, 'latin1')),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>',
  ]);
  const page = (await openDocument(pdf, { ocr: 'never' })).pages[0]!;
  const width = (i: number) => page.words[i]!.bbox[2] - page.words[i]!.bbox[0];
  expect(page.words.map((w) => w.text)).toEqual(['wide', 'wide', 'wide', 'last']);
  expect(width(1)).toBeCloseTo(width(0), 6);
  expect(width(2)).toBeLessThan(width(0) * 0.95);
});
