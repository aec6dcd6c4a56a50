import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { findBinary } from './binaries.js';
import { HOST, isPortOpen } from './net.js';
import { spawnServer, type RunningServer } from './server.js';

const execFileP = promisify(execFile);

export interface StartStripeMockOptions {
  /** Its HTTP port (the Stripe API at http://127.0.0.1:<port>). */
  port: number;
  /** The repository root: stripe-mock is installed into <root>/.tools/bin by scripts/install-stripe-mock.sh. */
  rootDir: string;
  /** Where its log goes (it keeps no data: every answer comes from Stripe's OpenAPI fixtures). */
  dataDir: string;
  timeoutMs?: number;
  log?: (line: string) => void;
}

export interface RunningStripeMock extends RunningServer {
  /** http://127.0.0.1:<port>: what billing's STRIPE_API_BASE points at. */
  apiBase: string;
}

/** stripe-mock answers any request with a Stripe-shaped body; an unauthenticated one is refused with 401 JSON. */
async function stripeMockAnswers(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://${HOST}:${port}/v1/customers?limit=1`, { headers: { Authorization: 'Bearer sk_test_probe' }, signal: AbortSignal.timeout(1000) });
    const body = (await res.json()) as { object?: string };
    return res.ok && body.object === 'list';
  } catch {
    return false;
  }
}

/**
 * The stripe-mock binary: .tools/bin/stripe-mock, or one on PATH, or built from the Go module proxy
 * with scripts/install-stripe-mock.sh (pinned version, under a minute the first time).
 */
export async function ensureStripeMock(rootDir: string, log: (line: string) => void = () => {}): Promise<string> {
  const local = path.join(rootDir, '.tools/bin/stripe-mock');
  if (existsSync(local)) return local;
  const onPath = findBinary('stripe-mock');
  if (onPath) return onPath;
  log('[devinfra] stripe-mock not found: building it from the Go module proxy (scripts/install-stripe-mock.sh)');
  const { stdout } = await execFileP('bash', [path.join(rootDir, 'scripts/install-stripe-mock.sh')], { maxBuffer: 16 * 1024 * 1024 });
  return stdout.trim().split('\n').pop()!;
}

/** Starts stripe-mock (Stripe's API mock) on plain HTTP bound to 127.0.0.1, or reuses one already on the port. */
export async function startStripeMock(opts: StartStripeMockOptions): Promise<RunningStripeMock> {
  const apiBase = `http://${HOST}:${opts.port}`;
  if (await isPortOpen(opts.port)) {
    if (!(await stripeMockAnswers(opts.port))) throw new Error(`startStripeMock: port ${opts.port} on ${HOST} is in use by something that is not stripe-mock`);
    opts.log?.(`[devinfra] reusing stripe-mock already listening on ${opts.port}`);
    return { url: apiBase, apiBase, port: opts.port, pid: undefined, reused: true, stop: async () => {} };
  }
  const bin = await ensureStripeMock(opts.rootDir, opts.log);
  const dataDir = path.resolve(opts.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const logFile = path.join(dataDir, 'stripe-mock.log');
  // stripe-mock also serves HTTPS on :12112 of every interface unless told where: -http-addr alone does not
  // turn that off (v0.203.0), and -http cannot be combined with it, so its HTTPS side gets a unix socket
  // in the data directory (no TCP port, nothing reachable from outside).
  const args = ['-http-addr', `${HOST}:${opts.port}`, '-https-unix', path.join(dataDir, 'stripe-mock-https.sock')];
  const s = await spawnServer({ name: 'stripe-mock', bin, args, logFile, ready: () => stripeMockAnswers(opts.port), timeoutMs: opts.timeoutMs ?? 15_000 });
  return { url: apiBase, apiBase, port: opts.port, pid: s.pid, reused: false, logFile, stop: s.stop };
}
