// One hostile request must never stop the service (issue 10). Each hostile request below gets its 4xx (or,
// where the contract allows, a prompt ordinary answer), and RIGHT AFTER IT an ordinary one-page extract and an
// ordinary job both succeed within 5 s on the same stack, with no service having exited on the way. The 5 s is
// the issue's functional bound on those two calls only; the hostile requests are bounded by the tests' Jest
// timeouts (a request that hung, or took the engine's whole deadline, would not answer with its 4xx anyway).
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { sampleInvoicePdf, sampleInvoiceSchema, textLinesPdf } from '../support/sample-documents.js';
import { ApiClient, b64, type ApiResponse } from '../support/api-client.js';
import { createAccount, startTestStack, type TestStack } from '../support/stack-fixture.js';

/** The bound on the ordinary extract and the ordinary job that follow each hostile request. */
const ORDINARY_WORK_MS = 5_000;
/** Engine threads of the stack: a hostile request is sent this many times at once where one could wedge a thread. */
const ENGINE_THREADS = 2;

let stack: TestStack;
let client: ApiClient;
let onePage: Uint8Array;
let n = 0;

beforeAll(async () => {
  stack = await startTestStack({ ENGINE_THREADS: String(ENGINE_THREADS) });
  onePage = await sampleInvoicePdf(1);
  // A raised plan: these tests are about hostile input, not about the request rate they need.
  client = account(['--plan', 'raised', '--grant-usd', '100']);
}, 180_000);

afterAll(async () => {
  await stack?.dispose();
}, 60_000);

function account(args: string[]): ApiClient {
  return new ApiClient(stack.gatewayUrl, createAccount(stack, `chaos-${++n}@example.com`, args).api_key);
}

const extractBody = (bytes: Uint8Array) => ({ schema: sampleInvoiceSchema, document: { bytes_base64: b64(bytes) } });

/** The contract's error: status, code, a message, and `error.request_id` equal to the `x-request-id` header. */
function expectError(res: ApiResponse, status: number, code: string): void {
  expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status, code });
  expect(typeof res.body.error.message).toBe('string');
  expect(res.body.error.request_id).toBe(res.headers.get('x-request-id'));
}

/** A raw JSON request body (the deep schemas are written as text: building them as objects is what overflows). */
const postRaw = (who: ApiClient, path: string, json: string) => who.request('POST', path, { body: json, headers: { 'content-type': 'application/json' } });

