import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import type { ServiceSpec } from './topology.js';

export type ServiceState = 'starting' | 'healthy' | 'unhealthy' | 'exited' | 'stopped';

export interface ServiceProcessOptions {
  spec: ServiceSpec;
  rootDir: string;
  logDir: string;
  env: Record<string, string>;
  /** Restart after an unexpected exit (the dev stack does; tests that kill a service may not). */
  restart: boolean;
  log: (line: string) => void;
}

const READY_PATH = '/healthz/ready';

/**
 * One service as a child process: spawned with the telemetry preload, logs appended to a file,
 * restarted with backoff when it dies, and its readiness watched so changes are reported.
 */
export class ServiceProcess {
  state: ServiceState = 'stopped';
  child?: ChildProcess;
  restarts = 0;
  private stopping = false;
  private logStream?: WriteStream;
  private restartTimer?: NodeJS.Timeout;
  private lastReason = '';

  constructor(private readonly opts: ServiceProcessOptions) {}

  get name(): string { return this.opts.spec.name; }
  get pid(): number | undefined { return this.child?.pid; }
  get readyUrl(): string { return `http://127.0.0.1:${this.opts.spec.httpPort}${READY_PATH}`; }
  get logFile(): string { return join(this.opts.logDir, `${this.name}.log`); }

  start(): void {
    this.stopping = false;
    mkdirSync(this.opts.logDir, { recursive: true });
    this.logStream ??= createWriteStream(this.logFile, { flags: 'a' });
    const cwd = join(this.opts.rootDir, 'services', this.name);
    const child = spawn(process.execPath, ['--enable-source-maps', '--import', '@exs/platform/telemetry-preload', 'dist/main.js'], {
      cwd,
      env: { ...process.env, ...this.opts.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.state = 'starting';
    child.stdout?.pipe(this.logStream, { end: false });
    child.stderr?.pipe(this.logStream, { end: false });
    child.once('exit', (code, signal) => {
      if (this.child !== child) return;
      this.state = this.stopping ? 'stopped' : 'exited';
      if (this.stopping) return;
      this.opts.log(`${this.name} exited (${signal ?? `code ${code}`}); see ${this.logFile}`);
      if (this.opts.restart) {
        const delay = Math.min(1000 * 2 ** Math.min(this.restarts, 4), 15_000);
        this.restarts += 1;
        this.opts.log(`${this.name} restarting in ${delay / 1000}s`);
        this.restartTimer = setTimeout(() => this.start(), delay);
      }
    });
  }

  /** Polls readiness once, records the state and reports changes. */
  async probe(): Promise<boolean> {
    if (this.state === 'exited' || this.state === 'stopped') return false;
    let ok = false;
    let reason = '';
    try {
      const res = await fetch(this.readyUrl, { signal: AbortSignal.timeout(2000) });
      ok = res.ok;
      if (!ok) reason = `readiness ${res.status}: ${(await res.text()).slice(0, 300)}`;
    } catch (err) {
      reason = (err as Error).message;
    }
    const next: ServiceState = ok ? 'healthy' : this.state === 'starting' ? 'starting' : 'unhealthy';
    if (next !== this.state) {
      if (next === 'healthy' && this.state !== 'starting') this.opts.log(`${this.name} is healthy again`);
      if (next === 'unhealthy') this.opts.log(`${this.name} is unhealthy: ${reason}`);
      this.state = next;
    } else if (next === 'unhealthy' && reason !== this.lastReason) {
      this.opts.log(`${this.name} is still unhealthy: ${reason}`);
    }
    this.lastReason = reason;
    return ok;
  }

  /** SIGTERM, then SIGKILL after a grace period; resolves once the process is gone. */
  async stop(graceMs = 8000): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    }
    this.state = 'stopped';
    await new Promise<void>((resolve) => (this.logStream ? this.logStream.end(resolve) : resolve()));
    this.logStream = undefined;
  }
}
