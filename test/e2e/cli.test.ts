// The command-line client (libs/cli, bin `exs`) run as a process against the six services: extract
// prints values, confidence and grounding as JSON; a job submitted through an upload is waited for; a
// key is created and revoked, after which it exits 2; a missing file exits 3 with a static message.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { sampleInvoicePdf, sampleInvoiceSchema } from '../support/sample-documents.js';
import { createAccount, ROOT, startTestStack, type TestStack } from '../support/stack-fixture.js';

const BIN = join(ROOT, 'libs/cli/dist/bin.js');

let stack: TestStack;
let dir: string;
let invoicePath: string;
let schemaPath: string;
let n = 0;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `exs ...args` with `env` over a clean environment: no user config (HOME is the test's folder). */
function exs(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { cwd: dir, env: { PATH: process.env.PATH ?? '', HOME: dir, EXS_BASE_URL: stack.gatewayUrl, ...env }, timeout: 150_000 },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? -1) : 0, stdout, stderr }),
    );
  });
}

const newKey = () => createAccount(stack, `cli-${++n}@example.com`).api_key;

beforeAll(async () => {
  stack = await startTestStack();
  dir = mkdtempSync(join(tmpdir(), 'exs-cli-e2e-'));
  invoicePath = join(dir, 'invoice.pdf');
  schemaPath = join(dir, 'schema.json');
  writeFileSync(invoicePath, await sampleInvoicePdf(1));
  writeFileSync(schemaPath, JSON.stringify(sampleInvoiceSchema));
}, 180_000);

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await stack?.dispose();
}, 60_000);

test('exs extract prints the values with their confidence and grounding as JSON on stdout', async () => {
  const run = await exs(['extract', invoicePath, '--schema', schemaPath], { EXS_API_KEY: newKey() });
  expect(run).toMatchObject({ code: 0, stderr: '' });
  const result = JSON.parse(run.stdout);
  expect(result.data).toEqual({ invoice_number: 'INV-2026-0042', invoice_date: '2026-03-15', total: 1500.5 });
  const total = result.fields['/total'];
  expect(total).toMatchObject({ state: 'extracted', value: 1500.5 });
  expect(total.confidence).toBeGreaterThan(0);
  expect(total.confidence).toBeLessThanOrEqual(1);
  expect(total.grounding[0]).toMatchObject({ page: 1, text: expect.stringContaining('1,500.50') });
  expect(result.meta).toMatchObject({ billed_pages: 1, request_id: expect.stringMatching(/^req_/) });
}, 120_000);

test('exs jobs submit --wait uploads a document over the inline size and prints the succeeded job', async () => {
  // The invoice with 1.2 MiB of incompressible bytes attached: the CLI stages it with POST /v1/uploads.
  const padded = await PDFDocument.load(await sampleInvoicePdf(1));
  await padded.attach(randomBytes(1_200_000), 'padding.bin', { mimeType: 'application/octet-stream' });
  const bigPath = join(dir, 'invoice-padded.pdf');
  writeFileSync(bigPath, await padded.save());

  const run = await exs(['jobs', 'submit', bigPath, '--schema', schemaPath, '--wait', '--timeout', '100'], { EXS_API_KEY: newKey() });
  expect(run).toMatchObject({ code: 0, stderr: '' });
  const job = JSON.parse(run.stdout);
  expect(job).toMatchObject({ object: 'job', state: 'succeeded', pages: 1, error: null });
  expect(job.result.data.invoice_number).toBe('INV-2026-0042');
  expect(job.result.fields['/invoice_number'].grounding[0].page).toBe(1);
}, 150_000);

test('exs keys create, then exs keys revoke: the revoked key exits 2', async () => {
  const owner = { EXS_API_KEY: newKey() };
  const created = await exs(['keys', 'create', '--name', 'cli-ci', '--daily-page-quota', '50'], owner);
  expect(created.code).toBe(0);
  const key = JSON.parse(created.stdout);
  expect(key).toMatchObject({ object: 'api_key', name: 'cli-ci', daily_page_limit: 50, secret: expect.stringMatching(/^exs_live_/) });
  expect((await exs(['wallet'], { EXS_API_KEY: key.secret })).code).toBe(0);

  const revoked = await exs(['keys', 'revoke', key.id], owner);
  expect(revoked.code).toBe(0);
  expect(JSON.parse(revoked.stdout).revoked_at).not.toBeNull();

  const refused = await exs(['wallet'], { EXS_API_KEY: key.secret });
  expect(refused.code).toBe(2);
  expect(refused.stdout).toBe('');
  expect(refused.stderr).toMatch(/^exs: .+ \(invalid_api_key, request req_[0-9a-f]{32}\)\n$/);
}, 60_000);

test('a missing document exits 3 with a static message and sends nothing', async () => {
  const run = await exs(['extract', 'no-such-invoice.pdf', '--schema', schemaPath], { EXS_API_KEY: newKey() });
  expect(run).toEqual({ code: 3, stdout: '', stderr: 'exs: no-such-invoice.pdf: no such file\n' });
});

test('an unknown job exits 5; health needs no key', async () => {
  expect((await exs(['jobs', 'get', 'job_000000000000000000000000'], { EXS_API_KEY: newKey() })).code).toBe(5);
  const health = await exs(['health']);
  expect(health.code).toBe(0);
  expect(JSON.parse(health.stdout)).toMatchObject({ ok: true, version: 'e2e-build' });
});
