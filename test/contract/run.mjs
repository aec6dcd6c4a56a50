// Starts a throwaway stack on free loopback ports (own PostgreSQL, Redis and NATS under a temp dir), creates an
// account with a raised plan and USD 100, runs test/contract/schemathesis.sh against it, and stops everything.
//   bash scripts/run node scripts/build.mjs && bash scripts/run node test/contract/run.mjs [schemathesis args]
// Exit status is schemathesis'. KEEP=1 leaves the stack running (prints its URL and key) until Ctrl-C.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { startThrowawayStack } from '../support/throwaway-stack.mjs';

const root = resolve(import.meta.dirname, '../..');
let stack;
let code = 1;
try {
  stack = await startThrowawayStack({ name: 'contract', log: (line) => console.error(`[stack] ${line}`), keepLogs: process.env.KEEP_LOGS === '1' });
  console.error(`gateway ${stack.url}, API key ${stack.apiKey}, logs ${stack.logs}`);
  if (process.env.KEEP === '1') {
    await new Promise((r) => process.once('SIGINT', r));
    code = 0;
  } else {
    const child = spawn('bash', [join(root, 'test/contract/schemathesis.sh'), '--url', stack.url, '--api-key', stack.apiKey, ...process.argv.slice(2)], { stdio: 'inherit' });
    code = await new Promise((r) => child.once('exit', (c) => r(c ?? 1)));
  }
} catch (err) {
  console.error(err);
} finally {
  await stack?.stop();
}
process.exit(code);
