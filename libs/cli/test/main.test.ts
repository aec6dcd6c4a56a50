// Whole runs of exs against a scripted API: what reaches stdout and stderr, and the exit code.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INLINE_MAX_BYTES } from '../src/inputs.js';
import { main, VERSION } from '../src/main.js';
import { apiError, memoryIo, REQUEST_ID, startFakeApi, type FakeApi, type Recorded, type Reply } from './support/fake-api.js';

const WALLET = { object: 'wallet', plan: 'default', balance: { amount: '20.00', currency: 'USD' }, held: { amount: '0.00', currency: 'USD' }, price_per_page: { amount: '0.02', currency: 'USD' } };
const RESULT = {
  data: { total: 1500.5 },
  fields: { '/total': { state: 'extracted', value: 1500.5, confidence: 0.93, grounding: [{ page: 1, bbox: [0.5, 0.8, 0.6, 0.82], text: '1,500.50', start: 0, end: 8 }] } },
  document: { format: 'pdf', pages: 1, words: 3, ocr_pages: 0 },
  meta: { request_id: REQUEST_ID, billed_pages: 1, calibrator_version: 'c1' },
};
const job = (state: string, extra: Record<string, unknown> = {}) => ({
  id: 'job_1', object: 'job', state, request_id: REQUEST_ID, pages: 1, price_per_page: { amount: '0.02', currency: 'USD' },
  created_at: 't', started_at: null, finished_at: null, expires_at: null, result: null, error: null, ...extra,
});

