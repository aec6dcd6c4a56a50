// The Document AI OCR provider end to end inside the service's engine pool: the real client library, on the
// engine's worker threads, against a fake Document AI gRPC server on 127.0.0.1 (test/support/fake-documentai.ts).
// Nothing here leaves the machine: the client runs in plaintext mode, which never looks for Google credentials,
// and the worker threads are told there is no metadata server.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import * as grpc from '@grpc/grpc-js';
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { EnginePool } from '../src/engine/engine-pool.js';
import type { DocumentAiSettings } from '../src/providers/documentai/settings.js';
import { sampleInvoiceSchema } from '../../../test/support/sample-documents.js';
import { documentOf, startFakeDocumentAi, type FakeAnswer, type FakeDocumentAi, type FakeToken, type ReceivedRequest } from './support/fake-documentai.js';

/** A real receipt scan from the evaluation set: local OCR reads it, so a fallback has something to read. */
const receiptJpeg = new Uint8Array(readFileSync(resolve(import.meta.dirname, '../../../../shared/datasets/sroie/cases/sroie-003/document.jpg')));

/** Guards: even a code path that looked for Google credentials would find no metadata server to ask. */
const workerEnv = { ...process.env, METADATA_SERVER_DETECTION: 'none', GCE_METADATA_HOST: '127.0.0.1:9', GCE_METADATA_IP: '127.0.0.1:9' };

const exporter = new InMemorySpanExporter();
const warnings: Array<{ obj: Record<string, unknown>; msg: string }> = [];
const logger = { warn: (obj: Record<string, unknown>, msg: string) => { warnings.push({ obj, msg }); } } as never;

let fake: FakeDocumentAi;
/** What the fake answers; each test sets it. */
let answer: (request: ReceivedRequest, index: number) => FakeAnswer = () => ({ error: grpc.status.UNIMPLEMENTED, message: 'no answer set' });
let withProvider: EnginePool;
let localOnly: EnginePool;
const pools: EnginePool[] = [];

function settings(port: number, over: Partial<DocumentAiSettings> = {}): DocumentAiSettings {
  return {
    processor: 'projects/test-project/locations/eu/processors/ocr-1',
    host: '127.0.0.1',
    port,
    plaintext: true,
    timeoutMs: 10_000,
    pagesPerRequest: 15,
    maxRequestBytes: 20 * 1024 * 1024,
    ...over,
  };
}

function pool(ocrProvider?: DocumentAiSettings): EnginePool {
  const p = new EnginePool({ threads: 1, env: workerEnv, ocrProvider, logger });
  pools.push(p);
  return p;
}

beforeAll(async () => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] }));
  fake = await startFakeDocumentAi((req, i) => answer(req, i));
  withProvider = pool(settings(fake.port));
  localOnly = pool();
});

afterAll(async () => {
  await Promise.all(pools.map((p) => p.onApplicationShutdown()));
  await fake?.close();
  trace.disable();
  context.disable();
});

beforeEach(() => {
  fake.requests.length = 0;
  warnings.length = 0;
  exporter.reset();
});

/** An invoice as Document AI would read it, `tag` marking which page it is. */
function invoiceLines(tag = 'INV-7731'): FakeToken[][] {
  return [
    [{ text: 'ACME', box: [0.08, 0.05, 0.18, 0.07] }, { text: 'Supplies', box: [0.19, 0.05, 0.33, 0.07] }],
    [{ text: 'Invoice', box: [0.55, 0.12, 0.64, 0.14] }, { text: 'Number:', box: [0.65, 0.12, 0.75, 0.14] }, { text: tag, box: [0.77, 0.12, 0.92, 0.14] }],
    [{ text: 'Invoice', box: [0.55, 0.15, 0.64, 0.17] }, { text: 'Date:', box: [0.65, 0.15, 0.72, 0.17] }, { text: '2026-04-02', box: [0.77, 0.15, 0.92, 0.17] }],
    [{ text: 'Total', box: [0.55, 0.6, 0.62, 0.62] }, { text: 'Due:', box: [0.63, 0.6, 0.69, 0.62] }, { text: 'USD', box: [0.72, 0.6, 0.77, 0.62] }, { text: '912.40', box: [0.78, 0.6, 0.88, 0.62] }],
  ];
}

/**
 * A PDF of scanned pages (the receipt scan as the page's only content, placed at 200 dpi so that local OCR
 * reads it at its own size), optionally after one digital page.
 */
