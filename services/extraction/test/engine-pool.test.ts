// The engine on worker threads: results and every kind of engine failure cross the thread boundary
// intact, and the call is a span of the caller's trace. Runs the built worker (dist/engine/engine-worker.js).
import { SpanStatusCode, context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EngineError, compileSchema, extract, usableCpus } from '@exs/engine';
import { EnginePool } from '../src/engine/engine-pool.js';
import { fromWire, toWire } from '../src/engine/engine-protocol.js';
import { PublicFailure } from '../src/public-failure.js';
import { sampleInvoicePdf, sampleInvoiceSchema } from '../../../test/support/sample-documents.js';
import { greyTiff } from '../../../libs/engine/test/fixtures/images.js';

const exporter = new InMemorySpanExporter();
let engine: EnginePool;

beforeAll(() => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] }));
  engine = new EnginePool({ threads: 2 });
});

afterAll(async () => {
  await engine?.onApplicationShutdown();
  trace.disable();
  context.disable();
});

async function failureOf(p: Promise<unknown>): Promise<{ code: string; detail: string }> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(PublicFailure);
    const { code, detail } = err as PublicFailure;
    return { code, detail };
  }
  throw new Error('expected a failure');
}

/** What the engine itself throws for the same input in this thread, as a public failure. */
async function inProcessFailure(p: () => Promise<unknown>): Promise<{ code: string; detail: string }> {
  try {
    await p();
  } catch (err) {
    expect(err).toBeInstanceOf(EngineError);
    return { code: (err as EngineError).code, detail: (err as EngineError).detail ?? '' };
  }
  throw new Error('expected the engine to fail');
}

describe('results', () => {
  test('an extraction result from a worker equals the engine run in this thread', async () => {
    const pdf = await sampleInvoicePdf();
    const fromWorker = await engine.run(pdf, sampleInvoiceSchema, 20);
    const inThread = await extract(new Uint8Array(pdf), sampleInvoiceSchema, { document: { maxPages: 20, maxWords: 80_000 } });
    expect(fromWorker).toEqual(inThread);
    expect(fromWorker.data).toMatchObject({ invoice_number: 'INV-2026-0042' });
  });

  test('the page count comes from a worker', async () => {
    expect(await engine.countPages(await sampleInvoicePdf(3), 20)).toBe(3);
  });

  test("the caller's bytes stay usable after the call (the worker gets a copy)", async () => {
    const pdf = Buffer.from(await sampleInvoicePdf());
    const before = Buffer.from(pdf);
    await engine.countPages(pdf, 20);
    expect(pdf.byteLength).toBe(before.byteLength);
    expect(pdf.equals(before)).toBe(true);
  });
});

describe('engine failures keep their public code and detail across the thread boundary', () => {
  test('unsupported_document', async () => {
    const bytes = new TextEncoder().encode('hello, plain text');
    const failure = await failureOf(engine.countPages(bytes, 20));
    expect(failure).toEqual(await inProcessFailure(() => extract(bytes, sampleInvoiceSchema)));
    expect(failure.code).toBe('unsupported_document');
  });

  test('invalid_schema', async () => {
    const schema = { type: 'object', properties: { total: { type: 'number', minimum: 'zero' } } };
    const failure = await failureOf(engine.run(await sampleInvoicePdf(), schema, 20));
    expect(failure).toEqual(await inProcessFailure(async () => compileSchema(schema)));
    expect(failure.code).toBe('invalid_schema');
    expect(failure.detail).not.toBe('');
  });

  test('document_too_large from the engine (page limit during extraction)', async () => {
    const failure = await failureOf(engine.run(await sampleInvoicePdf(3), sampleInvoiceSchema, 2));
    expect(failure).toEqual({ code: 'document_too_large', detail: '3 pages exceed the limit of 2' });
  });

  test('document_too_large from the page count on the path', async () => {
    const failure = await failureOf(engine.countPages(await sampleInvoicePdf(3), 2));
    expect(failure).toEqual({ code: 'document_too_large', detail: 'the document has 3 pages; the limit on this path is 2' });
  });

  test('extraction_failed (no OCR engine installed in the worker)', async () => {
    const noOcr = new EnginePool({ threads: 1, env: { ...process.env, EXS_TESSERACT_BIN: '/nonexistent/tesseract' } });
    try {
      const scan = greyTiff([{ width: 200, height: 100, pixels: new Uint8Array(200 * 100).fill(255) }]);
      const failure = await failureOf(noOcr.run(scan, sampleInvoiceSchema, 20));
      expect(failure).toEqual({ code: 'extraction_failed', detail: 'OCR engine not installed (run scripts/install-os-deps.sh)' });
    } finally {
      await noOcr.onApplicationShutdown();
    }
  });
});

