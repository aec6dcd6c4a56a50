// Property-based contract test: schemathesis (from PyPI, installed into .tools/ by test/contract/schemathesis.sh)
// generates requests from the OpenAPI document the gateway serves (examples, edge values, fuzzing, stateful
// sequences) and checks every response against it: documented status codes, response schemas, content types,
// headers, no 5xx. The run is seeded so a failure reproduces; SCHEMATHESIS_SEED / MAX_EXAMPLES override.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createAccount, ROOT, startTestStack, type TestStack } from '../support/stack-fixture.js';

const SEED = process.env.SCHEMATHESIS_SEED ?? '20260810';
const MAX_EXAMPLES = process.env.MAX_EXAMPLES ?? '25';

let stack: TestStack;
let apiKey: string;

beforeAll(async () => {
  stack = await startTestStack();
  // The raised plan keeps the token bucket out of the way of a fuzzer sending requests back to back.
  apiKey = createAccount(stack, `schemathesis-${Date.now()}@example.com`, ['--plan', 'raised', '--grant-usd', '100']).api_key;
}, 120_000);

afterAll(async () => {
  await stack?.dispose();
});

function runSchemathesis(): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [join(ROOT, 'test/contract/schemathesis.sh'), '--url', stack.gatewayUrl, '--api-key', apiKey, '--seed', SEED, '--no-color'], {
      cwd: ROOT,
      env: { ...process.env, MAX_EXAMPLES },
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => { output += c.toString(); });
    child.stderr.on('data', (c: Buffer) => { output += c.toString(); });
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

test('every generated request gets a response the OpenAPI document allows', async () => {
  const { code, output } = await runSchemathesis();
  // The summary (and any failure with its reproduction curl) is what a reader of a red build needs.
  if (code !== 0) throw new Error(`schemathesis failed (seed ${SEED}, exit ${code}):\n${output.slice(-12_000)}`);
  expect(output).toMatch(/passed/);
}, 900_000);