async function scannedPdf(scans: number, digitalFirst = false): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setCreationDate(new Date('2026-01-01T00:00:00Z'));
  doc.setModificationDate(new Date('2026-01-01T00:00:00Z'));
  if (digitalFirst) {
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([612, 792]);
    page.drawText('Cover letter: please find our invoice attached, as agreed on the phone.', { x: 50, y: 700, size: 11, font });
  }
  const image = await doc.embedJpg(receiptJpeg);
  const [width, height] = [(image.width * 72) / 200, (image.height * 72) / 200];
  for (let i = 0; i < scans; i++) {
    const page = doc.addPage([width, height]);
    page.drawImage(image, { x: 0, y: 0, width, height });
  }
  return doc.save({ useObjectStreams: false });
}

function engineSpan() {
  const span = exporter.getFinishedSpans().find((s) => s.name === 'engine extract');
  expect(span).toBeDefined();
  return span!;
}

describe('pages read by Document AI', () => {
  test("a scanned PDF's fields are extracted from the provider's tokens and grounded on their boxes", async () => {
    answer = () => ({ document: documentOf([{ lines: invoiceLines() }]) });
    const result = await withProvider.run(await scannedPdf(1), sampleInvoiceSchema, 20);
    expect(result.data).toEqual({ invoice_number: 'INV-7731', invoice_date: '2026-04-02', total: 912.4 });
    expect(result.document).toMatchObject({ pages: 1, ocr_pages: 1 });
    const grounding = result.fields['/invoice_number']!.grounding[0]!;
    expect(grounding.page).toBe(1);
    expect(grounding.text).toBe('INV-7731');
    grounding.bbox.forEach((v, i) => expect(v).toBeCloseTo([0.77, 0.12, 0.92, 0.14][i]!, 3));
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ name: 'projects/test-project/locations/eu/processors/ocr-1', mimeType: 'application/pdf', pageCount: 1 });
  });

  test('an image document is sent as it is and read from the provider', async () => {
    answer = () => ({ document: documentOf([{ lines: invoiceLines('INV-9001') }]) });
    const result = await withProvider.run(receiptJpeg, sampleInvoiceSchema, 20);
    expect(result.data.invoice_number).toBe('INV-9001');
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.mimeType).toBe('image/jpeg');
    expect(Buffer.compare(fake.requests[0]!.content, Buffer.from(receiptJpeg))).toBe(0);
  });

  test('only the pages that need OCR are sent (a digital page stays in the cluster)', async () => {
    answer = () => ({ document: documentOf([{ lines: invoiceLines() }]) });
    const result = await withProvider.run(await scannedPdf(1, true), sampleInvoiceSchema, 20);
    expect(fake.requests.map((r) => r.pageCount)).toEqual([1]);
    // The provider's page 1 is the document's page 2.
    expect(result.fields['/invoice_number']!.grounding[0]!.page).toBe(2);
    expect(result.document).toMatchObject({ pages: 2, ocr_pages: 1 });
  });

  test("more pages than Document AI takes per request go in batches, each answer mapped back to its pages", async () => {
    const pages = 20;
    // Every page of a batch is answered with an invoice numbered after the page of the original it stands for:
    // the batch of 15 holds pages 1-15, the batch of 5 pages 16-20 (the two may arrive in either order).
    answer = (req) => ({
      document: documentOf(Array.from({ length: req.pageCount }, (_, i) => ({ lines: invoiceLines(`INV-P${(req.pageCount === 15 ? 0 : 15) + i + 1}`) }))),
    });
    const schema = { type: 'object', properties: { invoice_number: { type: 'string', description: 'The invoice number' } } };
    const result = await withProvider.run(await scannedPdf(pages), schema, 50);
    expect(fake.requests.map((r) => r.pageCount).sort((a, b) => a - b)).toEqual([5, 15]);
    expect(result.document).toMatchObject({ pages, ocr_pages: pages });
    // The value found is grounded on the page whose reading carries that page's own number.
    const g = result.fields['/invoice_number']!.grounding[0]!;
    expect(result.data.invoice_number).toBe(`INV-P${g.page}`);
    expect(engineSpan().attributes).toMatchObject({ 'ocr.provider': 'documentai', 'ocr.provider_pages': pages, 'ocr.provider_fallback_pages': 0 });
  });

  test('requests ask only for the fields the conversion reads', async () => {
    answer = () => ({ document: documentOf([{ lines: invoiceLines() }]) });
    await withProvider.run(receiptJpeg, sampleInvoiceSchema, 20);
    expect(fake.requests[0]!.fieldMask).toEqual(['text', 'pages.page_number', 'pages.dimension', 'pages.layout', 'pages.lines', 'pages.tokens']);
    expect(fake.requests[0]!.imagelessMode).toBe(false);
  });
});

