import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ensureBinary } from './binaries.js';
import { HOST, isPortOpen } from './net.js';
import { natsPing } from './probes.js';
import { spawnServer, type RunningServer } from './server.js';

export interface StartNatsOptions {
  port: number;
  /** HTTP monitoring port (/varz, /jsz, /healthz). */
  monitorPort: number;
  /** JetStream store directory. Created when missing; reused across restarts. */
  storeDir: string;
  /** Defaults to `<storeDir>/../nats-<port>.log`. */
  logFile?: string;
  timeoutMs?: number;
  log?: (line: string) => void;
}

export interface RunningNats extends RunningServer {
  monitorUrl: string;
}

/** Starts `nats-server -js` bound to 127.0.0.1 (installing it when missing), or reuses a JetStream-enabled NATS on the port. */
export async function startNats(opts: StartNatsOptions): Promise<RunningNats> {
  const { port, monitorPort } = opts;
  const url = `nats://${HOST}:${port}`;
  const monitorUrl = `http://${HOST}:${monitorPort}`;
  if (await isPortOpen(port)) {
    let info;
    try {
      info = await natsPing(port);
    } catch {
      throw new Error(`startNats: port ${port} on ${HOST} is in use by something that is not NATS`);
    }
    if (!info.jetstream) throw new Error(`startNats: NATS ${info.version ?? ''} on port ${port} runs without JetStream (-js); stop it or pick another port`);
    opts.log?.(`[devinfra] reusing NATS ${info.version ?? ''} already listening on ${port}`);
    return { url, monitorUrl, port, pid: undefined, reused: true, stop: async () => {} };
  }
  if (await isPortOpen(monitorPort)) throw new Error(`startNats: monitor port ${monitorPort} on ${HOST} is already in use`);
  const bin = await ensureBinary('nats-server', opts.log);
  const storeDir = path.resolve(opts.storeDir);
  mkdirSync(storeDir, { recursive: true });
  const logFile = path.resolve(opts.logFile ?? path.join(path.dirname(storeDir), `nats-${port}.log`));
  const args = ['-a', HOST, '-p', String(port), '-m', String(monitorPort), '-js', '-sd', storeDir, '-n', `devinfra-${port}`];
  const s = await spawnServer({
    name: 'nats-server',
    bin,
    args,
    logFile,
    ready: async () => (await natsPing(port, 500)).jetstream === true,
    timeoutMs: opts.timeoutMs ?? 15_000,
  });
  return { url, monitorUrl, port, pid: s.pid, reused: false, logFile, stop: s.stop };
}
