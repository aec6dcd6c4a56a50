/**
 * Child process of fuzz-ingest.ts: runs ingest on the mutants its parent sends and reports each outcome. The
 * parent enforces the time and memory caps (it kills this process); anything that escapes here (an unhandled
 * rejection, an uncaught exception) is reported as a crash of the mutant being run.
 */
import { closeOcr, compileSchema, EngineError, extractFromDocument, inspectDocument, openDocument } from '@exs/engine';

export interface FuzzRequest {
  index: number;
  bytes: Uint8Array;
  ocr: 'never' | 'auto';
}

export type FuzzOutcome =
  | { index: number; kind: 'ok'; pages: number }
  | { index: number; kind: 'rejected'; code: string; detail?: string }
  | { index: number; kind: 'failure'; what: string; stack?: string };

/** Codes bad input may get (the contract's): anything else thrown for a document is a bug. */
export const DOCUMENT_CODES = new Set(['unsupported_document', 'document_too_large']);

const SCHEMA = compileSchema({ type: 'object', properties: { invoice_number: { type: 'string' }, total: { type: 'number' }, date: { type: 'string', format: 'date' } } });

/** Outcome of one mutant, in this process. */
export async function runOne(req: FuzzRequest): Promise<FuzzOutcome> {
  try {
    // openDocument, not extract: extract answers any unexpected ingest failure as unsupported_document, which
    // would hide exactly what fuzzing looks for.
    // The service counts pages (inspectDocument) before it extracts; both read the mutant.
    await inspectDocument(req.bytes);
    const doc = await openDocument(req.bytes, { ocr: req.ocr });
    extractFromDocument(doc, SCHEMA, {});
    return { index: req.index, kind: 'ok', pages: doc.pageCount };
  } catch (err) {
    if (err instanceof EngineError && DOCUMENT_CODES.has(err.code)) return { index: req.index, kind: 'rejected', code: err.code, detail: err.detail };
    const e = err as Error;
    const what = err instanceof EngineError ? `EngineError ${err.code}: ${err.detail ?? ''}` : `${e?.name ?? typeof err}: ${e?.message ?? String(err)}`;
    return { index: req.index, kind: 'failure', what, stack: e?.stack };
  }
}

let current = -1;
/** Mutants this child ran before the current one: work a finished mutant left behind can fail later. */
const before: number[] = [];
const send = (m: unknown) => process.send?.(m);
for (const event of ['unhandledRejection', 'uncaughtException'] as const) {
  process.on(event, (err: unknown) => {
    const e = err as Error;
    const after = before.length > 0 ? ` (this child ran before: ${before.join(', ')})` : '';
    send({ index: current, kind: 'failure', what: `${event}: ${e?.name ?? ''}: ${e?.message ?? String(err)}${after}`, stack: e?.stack });
    process.exit(70);
  });
}

process.on('message', (msg: FuzzRequest | 'exit') => {
  if (msg === 'exit') {
    void closeOcr().finally(() => process.exit(0));
    return;
  }
  current = msg.index;
  const bytes = new Uint8Array(msg.bytes);
  void runOne({ ...msg, bytes })
    // A turn of the event loop before answering, so most rejections left behind surface under this mutant.
    .then((out) => new Promise<FuzzOutcome>((ok) => setTimeout(() => ok(out), 1)))
    .then((out) => {
      send(out);
      before.push(msg.index);
      if (before.length > 3) before.shift();
    });
});
send('ready');
