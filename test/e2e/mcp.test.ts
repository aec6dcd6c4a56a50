// The MCP server (services/mcp) against the whole stack as processes: an MCP client from the official SDK
// over Streamable HTTP lists the three tools, extracts a generated PDF with the same values, confidence and
// grounding as the REST API (and billed the same), submits and fetches a job; a bad key is a tool error
// with the contract's code and request id; /status shows the server operational; the stdio entry serves
// the same tools to a local client, reading a file path.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Exs } from '@exs/sdk';
import { sampleInvoicePdf, sampleInvoiceSchema } from '../support/sample-documents.js';
import { ROOT, createAccount, startTestStack, waitFor, type TestStack } from '../support/stack-fixture.js';

const REQUEST_ID = /^req_[0-9a-f]{32}$/;
const TOOLS = ['extract_document', 'get_extraction_job', 'submit_extraction_job'];

let stack: TestStack;
let invoice: Uint8Array;
let mcpUrl: URL;
let dir: string;
const clients: Client[] = [];
let n = 0;

beforeAll(async () => {
  stack = await startTestStack();
  invoice = await sampleInvoicePdf(1);
  mcpUrl = new URL(`http://127.0.0.1:${stack.specs.find((s) => s.name === 'mcp')!.httpPort}/mcp`);
  dir = mkdtempSync(join(tmpdir(), 'exs-mcp-e2e-'));
}, 180_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  rmSync(dir, { recursive: true, force: true });
  await stack?.dispose();
}, 60_000);

const newKey = () => createAccount(stack, `mcp-${++n}@example.com`).api_key;