describe('fallback to local OCR', () => {
  test('a server error: the pages are read by Tesseract, as without the provider, and the fallback is recorded', async () => {
    answer = () => ({ error: grpc.status.INTERNAL, message: 'processor exploded' });
    const viaFallback = await withProvider.run(receiptJpeg, sampleInvoiceSchema, 20);
    const local = await localOnly.run(receiptJpeg, sampleInvoiceSchema, 20);
    expect(viaFallback).toEqual(local);
    expect(fake.requests).toHaveLength(1);
    const span = exporter.getFinishedSpans().find((s) => s.name === 'engine extract' && s.attributes['ocr.provider'] === 'documentai')!;
    expect(span.attributes).toMatchObject({ 'ocr.provider_pages': 0, 'ocr.provider_fallback_pages': 1 });
    const event = span.events.find((e) => e.name === 'ocr provider fallback');
    expect(event?.attributes).toMatchObject({ 'ocr.provider': 'documentai', 'ocr.fallback_pages': '1' });
    expect(String(event?.attributes?.['ocr.fallback_reason'])).toContain('INTERNAL: processor exploded');
    expect(warnings).toEqual([expect.objectContaining({ obj: expect.objectContaining({ fallbackPages: [1] }) })]);
  });

  test('a server that is down: the pages are read by Tesseract', async () => {
    const down = await startFakeDocumentAi(() => ({ error: grpc.status.INTERNAL, message: 'unused' }));
    const port = down.port;
    await down.close();
    const offline = pool(settings(port, { timeoutMs: 5_000 }));
    const pdf = await scannedPdf(1);
    const viaFallback = await offline.run(pdf, sampleInvoiceSchema, 20);
    expect(viaFallback).toEqual(await localOnly.run(pdf, sampleInvoiceSchema, 20));
    expect(viaFallback.document.ocr_pages).toBe(1);
    expect(warnings).toHaveLength(1);
    expect(String(warnings[0]!.obj.reason)).toContain('UNAVAILABLE');
  });

  test('a server that does not answer in time: the request is cancelled at its deadline and the pages are read by Tesseract', async () => {
    answer = () => ({ hang: true });
    const slow = pool(settings(fake.port, { timeoutMs: 1_000 }));
    const viaFallback = await slow.run(receiptJpeg, sampleInvoiceSchema, 20);
    expect(viaFallback).toEqual(await localOnly.run(receiptJpeg, sampleInvoiceSchema, 20));
    expect(fake.requests).toHaveLength(1);
    // Cancelled by our 1 s deadline: a call left to the client's own default (300 s) would end this test by its
    // Jest timeout instead, so no clock reading is needed.
    expect(String(warnings[0]!.obj.reason)).toContain('DEADLINE_EXCEEDED');
  });

  test('a batch that fails falls back alone; the pages of the batches that succeeded keep the provider reading', async () => {
    // Pages 1-2 go in one request, which fails; page 3 in another, which is answered.
    answer = (req) => req.pageCount === 2
      ? { error: grpc.status.RESOURCE_EXHAUSTED, message: 'quota' }
      : { document: documentOf([{ lines: invoiceLines() }]) };
    const twoPerRequest = pool(settings(fake.port, { pagesPerRequest: 2 }));
    const result = await twoPerRequest.run(await scannedPdf(3), sampleInvoiceSchema, 20);
    expect(fake.requests.map((r) => r.pageCount).sort()).toEqual([1, 2]);
    const span = engineSpan();
    expect(span.attributes).toMatchObject({ 'ocr.provider_pages': 1, 'ocr.provider_fallback_pages': 2 });
    const event = span.events.find((e) => e.name === 'ocr provider fallback');
    expect(event?.attributes).toMatchObject({ 'ocr.fallback_pages': '1,2' });
    expect(String(event?.attributes?.['ocr.fallback_reason'])).toContain('RESOURCE_EXHAUSTED: quota');
    expect(result.document.ocr_pages).toBe(3);
  });
});

describe('off by default', () => {
  test('a pool without provider settings never calls Document AI, even for scans', async () => {
    answer = () => ({ document: documentOf([{ lines: invoiceLines() }]) });
    const result = await localOnly.run(receiptJpeg, sampleInvoiceSchema, 20);
    expect(result.document.ocr_pages).toBe(1);
    expect(fake.requests).toHaveLength(0);
    expect(engineSpan().attributes['ocr.provider']).toBeUndefined();
  });
});