describe('the schema check (compiled on a worker thread)', () => {
  const leaves = (n: number) => ({ type: 'object', properties: Object.fromEntries(Array.from({ length: n }, (_, i) => [`field_${i}`, { type: 'string', description: `field number ${i}` }])) });

  test('a usable schema passes', async () => {
    await expect(engine.checkSchema(JSON.stringify(sampleInvoiceSchema))).resolves.toBeUndefined();
  });

  test('an extraction takes the schema as the JSON text that was checked', async () => {
    const pdf = await sampleInvoicePdf();
    expect(await engine.run(pdf, JSON.stringify(sampleInvoiceSchema), 20)).toEqual(await engine.run(pdf, sampleInvoiceSchema, 20));
  });

  test('a schema the compiler rejects is invalid_schema with the compiler\'s detail', async () => {
    const schema = { type: 'object', properties: { total: { type: 'number', minimum: 'zero' } } };
    const failure = await failureOf(engine.checkSchema(JSON.stringify(schema)));
    expect(failure).toEqual(await inProcessFailure(async () => compileSchema(schema)));
    expect(failure.code).toBe('invalid_schema');
    expect(failure.detail).not.toBe('');
  });

  test('a schema of 801 leaf fields is invalid_schema with the compiler\'s detail', async () => {
    const failure = await failureOf(engine.checkSchema(JSON.stringify(leaves(801))));
    expect(failure).toEqual(await inProcessFailure(async () => compileSchema(leaves(801))));
    expect(failure.code).toBe('invalid_schema');
  });

  test('a schema that is not JSON is invalid_schema', async () => {
    expect(await failureOf(engine.checkSchema('{"type": "object",'))).toEqual({ code: 'invalid_schema', detail: 'schema is not valid JSON' });
  });

  test('the event loop keeps turning while 800-leaf schemas are checked: its longest stall is under half their compile time', async () => {
    const schemas = Array.from({ length: 64 }, () => JSON.stringify(leaves(800)));
    await engine.checkSchema(schemas[0]!); // first-use costs on this side (span, pool) are not the point
    // A timer every 2 ms notes the longest gap between its turns while the checks run: compiled here,
    // the 64 compilations would be one stall of their whole time.
    let last = performance.now();
    let longestGap = 0;
    const ticker = setInterval(() => {
      const t = performance.now();
      longestGap = Math.max(longestGap, t - last);
      last = t;
    }, 2);
    try {
      await Promise.all(schemas.map((s) => engine.checkSchema(s)));
      // The stretch since the last turn counts too (with the checks on this thread there was no turn at all).
      longestGap = Math.max(longestGap, performance.now() - last);
    } finally {
      clearInterval(ticker);
    }
    // The same compilations on this thread, for the scale of that stall.
    const t0 = performance.now();
    for (const s of schemas) compileSchema(JSON.parse(s));
    const inThreadMs = performance.now() - t0;
    expect(longestGap).toBeLessThan(inThreadMs / 2);
  });
});

