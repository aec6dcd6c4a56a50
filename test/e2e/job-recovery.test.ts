import { sampleInvoicePdf, sampleInvoiceSchema } from '../support/sample-documents.js';
import { ApiClient, b64 } from '../support/api-client.js';
import { createAccount, startTestStack, waitFor, type TestStack } from '../support/stack-fixture.js';

// Its own stack: these tests kill and tamper with the extraction service.
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ JOB_ACK_WAIT_SECONDS: '3' });
}, 180_000);

afterAll(async () => {
  await stack?.dispose();
}, 60_000);

test('a worker killed mid-job: the job is redelivered, finishes once and is billed once', async () => {
  const client = new ApiClient(stack.gatewayUrl, createAccount(stack, 'recovery@example.com').api_key);
  const pages = 150;
  const admitted = await client.post('/v1/jobs', { schema: sampleInvoiceSchema, document: { bytes_base64: b64(await sampleInvoicePdf(pages)) } });
  expect(admitted.status).toBe(202);
  const extraction = stack.services.get('extraction')!;
  const firstPid = extraction.pid!;
  await waitFor('the job to start running', async () => (await client.get(`/v1/jobs/${admitted.body.id}`)).body.state === 'running', 30_000);
  process.kill(firstPid, 'SIGKILL');

  const done = await waitFor('the job to finish after redelivery', async () => {
    const res = await client.get(`/v1/jobs/${admitted.body.id}`).catch(() => undefined);
    return res && (res.body.state === 'succeeded' || res.body.state === 'failed') ? res : undefined;
  }, 120_000);
  expect(extraction.pid).not.toBe(firstPid);
  expect(done.body.state).toBe('succeeded');
  expect(done.body.result.meta).toEqual(expect.objectContaining({ request_id: admitted.body.request_id, billed_pages: pages }));
  const wallet = await client.get('/v1/wallet');
  expect(wallet.body.balance.amount).toBe((20 - pages * 0.02).toFixed(2));
  expect(wallet.body.held.amount).toBe('0.00');
}, 180_000);
