import { documentFailure, EngineError } from '../../src/errors.js';
import { extract } from '../../src/index.js';
import { textPdf } from '../fixtures/pdf-builder.js';

const SCHEMA = { type: 'object', properties: { total: { type: 'number' } } };

test('an unexpected error while a document is read is answered as unsupported_document', async () => {
  // The injection point is an option read inside ingest; any parser or decoder failure takes the same way out.
  const options = { get ocr(): 'never' { throw new TypeError('boom'); } };
  const outcome = await extract(textPdf([[[72, 700, 12, 'Total 1.00']]]), SCHEMA, { document: options }).then(() => 'resolved', (err: unknown) => err);
  expect(outcome).toBeInstanceOf(EngineError);
  expect((outcome as EngineError).code).toBe('unsupported_document');
});

test('engine errors keep their code when a document is read', () => {
  const err = new EngineError('document_too_large', 'more than 5 words');
  expect(documentFailure(err)).toBe(err);
});

test('a cancellation while a document is read stays a cancellation', () => {
  const abort = new DOMException('aborted', 'AbortError');
  expect(documentFailure(abort)).toBe(abort);
});

test('a failed allocation while a document is read stays a fault', () => {
  const oom = new RangeError('Array buffer allocation failed');
  expect(documentFailure(oom)).toBe(oom);
});

test('a system call failing while a document is read (no file descriptors left for OCR) stays a fault', () => {
  const exhausted = Object.assign(new Error('spawn EMFILE'), { code: 'EMFILE', syscall: 'spawn' });
  expect(documentFailure(exhausted)).toBe(exhausted);
});
