import pg from 'pg';
import { HOST, tcpExchange } from './net.js';

/** True when a Redis server answers PING with PONG on 127.0.0.1:port. */
export async function redisPing(port: number, timeoutMs = 1000): Promise<boolean> {
  const reply = await tcpExchange(port, { send: 'PING\r\n', sendFirst: true, until: (t) => t.includes('\r\n'), timeoutMs });
  return reply.startsWith('+PONG');
}

/** The pid a Redis server reports (`INFO server` -> process_id), or undefined. */
export async function redisPid(port: number, timeoutMs = 1000): Promise<number | undefined> {
  try {
    const reply = await tcpExchange(port, { send: 'INFO server\r\n', sendFirst: true, until: (t) => /process_id:\d+/.test(t) || t.startsWith('-'), timeoutMs });
    const m = /process_id:(\d+)/.exec(reply);
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

export interface NatsInfo {
  server_id?: string;
  version?: string;
  jetstream?: boolean;
  [k: string]: unknown;
}

/** Reads the NATS INFO greeting and checks the server answers PING with PONG. Throws when it is not NATS. */
export async function natsPing(port: number, timeoutMs = 1000): Promise<NatsInfo> {
  const text = await tcpExchange(port, {
    send: 'CONNECT {"verbose":false,"pedantic":false}\r\nPING\r\n',
    until: (t) => t.includes('PONG\r\n') || t.includes('-ERR') || (!t.startsWith('INFO') && t.includes('\r\n')),
    timeoutMs,
  });
  const m = /^INFO\s+(\{.*\})\s*\r\n/.exec(text);
  if (!m || !text.includes('PONG')) throw new Error(`not a NATS server on port ${port}: ${JSON.stringify(text.slice(0, 120))}`);
  return JSON.parse(m[1]!) as NatsInfo;
}

/** Runs SELECT 1 against a PostgreSQL URL. Resolves true/false; never throws. */
export async function pgPing(url: string, timeoutMs = 2000): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Whether the thing on the port speaks the PostgreSQL protocol (any reply to an SSLRequest: 'S' or 'N'). */
export async function speaksPostgres(port: number, timeoutMs = 1000): Promise<boolean> {
  // SSLRequest: int32 length 8, int32 80877103
  const req = Buffer.from([0, 0, 0, 8, 0x04, 0xd2, 0x16, 0x2f]);
  try {
    const t = await tcpExchange(port, { send: req, sendFirst: true, until: (x) => x.length >= 1, timeoutMs });
    return t[0] === 'S' || t[0] === 'N';
  } catch {
    return false;
  }
}

export { HOST };