/** An MCP client over Streamable HTTP that sends `key` as the caller's API key. */
async function httpClient(key: string): Promise<Client> {
  const client = new Client({ name: 'exs-e2e', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(mcpUrl, { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
  clients.push(client);
  return client;
}

/** A tool call's structured content, failing the test with the tool's error when it is one. */
async function call(client: Client, name: string, args: Record<string, unknown>): Promise<any> {
  const result = await client.callTool({ name, arguments: args }, undefined, { timeout: 130_000 });
  if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.content)}`);
  return result.structuredContent;
}

/** What must be equal between two results of the same document: every field's state, value, confidence and grounding. */
const fieldsOf = (result: any) => Object.fromEntries(Object.entries(result.fields).map(([pointer, f]: [string, any]) => [pointer, { state: f.state, value: f.value, reason: f.reason, confidence: f.confidence, grounding: f.grounding }]));

test('an MCP client over Streamable HTTP lists the three tools, offering a URL or base64 but no file path', async () => {
  const client = await httpClient(newKey());
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name).sort()).toEqual(TOOLS);
  const extract = tools.find((t) => t.name === 'extract_document')!;
  expect(Object.keys(extract.inputSchema.properties ?? {}).sort()).toEqual(['document_base64', 'document_url', 'schema']);
});

test('extract_document returns the REST API\'s result for a PDF: the same values, confidence and grounding, billed the same', async () => {
  const key = newKey();
  const rest = new Exs({ apiKey: key, baseUrl: stack.gatewayUrl });
  const client = await httpClient(key);
  const before = await rest.wallet.get();

  const viaMcp = await call(client, 'extract_document', { schema: sampleInvoiceSchema, document_base64: Buffer.from(invoice).toString('base64') });
  const afterMcp = await rest.wallet.get();
  const viaRest = await rest.extract({ schema: sampleInvoiceSchema, document: { bytes: invoice } });
  const afterRest = await rest.wallet.get();

  expect(viaMcp.document).toEqual(viaRest.document);
  expect(viaMcp.data).toEqual(viaRest.data);
  expect(viaMcp.data.invoice_number).toBe('INV-2026-0042');
  expect(fieldsOf(viaMcp)).toEqual(fieldsOf(viaRest));
  expect(viaMcp.fields['/invoice_number']).toMatchObject({ state: 'extracted', confidence: expect.any(Number), grounding: [expect.objectContaining({ page: 1, bbox: expect.any(Array) })] });
  expect(viaMcp.meta.billed_pages).toBe(viaRest.meta.billed_pages);
  expect(viaMcp.meta.request_id).toMatch(REQUEST_ID);
  expect(viaMcp.meta.request_id).not.toBe(viaRest.meta.request_id);
  // Taken from the caller's own wallet, as much as the same REST call.
  const spent = (from: typeof before, to: typeof before) => Number(from.balance.amount) - Number(to.balance.amount);
  expect(spent(before, afterMcp)).toBeGreaterThan(0);
  expect(spent(before, afterMcp)).toBeCloseTo(spent(afterMcp, afterRest), 6);
});

test('submit_extraction_job queues a job that get_extraction_job fetches until it succeeds with the REST result', async () => {
  const key = newKey();
  const client = await httpClient(key);
  const job = await call(client, 'submit_extraction_job', { schema: sampleInvoiceSchema, document_base64: Buffer.from(invoice).toString('base64') });
  expect(job).toMatchObject({ object: 'job', state: 'queued', id: expect.any(String) });

  const done = await waitFor('the job to succeed', async () => {
    const current = await call(client, 'get_extraction_job', { job_id: job.id });
    return current.state === 'succeeded' ? current : undefined;
  }, 60_000);
  const viaRest = await new Exs({ apiKey: key, baseUrl: stack.gatewayUrl }).jobs.get(job.id);
  expect(done).toEqual(viaRest);
  expect(done.result.data.invoice_number).toBe('INV-2026-0042');
}, 90_000);

test('a bad API key is a tool error carrying invalid_api_key and the API\'s request id', async () => {
  const client = await httpClient('exs_live_not-a-real-key');
  const result = await client.callTool({ name: 'extract_document', arguments: { schema: sampleInvoiceSchema, document_base64: Buffer.from(invoice).toString('base64') } });
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toEqual({ error: expect.objectContaining({ code: 'invalid_api_key', request_id: expect.stringMatching(REQUEST_ID) }) });
  expect(JSON.parse((result.content as Array<{ text: string }>)[0]!.text)).toEqual(result.structuredContent);
});

test('an unknown job is a tool error carrying not_found', async () => {
  const client = await httpClient(newKey());
  const result = await client.callTool({ name: 'get_extraction_job', arguments: { job_id: 'job_00000000000000000000000000000000' } });
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toEqual({ error: expect.objectContaining({ code: 'not_found', request_id: expect.stringMatching(REQUEST_ID) }) });
});

test('GET /status lists the MCP server as operational where the stack runs it', async () => {
  const res = await waitFor('the MCP server to show as operational', async () => {
    const r = await fetch(`${stack.gatewayUrl}/status`, { headers: { accept: 'application/json' } });
    const body = await r.json() as any;
    return body.components.find((c: any) => c.id === 'mcp')?.status === 'operational' ? body : undefined;
  });
  expect(res.components.find((c: any) => c.id === 'mcp')).toMatchObject({ name: 'MCP server', status: 'operational', checks: [{ name: 'mcp', status: 'up' }] });
});

test('the stdio entry lists the same tools and extracts a file given by path with EXS_API_KEY', async () => {
  const key = newKey();
  const path = join(dir, 'invoice.pdf');
  writeFileSync(path, invoice);
  const client = new Client({ name: 'exs-e2e-stdio', version: '1.0.0' });
  await client.connect(new StdioClientTransport({
    command: process.execPath,
    args: [join(ROOT, 'services/mcp/dist/stdio.js')],
    env: { EXS_API_KEY: key, EXS_API_URL: stack.gatewayUrl, PATH: process.env.PATH ?? '' },
    stderr: 'pipe',
  }));
  clients.push(client);
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name).sort()).toEqual(TOOLS);
  expect(Object.keys(tools.find((t) => t.name === 'extract_document')!.inputSchema.properties ?? {})).toContain('file_path');

  const result = await call(client, 'extract_document', { schema: sampleInvoiceSchema, file_path: path });
  expect(result.data.invoice_number).toBe('INV-2026-0042');
  expect(result.fields['/invoice_number']).toMatchObject({ state: 'extracted', grounding: [expect.objectContaining({ page: 1 })] });
});
