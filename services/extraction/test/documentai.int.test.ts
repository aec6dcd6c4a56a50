// The Document AI provider turned on by configuration, through the whole stack: the built services run as
// processes (test/setup/global-setup.mjs) with DOCUMENTAI_* pointing at a fake Document AI gRPC server on
// 127.0.0.1, and a caller's POST /v1/extract of a scan is read by it, or, when it fails, by local OCR with
// the fallback in the log and on the exported trace. Nothing leaves the machine (plaintext mode uses no Google
// credentials; the services are also told there is no metadata server).
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import * as grpc from '@grpc/grpc-js';
import { sampleInvoiceSchema } from '../../../test/support/sample-documents.js';
import { ApiClient, b64 } from '../../../test/support/api-client.js';
import { OtlpReceiver } from '../../../test/support/otlp-receiver.js';
import { createAccount, startTestStack, waitFor, type TestStack } from '../../../test/support/stack-fixture.js';
import { documentOf, startFakeDocumentAi, type FakeAnswer, type FakeDocumentAi } from './support/fake-documentai.js';

const receiptJpeg = readFileSync(resolve(import.meta.dirname, '../../../../shared/datasets/sroie/cases/sroie-003/document.jpg'));
const PROCESSOR = 'projects/test-project/locations/eu/processors/ocr-int';

let fake: FakeDocumentAi;
let otlp: OtlpReceiver;
let stack: TestStack;
let api: ApiClient;
let answer: () => FakeAnswer = () => ({ error: grpc.status.UNIMPLEMENTED, message: 'no answer set' });

beforeAll(async () => {
  fake = await startFakeDocumentAi(() => answer());
  otlp = await new OtlpReceiver().start();
  stack = await startTestStack({
    ENGINE_THREADS: '1',
    DOCUMENTAI_PROCESSOR: PROCESSOR,
    DOCUMENTAI_ENDPOINT: fake.endpoint,
    DOCUMENTAI_PLAINTEXT: 'true',
    DOCUMENTAI_TIMEOUT_SECONDS: '5',
    METADATA_SERVER_DETECTION: 'none',
    GCE_METADATA_HOST: '127.0.0.1:9',
    OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
    OTEL_BSP_SCHEDULE_DELAY: '200',
  });
  api = new ApiClient(stack.gatewayUrl, createAccount(stack, `documentai-${randomUUID()}@example.com`).api_key);
}, 180_000);

afterAll(async () => {
  await stack?.dispose();
  await otlp?.stop();
  await fake?.close();
}, 60_000);

/** An exported span attribute as a number (OTLP JSON carries integers as strings). */
const num = (v: unknown) => Number(v);
/** The engine span of the extraction whose result had this many words (spans arrive in batches). */
const engineSpan = (words: number) => waitFor('the engine span', () => otlp.spans.find((s) => s.name === 'engine extract' && num(s.attributes['engine.words']) === words && s.attributes['ocr.provider'] === 'documentai'));

test("a scan sent to /v1/extract is read by the configured processor; values are grounded on its tokens", async () => {
  answer = () => ({
    document: documentOf([{
      lines: [
        [{ text: 'Invoice', box: [0.5, 0.1, 0.62, 0.12] }, { text: 'Number:', box: [0.63, 0.1, 0.75, 0.12] }, { text: 'INV-INT-77', box: [0.77, 0.1, 0.95, 0.12] }],
        [{ text: 'Total', box: [0.5, 0.6, 0.58, 0.62] }, { text: 'Due:', box: [0.59, 0.6, 0.66, 0.62] }, { text: '31.50', box: [0.77, 0.6, 0.87, 0.62] }],
      ],
    }]),
  });
  const res = await api.post('/v1/extract', { schema: sampleInvoiceSchema, document: { bytes_base64: b64(receiptJpeg) } });
  expect(res.status).toBe(200);
  expect(res.body.data).toMatchObject({ invoice_number: 'INV-INT-77', total: 31.5 });
  expect(res.body.fields['/invoice_number'].grounding[0]).toMatchObject({ page: 1, text: 'INV-INT-77' });
  expect(res.body.fields['/invoice_number'].grounding[0].bbox.map((v: number) => +v.toFixed(3))).toEqual([0.77, 0.1, 0.95, 0.12]);
  expect(fake.requests.at(-1)).toMatchObject({ name: PROCESSOR, mimeType: 'image/jpeg' });
  const span = await engineSpan(6);
  expect([num(span.attributes['ocr.provider_pages']), num(span.attributes['ocr.provider_fallback_pages'])]).toEqual([1, 0]);
}, 120_000);

test('when the processor fails, the scan is read by local OCR, and the fallback is logged and traced', async () => {
  answer = () => ({ error: grpc.status.PERMISSION_DENIED, message: 'caller lacks documentai.processors.processOnline' });
  const before = fake.requests.length;
  const res = await api.post('/v1/extract', { schema: sampleInvoiceSchema, document: { bytes_base64: b64(receiptJpeg) } });
  expect(res.status).toBe(200);
  expect(fake.requests.length).toBe(before + 1);
  const logFile = stack.services.get('extraction')!.logFile;
  await waitFor('the fallback warning in the extraction log', () => existsSync(logFile) && readFileSync(logFile, 'utf8').split('\n').find((l) => l.includes('OCR provider failed') && l.includes('PERMISSION_DENIED')));
  const span = await waitFor('the engine span with a fallback', () => otlp.spans.find((s) => s.name === 'engine extract' && num(s.attributes['ocr.provider_fallback_pages']) === 1));
  expect(span.attributes['ocr.provider']).toBe('documentai');
  expect(num(span.attributes['ocr.provider_pages'])).toBe(0);
  // Local OCR read the receipt itself: many more words than the provider's six.
  expect(num(span.attributes['engine.words'])).toBeGreaterThan(20);
}, 120_000);
