import pg from 'pg';
import { sampleInvoicePdf, sampleInvoiceSchema } from '../support/sample-documents.js';
import { ApiClient, b64 } from '../support/api-client.js';
import { createAccount, startTestStack, waitFor, type TestStack } from '../support/stack-fixture.js';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
}, 180_000);

afterAll(async () => {
  await stack?.dispose();
}, 60_000);

/** Moves a job's clock forward: its retention deadline is set to have just passed. */
async function expire(jobId: string): Promise<void> {
  const client = new pg.Client({ connectionString: stack.env.get('extraction')!.DATABASE_URL });
  await client.connect();
  try {
    await client.query("UPDATE jobs SET expires_at = now() - interval '1 second' WHERE id = $1", [jobId]);
  } finally {
    await client.end();
  }
}

async function jobRowExists(jobId: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: stack.env.get('extraction')!.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query('SELECT 1 FROM jobs WHERE id = $1', [jobId])).rowCount === 1;
  } finally {
    await client.end();
  }
}

test('24 hours after success a job is 404 not_found and its result is deleted, not hidden', async () => {
  const client = new ApiClient(stack.gatewayUrl, createAccount(stack, 'retention@example.com').api_key);
  const admitted = await client.post('/v1/jobs', { schema: sampleInvoiceSchema, document: { bytes_base64: b64(await sampleInvoicePdf()) } });
  const done = await waitFor('success', async () => {
    const res = await client.get(`/v1/jobs/${admitted.body.id}`);
    return res.body.state === 'succeeded' ? res : undefined;
  }, 60_000);
  const retainedFor = Date.parse(done.body.expires_at) - Date.parse(done.body.finished_at);
  expect(retainedFor).toBe(24 * 3600_000);
  await expire(admitted.body.id);
  const res = await client.get(`/v1/jobs/${admitted.body.id}`);
  expect(res.status).toBe(404);
  expect(res.body.error.code).toBe('not_found');
  expect(await jobRowExists(admitted.body.id)).toBe(false);
});
