import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStack, type Ports, type Stack } from '@exs/stack';
import { isPortOpen } from '@exs/devinfra';

export const ROOT = join(import.meta.dirname, '../..');

/**
 * `count` consecutive free loopback ports, so a test stack never collides with a running dev stack. The range lies
 * below Linux's ephemeral ports (32768 and up), which the OS hands out to outgoing connections and to every
 * `listen(0)` (getFreePort) of other test workers at any moment, between our check and our bind.
 */
async function freePortRange(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * (32_000 - 20_000 - count));
    const busy = await Promise.all(Array.from({ length: count }, (_, i) => isPortOpen(base + i)));
    if (!busy.some(Boolean)) return base;
  }
  throw new Error('no free port range');
}

export interface TestStack extends Stack {
  logLines: string[];
  dispose(): Promise<void>;
}

/** The six services as separate processes on the test infrastructure (see test/setup/global-setup.mjs). */
export async function startTestStack(env: Record<string, string> = {}): Promise<TestStack> {
  for (let attempt = 1; ; attempt++) {
    const base = await freePortRange(17);
    const ports: Partial<Ports> = { gateway: base, internalHttpBase: base + 1, grpcBase: base + 6, dashboard: base + 12, mailpitSmtp: base + 13, mailpitWeb: base + 14, mcp: base + 15, stripeMock: base + 16 };
    const dir = mkdtempSync(join(tmpdir(), 'exs-e2e-'));
    const logLines: string[] = [];
    try {
      const stack = await startStack({
        rootDir: ROOT,
        dataDir: join(dir, 'data'),
        runDir: join(dir, 'run'),
        ports,
        external: { databaseUrl: process.env.EXS_TEST_DATABASE_URL, redisUrl: process.env.EXS_TEST_REDIS_URL, natsUrl: process.env.EXS_TEST_NATS_URL },
        env: { LOG_LEVEL: 'warn', BUILD_ID: 'e2e-build', UPLOADS_DIR: join(dir, 'uploads'), ...env },
        log: (line) => logLines.push(line),
        readyTimeoutMs: 90_000,
      });
      return {
        ...stack,
        logLines,
        async dispose() {
          await stack.stop();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    } catch (err) {
      // another process took one of the range's ports after the check (startStack has stopped what it started)
      rmSync(dir, { recursive: true, force: true });
      if (attempt >= 3 || !/address already in use|EADDRINUSE/i.test(err instanceof Error ? err.message : String(err))) throw err;
    }
  }
}

/** The operator CLI against the test stack: a new account with a default plan and USD 20. */
export function createAccount(stack: Stack, email: string, args: string[] = ['--plan', 'default', '--grant-usd', '20']): { account_id: string; api_key: string } {
  const res = spawnSync(process.execPath, ['services/gateway/dist/admin/cli.js', 'create-account', '--email', email, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...stack.env.get('gateway') },
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`create-account failed: ${res.stderr}`);
  return JSON.parse(res.stdout);
}

export async function waitFor<T>(what: string, fn: () => T | undefined | Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