/** An ordinary one-page extract and an ordinary one-page job both succeed, each within 5 s of being sent. */
async function ordinaryWorkStillRuns(): Promise<void> {
  const t0 = performance.now();
  const extract = await client.post('/v1/extract', extractBody(onePage));
  const extractMs = performance.now() - t0;
  expect(extract.status).toBe(200);
  expect(extract.body.data.invoice_number).toBe('INV-2026-0042');
  expect(extractMs).toBeLessThanOrEqual(ORDINARY_WORK_MS);

  const t1 = performance.now();
  const admitted = await client.post('/v1/jobs', extractBody(onePage));
  expect(admitted.status).toBe(202);
  let job = admitted.body;
  // Polled until it ends or its time is up (GET /v1/jobs/:id takes no rate-limit token).
  while (job.state !== 'succeeded' && job.state !== 'failed' && performance.now() - t1 <= ORDINARY_WORK_MS) {
    await new Promise((r) => setTimeout(r, 50));
    job = (await client.get(`/v1/jobs/${admitted.body.id}`)).body;
  }
  const jobMs = performance.now() - t1;
  expect(job.state).toBe('succeeded');
  expect(job.result.data.invoice_number).toBe('INV-2026-0042');
  expect(jobMs).toBeLessThanOrEqual(ORDINARY_WORK_MS);

  // No service crashed and was restarted by the stack on the way.
  expect(stack.logLines.filter((line) => / exited \(/.test(line))).toEqual([]);
}

/** `{"type":"object","properties":{"a":...}}` with `depth` schemas nested (the innermost a string), as JSON text. */
function nestedSchema(depth: number): string {
  return '{"type":"object","properties":{"a":'.repeat(depth - 1) + '{"type":"string"}' + '}}'.repeat(depth - 1);
}

describe('hostile schemas', () => {
  test.each([2_000, 10_000])('a schema nested %i levels deep is 400 invalid_schema; ordinary work still runs right after', async (depth) => {
    const body = `{"schema":${nestedSchema(depth)},"document":{"bytes_base64":"${b64(onePage)}"}}`;
    // One per engine thread: at ~2,000 levels each used to leave a thread that never settled its task.
    const answers = await Promise.all(Array.from({ length: ENGINE_THREADS }, () => postRaw(client, '/v1/extract', body)));
    for (const res of answers) expectError(res, 400, 'invalid_schema');
    await ordinaryWorkStillRuns();
  }, 60_000);

  test('a backtracking pattern ^(a+)+$ on "Customer: " and 48 a\'s is answered promptly, the field not matching; ordinary work still runs right after', async () => {
    const document = await textLinesPdf(['Customer: ' + 'a'.repeat(48) + '!', 'Thank you for your order.']);
    const schema = { type: 'object', properties: { customer: { type: 'string', pattern: '^(a+)+$', description: 'Customer name' } } };
    const answers = await Promise.all(Array.from({ length: ENGINE_THREADS }, () => client.post('/v1/extract', { schema, document: { bytes_base64: b64(document) } })));
    for (const res of answers) {
      // Accepted (patterns run on a linear-time engine) or refused as a schema error; nothing else.
      if (res.status === 400) {
        expectError(res, 400, 'invalid_schema');
      } else {
        expect(res.status).toBe(200);
        const value = res.body.data.customer;
        // The only text that could match is not a match ("aaa...a!"): no value, or one that truly matches.
        expect(value === null || (typeof value === 'string' && /^a+$/.test(value))).toBe(true);
      }
    }
    await ordinaryWorkStillRuns();
  }, 60_000);

  /** 22 `$defs`, each an object whose two properties both reference the next: 2^22 paths, no leaf at all. */
  function defsBomb(): unknown {
    const $defs: Record<string, unknown> = {};
    for (let i = 0; i < 22; i++) {
      $defs[`d${i}`] = i === 21
        ? { type: 'object' }
        : { type: 'object', properties: { left: { $ref: `#/$defs/d${i + 1}` }, right: { $ref: `#/$defs/d${i + 1}` } } };
    }
    return { type: 'object', $defs, properties: { root: { $ref: '#/$defs/d0' } } };
  }

  test('the $defs bomb (22 definitions each referencing the next twice) is 400 invalid_schema; ordinary work still runs right after', async () => {
    const res = await client.post('/v1/extract', { schema: defsBomb(), document: { bytes_base64: b64(onePage) } });
    expectError(res, 400, 'invalid_schema');
    await ordinaryWorkStillRuns();
  }, 60_000);

  test('the $defs bomb from an account with zero balance is 400 invalid_schema, and nothing is held or billed', async () => {
    const broke = account(['--plan', 'raised', '--grant-usd', '0']);
    const sync = await broke.post('/v1/extract', { schema: defsBomb(), document: { bytes_base64: b64(onePage) } });
    expectError(sync, 400, 'invalid_schema');
    const job = await broke.post('/v1/jobs', { schema: defsBomb(), document: { bytes_base64: b64(onePage) } });
    expectError(job, 400, 'invalid_schema');
    const wallet = await broke.get('/v1/wallet');
    expect({ balance: wallet.body.balance.amount, held: wallet.body.held.amount }).toEqual({ balance: '0.00', held: '0.00' });
    await ordinaryWorkStillRuns();
  }, 60_000);

  test('40 schemas of 800 unique patterns each, in a row, are all answered and leave the extraction process a bounded size; ordinary work still runs right after', async () => {
    const extraction = stack.services.get('extraction')!;
    const pid = extraction.pid!;
    const rssMiB = () => Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
    const patterned = (round: number | 'same') => ({
      type: 'object',
      properties: Object.fromEntries(Array.from({ length: 800 }, (_, i) => [`f${i}`, { type: 'string', pattern: `^r${round}x${i}[a-z]{2,9}$` }])),
    });
    const send = async (round: number | 'same') => (await client.post('/v1/extract', { schema: patterned(round), document: { bytes_base64: b64(onePage) } })).status;
    // The same 800-field work with one schema first, until the engine threads' heaps have grown to what such
    // requests need (measured: +320 MiB RSS over the first 40, +90 MiB over the next 40), so that what follows
    // measures what unique patterns keep, not that ramp. 80 rounds: with fifteen languages' label data each
    // request does more, and after 40 the ramp could still add ~+230 MiB on a loaded machine (a CI run measured
    // +313 MiB where a quiet one measures +80 to +150).
    const warm: number[] = [];
    for (let i = 0; i < 80; i++) warm.push(await send('same'));
    expect(warm).toEqual(Array(80).fill(200));
    const statuses: number[] = [];
    const rss: number[] = [rssMiB()];
    for (let round = 0; round < 40; round++) { statuses.push(await send(round)); rss.push(rssMiB()); }
    expect(statuses).toEqual(Array(40).fill(200));
    expect(extraction.pid).toBe(pid);
    // A cache keyed by the patterns without a bound grows with every round: before the bound, 40 rounds added
    // +769 MiB (32,000 validators kept ~+700 MiB of heap after GC), ~19 MiB each round. Bounded, most rounds add
    // about nothing and the heap grows in a few jumps of up to ~+45 MiB (V8 enlarging old space; measured on a
    // loaded machine: +241 MiB over the 40 rounds in three jumps, per-round median +1 MiB; quiet: +30 MiB, median
    // +1). So the typical round is judged, not the total, which the jumps make noisy (the whole 40 measured +30 to
    // +313 MiB across runs).
    const perRound = rss.slice(1).map((x, k) => x - rss[k]!).sort((a, b) => a - b);
    const medianRoundMiB = perRound[perRound.length >> 1]!;
    expect(medianRoundMiB).toBeLessThan(5);
    expect(rss[40]! - rss[0]!).toBeLessThan(512);
    await ordinaryWorkStillRuns();
  }, 300_000);
});

describe('text PostgreSQL cannot store (NUL)', () => {
  test('POST /v1/keys with a NUL in the name is 400 invalid_schema (the same name without it is 201); ordinary work still runs right after', async () => {
    const owner = account(['--plan', 'raised', '--grant-usd', '1']);
    expectError(await owner.post('/v1/keys', { name: 'a\u0000b' }), 400, 'invalid_schema');
    expect((await owner.post('/v1/keys', { name: 'ab' })).status).toBe(201);
    await ordinaryWorkStillRuns();
  });

  test('renaming a key to a name with a NUL is 400 invalid_schema and keeps its name; ordinary work still runs right after', async () => {
    const owner = account(['--plan', 'raised', '--grant-usd', '1']);
    const created = await owner.post('/v1/keys', { name: 'before' });
    expect(created.status).toBe(201);
    expectError(await owner.post(`/v1/keys/${created.body.id}`, { name: 'a\u0000b' }), 400, 'invalid_schema');
    expect((await owner.get(`/v1/keys/${created.body.id}`)).body.name).toBe('before');
    await ordinaryWorkStillRuns();
  });

  test('a webhook endpoint description with a NUL is 400 invalid_schema (the same endpoint without it is 201); ordinary work still runs right after', async () => {
    const owner = account(['--plan', 'raised', '--grant-usd', '1']);
    // A loopback URL nothing listens on: no job of this account runs, so nothing is ever delivered to it.
    const endpoint = { url: 'http://127.0.0.1:9/hooks', event_types: ['job.succeeded'] };
    expectError(await owner.post('/v1/webhook_endpoints', { ...endpoint, description: 'a\u0000b' }), 400, 'invalid_schema');
    expect((await owner.post('/v1/webhook_endpoints', { ...endpoint, description: 'ab' })).status).toBe(201);
    await ordinaryWorkStillRuns();
  });
});

describe('malformed HTTP', () => {
  /** Sends `raw` on a fresh connection to the gateway and returns everything it answers before closing. */
  function rawExchange(raw: string): Promise<string> {
    const { port } = new URL(stack.gatewayUrl);
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.on('data', (c) => chunks.push(c));
      socket.on('error', reject);
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
      socket.write(raw, 'latin1');
    });
  }

  test('a header with a control byte is 400 with the error shape, x-request-id and service-version; ordinary work still runs right after', async () => {
    const answer = await rawExchange('GET /v1/wallet HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Note: a\u0001b\r\nConnection: close\r\n\r\n');
    const [head, ...rest] = answer.split('\r\n\r\n');
    const [statusLine, ...headerLines] = head.split('\r\n');
    const headers = new Map(headerLines.map((l) => [l.slice(0, l.indexOf(':')).trim().toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
    expect(statusLine).toMatch(/^HTTP\/1\.1 400 /);
    expect(headers.get('x-request-id')).toMatch(/\S/);
    expect(headers.get('service-version')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const body = JSON.parse(rest.join('\r\n\r\n'));
    expect(body.error).toEqual(expect.objectContaining({ code: 'invalid_schema', message: expect.any(String), request_id: headers.get('x-request-id') }));
    await ordinaryWorkStillRuns();
  });
});
