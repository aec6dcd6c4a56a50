/**
 * Entry point of an engine worker thread (loaded by Piscina from engine-pool.ts). Each thread has its own
 * pdf.js and calibrator; the engine's OCR processes are spawned from here. Replies are always fulfilled:
 * failures are returned as plain data (see engine-protocol.ts) so their codes survive the hop.
 */
import { threadId } from 'node:worker_threads';
import { workerData } from 'piscina';
import { EngineError, compileSchema, extract, inspectDocument, type OcrProvider, type OcrProviderOutcome } from '@exs/engine';
import type { DocumentAiSettings } from '../providers/documentai/settings.js';
import { toWire, type EngineReply, type EngineTask, type ExtractValue, type InspectValue, type PingValue, type SchemaValue } from './engine-protocol.js';

const now = () => performance.timeOrigin + performance.now();

/**
 * A one-page PDF with one amount. Extracting it at start-up loads pdf.js, the schema compiler and the
 * calibrator (~2-3 s of first-use cost per thread) before the thread takes its first request; Piscina
 * hands the thread work only once this module has finished loading.
 */
const WARM_UP_PDF = '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n'
  + '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Resources <</Font <</F1 4 0 R>>>> /Contents 5 0 R>> endobj\n'
  + '4 0 obj <</Type /Font /Subtype /Type1 /BaseFont /Helvetica>> endobj\n'
  + '5 0 obj <</Length 44>> stream\nBT /F1 12 Tf 10 50 Td (Total 1.00) Tj ET\nendstream endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n';
// Best effort: a failed warm-up only leaves the first-use cost to the first request.
await extract(new TextEncoder().encode(WARM_UP_PDF), { type: 'object', properties: { total: { type: 'number' } } }).catch(() => undefined);

/**
 * The OCR provider of this thread, when the pool was given one (see EnginePoolOptions.ocrProvider). Its module
 * (and the Google client library under it, ~1.7 s and ~55 MB) is loaded only then, and before the thread takes
 * work, like the warm-up above.
 */
const providerSettings = (workerData as { ocrProvider?: DocumentAiSettings } | undefined)?.ocrProvider;
const ocrProvider: OcrProvider | undefined = providerSettings
  ? await import('../providers/documentai/provider.js').then(
    (m): OcrProvider => new m.DocumentAiOcrProvider(providerSettings),
    // A provider that cannot even load fails every call, so pages fall back to local OCR and the reason is reported.
    (err: Error): OcrProvider => ({ name: 'documentai', recognize: () => Promise.reject(new Error(`provider did not load: ${err.message}`)) }),
  )
  : undefined;

/**
 * Which tesseract binary reads pages (EXS_TESSERACT_BIN: the local stack and tests point it at their own); the
 * engine reads no environment of its own, so the service passes it as an option.
 */
const tesseract = process.env.EXS_TESSERACT_BIN ? { bin: process.env.EXS_TESSERACT_BIN } : undefined;

/** The caller's schema text as JSON, or the detail the API has always given for text that is not JSON. */
function parseSchema(schemaJson: string): unknown {
  try {
    return JSON.parse(schemaJson);
  } catch {
    throw new EngineError('invalid_schema', 'schema is not valid JSON');
  }
}

async function perform(task: EngineTask, report: (outcome: OcrProviderOutcome) => void): Promise<InspectValue | ExtractValue | SchemaValue | PingValue> {
  switch (task.kind) {
    case 'ping':
      return {};
    case 'schema':
      return { leafCount: compileSchema(parseSchema(task.schemaJson)).leafCount };
    case 'inspect':
      return inspectDocument(task.bytes);
    case 'extract':
      return extract(task.bytes, task.schema, {
        document: {
          maxPages: task.maxPages,
          maxWords: task.maxWords,
          ...(ocrProvider ? { ocrProvider: { provider: ocrProvider, onOutcome: report } } : {}),
          ...(tesseract ? { tesseract } : {}),
        },
      });
    default:
      throw new Error(`unknown engine task ${JSON.stringify((task as { kind?: unknown }).kind)}`);
  }
}

export default async function run(task: EngineTask): Promise<EngineReply<InspectValue | ExtractValue | SchemaValue | PingValue>> {
  const startMs = now();
  let outcome: OcrProviderOutcome | undefined;
  const withOutcome = <R extends object>(reply: R) => (outcome ? { ...reply, ocrProvider: outcome } : reply);
  try {
    const value = await perform(task, (o) => { outcome = o; });
    return withOutcome({ ok: true as const, value, timing: { startMs, endMs: now(), threadId } });
  } catch (err) {
    return withOutcome({ ok: false as const, failure: toWire(err), timing: { startMs, endMs: now(), threadId } });
  }
}
