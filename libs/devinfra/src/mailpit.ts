import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { findBinary } from './binaries.js';
import { HOST, isPortOpen } from './net.js';
import { spawnServer, type RunningServer } from './server.js';

const execFileP = promisify(execFile);

export interface StartMailpitOptions {
  /** SMTP port (what services send to). */
  smtpPort: number;
  /** Web inbox and HTTP API port. */
  httpPort: number;
  /** The repository root: Mailpit is installed into <root>/.tools/bin by scripts/install-mailpit.sh. */
  rootDir: string;
  dataDir: string;
  timeoutMs?: number;
  log?: (line: string) => void;
}

export interface RunningMailpit extends RunningServer {
  /** smtp://127.0.0.1:<smtpPort> */
  smtpUrl: string;
  /** The web inbox (and its API under /api/v1). */
  webUrl: string;
}

async function mailpitAnswers(httpPort: number): Promise<boolean> {
  try {
    const res = await fetch(`http://${HOST}:${httpPort}/api/v1/info`, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * The Mailpit binary: .tools/bin/mailpit, or one on PATH, or built from the Go module proxy with
 * scripts/install-mailpit.sh (pinned version, a few minutes the first time).
 */
export async function ensureMailpit(rootDir: string, log: (line: string) => void = () => {}): Promise<string> {
  const local = path.join(rootDir, '.tools/bin/mailpit');
  if (existsSync(local)) return local;
  const onPath = findBinary('mailpit');
  if (onPath) return onPath;
  log('[devinfra] mailpit not found: building it from the Go module proxy (scripts/install-mailpit.sh)');
  const { stdout } = await execFileP('bash', [path.join(rootDir, 'scripts/install-mailpit.sh')], { maxBuffer: 16 * 1024 * 1024 });
  return stdout.trim().split('\n').pop()!;
}

/** Starts Mailpit (an SMTP sink with a web inbox) bound to 127.0.0.1, or reuses one already on the ports. */
export async function startMailpit(opts: StartMailpitOptions): Promise<RunningMailpit> {
  const smtpUrl = `smtp://${HOST}:${opts.smtpPort}`;
  const webUrl = `http://${HOST}:${opts.httpPort}`;
  if (await isPortOpen(opts.httpPort)) {
    if (!(await mailpitAnswers(opts.httpPort))) throw new Error(`startMailpit: port ${opts.httpPort} on ${HOST} is in use by something that is not Mailpit`);
    opts.log?.(`[devinfra] reusing Mailpit already listening on ${opts.httpPort}`);
    return { url: smtpUrl, smtpUrl, webUrl, port: opts.smtpPort, pid: undefined, reused: true, stop: async () => {} };
  }
  const bin = await ensureMailpit(opts.rootDir, opts.log);
  const dataDir = path.resolve(opts.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const logFile = path.join(dataDir, 'mailpit.log');
  const args = [
    '--smtp', `${HOST}:${opts.smtpPort}`,
    '--listen', `${HOST}:${opts.httpPort}`,
    '--database', path.join(dataDir, 'mailpit.db'),
    // A local sink: no TLS and no credentials on SMTP, and no call out to GitHub for new releases.
    '--smtp-auth-accept-any', '--smtp-auth-allow-insecure',
    '--disable-version-check',
  ];
  const s = await spawnServer({ name: 'mailpit', bin, args, logFile, ready: () => mailpitAnswers(opts.httpPort), timeoutMs: opts.timeoutMs ?? 15_000 });
  return { url: smtpUrl, smtpUrl, webUrl, port: opts.smtpPort, pid: s.pid, reused: false, logFile, stop: s.stop };
}
