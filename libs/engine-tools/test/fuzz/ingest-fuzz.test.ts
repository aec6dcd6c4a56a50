import sharp from 'sharp';
import { compileSchema, EngineError, extractFromDocument, inspectDocument, openDocument } from '@exs/engine';
import { builtSeeds, mutant, seedPng, type Seed } from '../../src/cli/fuzz-mutants.js';
import { greyTiff, textPdf } from '../support/engine-fixtures.js';

/**
 * A fixed-seed slice of the ingest fuzzer (src/cli/fuzz-ingest.ts runs thousands, in child processes with time
 * and memory caps): every mutant of a few small valid documents ends in a result or an EngineError with the
 * contract's document codes, within a time limit, leaving no unhandled rejection behind. Runs in-process
 * with OCR off (parsing and text extraction), so a few hundred take seconds.
 */
const MUTANTS = 400;
const MASTER_SEED = 20261122;
const PER_MUTANT_MS = 10_000;
const DOCUMENT_CODES = ['unsupported_document', 'document_too_large'];
const SCHEMA = compileSchema({ type: 'object', properties: { invoice_number: { type: 'string' }, total: { type: 'number' } } });
/** openDocument, not extract: extract answers unexpected ingest failures as unsupported_document, hiding them. */
const ingest = async (bytes: Uint8Array) => {
  await inspectDocument(bytes); // the service counts pages first
  return extractFromDocument(await openDocument(bytes, { ocr: 'never' }), SCHEMA, {});
};

async function seeds(): Promise<Seed[]> {
  const page = { width: 24, height: 8, pixels: new Uint8Array(192).map((_, i) => (i % 5 < 2 ? 0 : 255)) };
  return [
    ...builtSeeds(),
    { name: 'textPdf', bytes: textPdf([[[72, 700, 12, 'Invoice 42 total 10.00']], [[72, 700, 12, 'page two']]]) },
    { name: 'greyTiff', bytes: greyTiff([page, page]) },
    { name: 'jpeg', bytes: new Uint8Array(await sharp(seedPng()).jpeg({ quality: 80 }).toBuffer()) },
  ];
}

test(`${MUTANTS} mutants of valid documents end in a result or a document error code`, async () => {
  const all = await seeds();
  const failures: string[] = [];
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  try {
    for (let i = 0; i < MUTANTS; i++) {
      const m = mutant(all, MASTER_SEED, i, { heavy: false });
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no outcome within ${PER_MUTANT_MS} ms`)), PER_MUTANT_MS);
      });
      const where = `--seed ${MASTER_SEED} --only ${i} [${m.seed}: ${m.ops.join(', ')}]`;
      try {
        await Promise.race([ingest(m.bytes), timeout]);
      } catch (err) {
        if (!(err instanceof EngineError && DOCUMENT_CODES.includes(err.code))) failures.push(`${where}: ${String(err).slice(0, 200)}`);
      } finally {
        clearTimeout(timer);
      }
      if (unhandled.length > 0) failures.push(`${where}: unhandled rejection ${String(unhandled.splice(0)[0]).slice(0, 200)}`);
    }
    await new Promise((ok) => setTimeout(ok, 100));
    if (unhandled.length > 0) failures.push(`after the last mutant: unhandled rejection ${String(unhandled[0]).slice(0, 200)}`);
  } finally {
    process.off('unhandledRejection', onUnhandled);
  }
  expect(failures).toEqual([]);
}, 120_000);
