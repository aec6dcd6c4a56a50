import { EngineError } from '../../src/errors.js';
import { openDocument } from '../../src/document/index.js';
import { buildPdf } from '../fixtures/pdf-builder.js';

/**
 * A page tree whose first kid is not a dictionary and whose second kid's xref entry points at another object:
 * pdf.js fails on the first kid while its prefetch of the second is still pending (found by fuzzing, see
 * libs/engine-tools/src/cli/fuzz-ingest.ts).
 */
function brokenPageTree(): Uint8Array {
  const pdf = buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>',
    '42',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
  ]);
  // Object 4's xref entry (the fifth line of the table) gets object 3's offset.
  const text = Buffer.from(pdf).toString('latin1');
  const entries = [...text.matchAll(/(\d{10}) 00000 n /g)];
  const third = entries[2]![1]!;
  const fourth = entries[3]!;
  return new Uint8Array(Buffer.from(text.slice(0, fourth.index) + `${third} 00000 n ` + text.slice(fourth.index! + fourth[0].length), 'latin1'));
}

test('a broken page tree leaves no unhandled rejection behind', async () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  try {
    const outcome = await openDocument(brokenPageTree(), { ocr: 'never' }).then(() => 'resolved', (err: unknown) => err);
    expect(outcome).toBeInstanceOf(EngineError);
    expect((outcome as EngineError).code).toBe('unsupported_document');
    // Rejections are reported once the microtask queue drains; give pdf.js's pending fetches a few turns.
    await new Promise((ok) => setTimeout(ok, 100));
    expect(unhandled).toEqual([]);
  } finally {
    process.off('unhandledRejection', onUnhandled);
  }
});
