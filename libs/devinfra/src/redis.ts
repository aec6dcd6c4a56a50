import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ensureBinary } from './binaries.js';
import { HOST, isPortOpen } from './net.js';
import { redisPid, redisPing } from './probes.js';
import { spawnServer, type RunningServer } from './server.js';

export interface StartRedisOptions {
  port: number;
  /** Working directory for the server (dump/AOF files, log). Created when missing. */
  dataDir: string;
  /** Keep data across restarts with an append-only file (default false: in-memory only). */
  persist?: boolean;
  /** Defaults to `<dataDir>/redis.log`. */
  logFile?: string;
  timeoutMs?: number;
  log?: (line: string) => void;
}

/** Starts `redis-server` bound to 127.0.0.1 (installing it with apt when missing), or reuses a Redis already on the port. */
export async function startRedis(opts: StartRedisOptions): Promise<RunningServer> {
  const { port } = opts;
  const url = `redis://${HOST}:${port}`;
  if (await isPortOpen(port)) {
    const isRedis = await redisPing(port).catch(() => false);
    if (!isRedis) throw new Error(`startRedis: port ${port} on ${HOST} is in use by something that is not Redis (no PONG to PING)`);
    opts.log?.(`[devinfra] reusing Redis already listening on ${port}`);
    return { url, port, pid: await redisPid(port), reused: true, stop: async () => {} };
  }
  const bin = await ensureBinary('redis-server', opts.log);
  const dataDir = path.resolve(opts.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const logFile = path.resolve(opts.logFile ?? path.join(dataDir, 'redis.log'));
  const args = [
    '--port', String(port),
    '--bind', HOST,
    '--protected-mode', 'yes',
    '--daemonize', 'no',
    '--dir', dataDir,
    '--logfile', '',
    '--save', '',
    '--appendonly', opts.persist ? 'yes' : 'no',
  ];
  const s = await spawnServer({ name: 'redis-server', bin, args, logFile, ready: () => redisPing(port, 500), timeoutMs: opts.timeoutMs ?? 15_000 });
  return { url, port, pid: s.pid, reused: false, logFile, stop: s.stop };
}
