import { EngineError } from '../../src/errors.js';
import { closeOcr, inspectDocument, openDocument } from '../../src/document/index.js';
import { greyTiff, jpegDeclaring, pngDeclaring } from '../fixtures/images.js';
import { bombPdf, encryptedPdf, lyingCountPdf, textPdf } from '../fixtures/pdf-builder.js';

afterAll(() => closeOcr());

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(EngineError);
    return (err as EngineError).code;
  }
  return 'resolved';
}

test('empty input is an unsupported document', async () => {
  expect(await codeOf(openDocument(new Uint8Array(0)))).toBe('unsupported_document');
});

test('unknown formats are unsupported documents', async () => {
  expect(await codeOf(openDocument(new TextEncoder().encode('hello, plain text')))).toBe('unsupported_document');
  expect(await codeOf(inspectDocument(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4])))).toBe('unsupported_document');
});

test('a corrupt PDF is an unsupported document', async () => {
  expect(await codeOf(openDocument(new TextEncoder().encode('%PDF-1.7\nthis is not a pdf body at all')))).toBe('unsupported_document');
});

test('an encrypted PDF without its password is an unsupported document', async () => {
  expect(await codeOf(openDocument(encryptedPdf()))).toBe('unsupported_document');
});

test('more pages than maxPages is too large', async () => {
  const pages = Array.from({ length: 4 }, (_, i) => [[72, 700, 12, `page ${i}`]] as Array<[number, number, number, string]>);
  expect(await codeOf(openDocument(textPdf(pages), { maxPages: 3 }))).toBe('document_too_large');
  expect((await openDocument(textPdf(pages), { maxPages: 4, ocr: 'never' })).pageCount).toBe(4);
});

test('the default page limit is 200', async () => {
  const pages = Array.from({ length: 201 }, () => [[72, 700, 12, 'x']] as Array<[number, number, number, string]>);
  expect(await codeOf(openDocument(textPdf(pages), { ocr: 'never' }))).toBe('document_too_large');
});

test('more words than maxWords is too large', async () => {
  const pdf = textPdf([[[72, 700, 12, 'one two three four five six']]]);
  expect(await codeOf(openDocument(pdf, { maxWords: 5, ocr: 'never' }))).toBe('document_too_large');
  expect((await openDocument(pdf, { maxWords: 6, ocr: 'never' })).wordCount).toBe(6);
});

test('a PDF claiming a million pages counts its real pages', async () => {
  const pdf = lyingCountPdf(1_000_000, 3);
  expect(await inspectDocument(pdf)).toEqual({ format: 'pdf', pageCount: 3 });
  expect((await openDocument(pdf, { ocr: 'never' })).pageCount).toBe(3);
});

test('a PDF bomb is rejected without inflating it fully', async () => {
  const before = process.memoryUsage().rss;
  expect(await codeOf(openDocument(bombPdf(160 * 1024 * 1024), { ocr: 'never' }))).toBe('document_too_large');
  expect(process.memoryUsage().rss - before).toBeLessThan(1024 * 1024 * 1024);
});

test('a 30000x30000 PNG is rejected from its header before decoding', async () => {
  expect(await codeOf(openDocument(pngDeclaring(30000, 30000)))).toBe('document_too_large');
});

test('a 30000x30000 JPEG is rejected from its header before decoding', async () => {
  expect(await codeOf(openDocument(jpegDeclaring(30000, 30000)))).toBe('document_too_large');
});

test('inspectDocument counts TIFF pages from the headers', async () => {
  const page = { width: 4, height: 4, pixels: new Uint8Array(16).fill(255) };
  expect(await inspectDocument(greyTiff([page, page, page]))).toEqual({ format: 'tiff', pageCount: 3 });
});

test('inspectDocument sniffs PNG and JPEG as one page', async () => {
  expect(await inspectDocument(pngDeclaring(10, 10))).toEqual({ format: 'png', pageCount: 1 });
  expect(await inspectDocument(jpegDeclaring(10, 10))).toEqual({ format: 'jpeg', pageCount: 1 });
});

test('an aborted signal stops ingest', async () => {
  const controller = new AbortController();
  controller.abort();
  await expect(openDocument(textPdf([[[72, 700, 12, 'x']]]), { signal: controller.signal })).rejects.toThrow();
});