let api: FakeApi;
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'exs-cli-main-'));
  writeFileSync(join(dir, 'schema.json'), '{"type":"object","properties":{"total":{"type":"number"}}}');
});
afterEach(async () => {
  await api?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function run(argv: string[], reply: (req: Recorded, i: number) => Reply, options: { env?: Record<string, string>; stdin?: string; tty?: boolean } = {}) {
  api = await startFakeApi(reply);
  const io = memoryIo({ EXS_API_KEY: 'exs_live_test', EXS_BASE_URL: api.url, ...options.env }, { homedir: dir, stdin: options.stdin, tty: options.tty });
  const code = await main(argv, io);
  return { code, stdout: io.out(), stderr: io.err() };
}

test('a command prints the API\'s answer as JSON on stdout and nothing on stderr', async () => {
  const { code, stdout, stderr } = await run(['wallet'], () => ({ status: 200, json: WALLET }));
  expect(code).toBe(0);
  expect(JSON.parse(stdout)).toEqual(WALLET);
  expect(stderr).toBe('');
  expect(api.requests[0]).toMatchObject({ method: 'GET', url: '/v1/wallet', headers: { authorization: 'Bearer exs_live_test' } });
});

test('an API error goes to stderr with its code and request id, stdout stays empty, and the exit code is its class', async () => {
  const { code, stdout, stderr } = await run(['wallet'], () => apiError(401, 'invalid_api_key', 'The API key is missing, malformed or revoked.'));
  expect(code).toBe(2);
  expect(stdout).toBe('');
  expect(stderr).toBe(`exs: The API key is missing, malformed or revoked. (invalid_api_key, request ${REQUEST_ID})\n`);
});

test('a job that does not end within --timeout exits 6, naming the job to wait for again', async () => {
  const { code, stderr } = await run(['jobs', 'wait', 'job_1', '--timeout', '1'], () => ({ status: 200, json: job('running') }));
  expect(code).toBe(6);
  expect(stderr).toBe('exs: job job_1 did not end within 1 s; exs jobs wait job_1 waits again\n');
});

test('an unknown job exits 5', async () => {
  expect((await run(['jobs', 'get', 'job_x'], () => apiError(404, 'not_found'))).code).toBe(5);
});

test('a failed job is printed as it is and exits with its error\'s class', async () => {
  const failed = job('failed', { error: { code: 'extraction_failed', message: 'The document could not be read.' } });
  const { code, stdout } = await run(['jobs', 'wait', 'job_1'], () => ({ status: 200, json: failed }));
  expect(code).toBe(3);
  expect(JSON.parse(stdout)).toEqual(failed);
});

test('extract sends the schema file and a small document inline, and prints the result', async () => {
  writeFileSync(join(dir, 'a.pdf'), '%PDF-1.7 tiny');
  const { code, stdout } = await run(['extract', join(dir, 'a.pdf'), '--schema', join(dir, 'schema.json')], () => ({ status: 200, json: RESULT }));
  expect(code).toBe(0);
  expect(JSON.parse(stdout)).toEqual(RESULT);
  expect(api.requests).toHaveLength(1);
  expect(JSON.parse(api.requests[0]!.body.toString())).toEqual({
    schema: { type: 'object', properties: { total: { type: 'number' } } },
    document: { bytes_base64: Buffer.from('%PDF-1.7 tiny').toString('base64') },
  });
});

test('extract reads the document from stdin with -', async () => {
  const { code } = await run(['extract', '-', '--schema', join(dir, 'schema.json')], () => ({ status: 200, json: RESULT }), { stdin: '%PDF from a pipe' });
  expect(code).toBe(0);
  expect(JSON.parse(api.requests[0]!.body.toString()).document).toEqual({ bytes_base64: Buffer.from('%PDF from a pipe').toString('base64') });
});

function uploadThenExtract(req: Recorded): Reply {
  return req.url === '/v1/uploads'
    ? { status: 201, json: { object: 'upload', upload_key: 'upl_1', size_bytes: req.body.length, sha256: '0', expires_at: 't' } }
    : { status: 200, json: RESULT };
}

test('a document over the inline size is uploaded, then extracted by its upload key, with progress on a terminal', async () => {
  const bytes = Buffer.alloc(INLINE_MAX_BYTES + 1, 1);
  writeFileSync(join(dir, 'big.pdf'), bytes);
  const { code, stderr } = await run(['extract', join(dir, 'big.pdf'), '--schema', join(dir, 'schema.json')], uploadThenExtract, { tty: true });
  expect(code).toBe(0);
  expect(api.requests.map((r) => r.url)).toEqual(['/v1/uploads', '/v1/extract']);
  expect(api.requests[0]!.body.equals(bytes)).toBe(true);
  expect(JSON.parse(api.requests[1]!.body.toString()).document).toEqual({ upload_key: 'upl_1' });
  expect(stderr).toContain('uploading big.pdf: 100% of 1.0 MiB');
  expect(stderr).toContain('extracting big.pdf: 0 s');
  // Every progress line is cleared again: nothing of it stays under the output.
  expect(stderr.endsWith('\r\u001b[2K')).toBe(true);
});

test('with stderr not a terminal, an upload and an extraction write nothing to stderr', async () => {
  writeFileSync(join(dir, 'big.pdf'), Buffer.alloc(INLINE_MAX_BYTES + 1, 1));
  const { code, stderr } = await run(['extract', join(dir, 'big.pdf'), '--schema', join(dir, 'schema.json')], uploadThenExtract, { tty: false });
  expect(code).toBe(0);
  expect(stderr).toBe('');
});

test('jobs submit --wait submits, then polls until the job ends', async () => {
  writeFileSync(join(dir, 'a.pdf'), '%PDF-1.7 tiny');
  const states = ['queued', 'running', 'succeeded'];
  const { code, stdout } = await run(['jobs', 'submit', join(dir, 'a.pdf'), '--schema', join(dir, 'schema.json'), '--wait'], (req, i) =>
    req.method === 'POST' ? { status: 202, json: job('queued') } : { status: 200, json: job(states[i]!, states[i] === 'succeeded' ? { result: RESULT } : {}) },
  );
  expect(code).toBe(0);
  expect(JSON.parse(stdout)).toMatchObject({ id: 'job_1', state: 'succeeded', result: RESULT });
  expect(api.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /v1/jobs', 'GET /v1/jobs/job_1', 'GET /v1/jobs/job_1']);
});

test('keys create sends the name and quota; webhooks create sends the URL and event types', async () => {
  await run(['keys', 'create', '--name', 'ci', '--daily-page-quota', '500'], () => ({ status: 201, json: { id: 'key_1' } }));
  expect(JSON.parse(api.requests[0]!.body.toString())).toEqual({ name: 'ci', daily_page_limit: 500 });
  await api.close();
  await run(['webhooks', 'create', 'https://example.com/h', '--events', 'job.failed'], () => ({ status: 201, json: { id: 'we_1' } }));
  expect(JSON.parse(api.requests[0]!.body.toString())).toEqual({ url: 'https://example.com/h', event_types: ['job.failed'] });
});

test('keys list prints every key as one list', async () => {
  const key = { id: 'key_1', object: 'api_key', name: 'ci', prefix: 'exs_live_ab', daily_page_limit: null, created_at: 't', revoked_at: null };
  const { stdout } = await run(['keys', 'list'], () => ({ status: 200, json: { object: 'list', data: [key] } }));
  expect(JSON.parse(stdout)).toEqual({ object: 'list', data: [key] });
});

test('without EXS_API_KEY or a config file, a command that needs a key exits 2 before calling the API', async () => {
  const { code, stderr } = await run(['wallet'], () => ({ status: 200, json: WALLET }), { env: { EXS_API_KEY: '' } });
  expect(code).toBe(2);
  expect(stderr).toBe('exs: no API key: set EXS_API_KEY or run exs login\n');
  expect(api.requests).toHaveLength(0);
});

test('login checks the key from stdin and saves it 0600 with the base URL; later commands use it', async () => {
  const { code, stdout } = await run(['login'], () => ({ status: 200, json: WALLET }), { env: { EXS_API_KEY: '' }, stdin: 'exs_live_from_stdin\n' });
  const path = join(dir, '.config', 'exs', 'config.json');
  expect(code).toBe(0);
  expect(JSON.parse(stdout)).toEqual({ object: 'login', config_path: path, base_url: api.url, plan: 'default' });
  expect(api.requests[0]!.headers.authorization).toBe('Bearer exs_live_from_stdin');
  expect(statSync(path).mode & 0o777).toBe(0o600);
  expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ api_key: 'exs_live_from_stdin', base_url: api.url });

  const url = api.url;
  await api.close();
  api = await startFakeApi(() => ({ status: 200, json: WALLET }));
  writeFileSync(path, JSON.stringify({ api_key: 'exs_live_from_stdin', base_url: api.url }), { mode: 0o600 });
  const io = memoryIo({}, { homedir: dir });
  expect(await main(['wallet'], io)).toBe(0);
  expect(api.requests[0]!.headers.authorization).toBe('Bearer exs_live_from_stdin');
  expect(url).not.toBe(api.url);
});

test('login with a refused key saves nothing and exits 2', async () => {
  const { code } = await run(['login'], () => apiError(401, 'invalid_api_key'), { env: { EXS_API_KEY: '' }, stdin: 'exs_live_wrong\n' });
  expect(code).toBe(2);
  expect(existsSync(join(dir, '.config', 'exs', 'config.json'))).toBe(false);
});

test('a usage error exits 1 without calling the API; --help and --version print on stdout', async () => {
  expect((await run(['keys', 'create', '--daily-page-quota', 'lots'], () => ({ status: 200, json: {} }))).code).toBe(1);
  expect(api.requests).toHaveLength(0);
  const help = memoryIo({});
  expect(await main(['--help'], help)).toBe(0);
  expect(help.out()).toContain('Exit codes:');
  const version = memoryIo({});
  expect(await main(['--version'], version)).toBe(0);
  expect(version.out()).toBe(`${VERSION}\n`);
  expect(VERSION).toBe(JSON.parse(readFileSync(join(import.meta.dirname, '../package.json'), 'utf8')).version);
});

test('--pretty prints a table', async () => {
  const { stdout } = await run(['wallet', '--pretty'], () => ({ status: 200, json: WALLET }));
  expect(stdout).toMatch(/^balance +20\.00 USD$/m);
});
