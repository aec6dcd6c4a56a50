import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, openSync, closeSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { killAndWait } from './process.js';
import { waitUntil } from './net.js';

export interface RunningServer {
  /** Connection URL (redis://127.0.0.1:port, nats://127.0.0.1:port, postgres://user:pw@127.0.0.1:port/postgres). */
  url: string;
  port: number;
  /** pid of the server process; undefined when an already-running instance was reused and its pid is unknown. */
  pid: number | undefined;
  /** true when a compatible server was already listening on the port and was reused (stop() is then a no-op). */
  reused: boolean;
  /** Where the server's output goes (undefined when reused). */
  logFile?: string;
  /** Stops the server we started (kill by pid, waits for exit). No-op for a reused instance. */
  stop(): Promise<void>;
}

export function readTail(file: string, lines = 30): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/**
 * Spawns a server with stdout/stderr appended to `logFile`, waits until `ready()` answers, and rejects
 * early (with the log's tail) when the process exits first.
 */
export async function spawnServer(opts: {
  name: string;
  bin: string;
  args: string[];
  logFile: string;
  ready: () => Promise<boolean>;
  timeoutMs: number;
  stopSignal?: NodeJS.Signals;
}): Promise<{ child: ChildProcess; pid: number; stop(): Promise<void> }> {
  mkdirSync(path.dirname(opts.logFile), { recursive: true });
  const fd = openSync(opts.logFile, 'a');
  let child: ChildProcess;
  try {
    child = spawn(opts.bin, opts.args, { stdio: ['ignore', fd, fd] });
  } finally {
    closeSync(fd);
  }
  const spawned = new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', (e) => reject(new Error(`${opts.name}: could not start ${opts.bin}: ${e.message}`)));
  });
  await spawned;
  const pid = child.pid!;
  const stop = () => killAndWait({ pid, child }, opts.stopSignal ?? 'SIGTERM');
  let exitInfo: string | undefined;
  const exitedEarly = new Promise<never>((_, reject) => {
    child.once('exit', (code, signal) => {
      exitInfo = `exit code ${code ?? 'null'}, signal ${signal ?? 'null'}`;
      reject(new Error(`${opts.name} exited during start-up (${exitInfo}). Log ${opts.logFile}:\n${readTail(opts.logFile)}`));
    });
  });
  exitedEarly.catch(() => {});
  try {
    await Promise.race([waitUntil(async () => exitInfo === undefined && (await opts.ready()), opts.timeoutMs, 50, `${opts.name} to accept connections`), exitedEarly]);
  } catch (e) {
    const exitedBeforeStop = exitInfo !== undefined;
    await stop().catch(() => {});
    if (!exitedBeforeStop) throw new Error(`${(e as Error).message}. Log ${opts.logFile}:\n${readTail(opts.logFile)}`);
    throw e;
  }
  return { child, pid, stop };
}