describe('OCR processes', () => {
  test('engine threads share one budget of usable-CPUs OCR processes, not one budget each', async () => {
    // A tesseract wrapper that notes how many OCR processes are alive whenever one starts.
    const dir = mkdtempSync(join(tmpdir(), 'exs-ocr-count-'));
    const live = join(dir, 'live');
    mkdirSync(live);
    const wrapper = join(dir, 'tesseract');
    writeFileSync(wrapper, `#!/bin/sh\nmarker="${live}/$$"\n: > "$marker"\nls "${live}" | wc -l >> "${dir}/counts"\ntesseract "$@"\nrc=$?\nrm -f "$marker"\nexit $rc\n`);
    chmodSync(wrapper, 0o755);
    const ocrPool = new EnginePool({ threads: 2, env: { ...process.env, EXS_TESSERACT_BIN: wrapper } });
    try {
      const page = () => ({ width: 800, height: 600, pixels: new Uint8Array(800 * 600).fill(255) });
      const scan = greyTiff([page(), page(), page()]);
      // Two scans at once, one per thread; each thread alone would run up to usable-CPUs processes.
      await Promise.all([ocrPool.run(scan, sampleInvoiceSchema, 20), ocrPool.run(scan, sampleInvoiceSchema, 20)]);
      const counts = readFileSync(join(dir, 'counts'), 'utf8').trim().split('\n').map(Number);
      expect(counts.length).toBeGreaterThanOrEqual(6);
      expect(Math.max(...counts)).toBeLessThanOrEqual(usableCpus());
    } finally {
      await ocrPool.onApplicationShutdown();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the wire format', () => {
  test('an engine error survives the structured clone a thread hop uses', () => {
    const back = fromWire(structuredClone(toWire(new EngineError('document_too_large', 'more than 80000 words'))));
    expect(back).toBeInstanceOf(EngineError);
    expect(back).toMatchObject({ code: 'document_too_large', detail: 'more than 80000 words' });
  });

  test('an engine error without a detail comes back without one', () => {
    const back = fromWire(structuredClone(toWire(new EngineError('unsupported_document'))));
    expect(back).toMatchObject({ code: 'unsupported_document', detail: undefined });
  });

  test("any other error stays a fault (no public code) with the worker's name, message and stack", () => {
    const original = new TypeError('cannot read properties of undefined');
    const back = fromWire(structuredClone(toWire(original)));
    expect(back).not.toBeInstanceOf(EngineError);
    expect(back).toMatchObject({ name: 'TypeError', message: 'cannot read properties of undefined', stack: original.stack });
  });

  test('a thrown non-error becomes a fault with its text', () => {
    expect(fromWire(structuredClone(toWire('boom')))).toMatchObject({ name: 'Error', message: 'boom' });
  });
});

describe('tracing', () => {
  test("an engine call is a child span of the caller's span, with the worker's timings on it", async () => {
    const pdf = await sampleInvoicePdf();
    const parent = await trace.getTracer('test').startActiveSpan('request', async (span) => {
      await engine.run(pdf, sampleInvoiceSchema, 20);
      span.end();
      return span.spanContext();
    });
    const child = exporter.getFinishedSpans().find((s) => s.name === 'engine extract' && s.spanContext().traceId === parent.traceId);
    expect(child?.parentSpanContext?.spanId).toBe(parent.spanId);
    expect(child?.attributes).toMatchObject({ 'engine.pages': 1, 'engine.run_ms': expect.any(Number), 'engine.queue_ms': expect.any(Number), 'thread.id': expect.any(Number) });
    expect(child?.events.map((e) => e.name)).toEqual(['engine worker started', 'engine worker finished']);
  });

  test('an engine failure is recorded on the span by its public code, not as a fault', async () => {
    const traceId = await trace.getTracer('test').startActiveSpan('request', async (span) => {
      await engine.countPages(new TextEncoder().encode('not a document'), 20).catch(() => undefined);
      span.end();
      return span.spanContext().traceId;
    });
    const child = exporter.getFinishedSpans().find((s) => s.name === 'engine inspect' && s.spanContext().traceId === traceId);
    expect(child?.attributes['exs.error_code']).toBe('unsupported_document');
    expect(child?.status.code).not.toBe(SpanStatusCode.ERROR);
  });
});
