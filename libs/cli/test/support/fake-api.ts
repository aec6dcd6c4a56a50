// A scripted stand-in for the API on 127.0.0.1, and an in-memory terminal for `main`.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Io } from '../../src/commands.js';

export interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface Reply {
  status: number;
  json: unknown;
}

export interface FakeApi {
  url: string;
  requests: Recorded[];
  close(): Promise<void>;
}

export const REQUEST_ID = 'req_0123456789abcdef0123456789abcdef';

export function apiError(status: number, code: string, message = `static message of ${code}`): Reply {
  return { status, json: { error: { code, message, request_id: REQUEST_ID } } };
}

export async function startFakeApi(reply: (req: Recorded, index: number) => Reply): Promise<FakeApi> {
  const requests: Recorded[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded: Recorded = { method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks) };
      requests.push(recorded);
      const r = reply(recorded, requests.length - 1);
      res.writeHead(r.status, { 'content-type': 'application/json', 'x-request-id': REQUEST_ID }).end(JSON.stringify(r.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface MemoryIo extends Io {
  out(): string;
  err(): string;
}

/** stdout and stderr captured; stderr a terminal only when `tty`. */
export function memoryIo(env: Record<string, string | undefined>, options: { homedir?: string; stdin?: string | Buffer; tty?: boolean } = {}): MemoryIo {
  const out: string[] = [];
  const err: string[] = [];
  const input = options.stdin ?? '';
  return {
    stdin: (async function* () {
      if (input.length > 0) yield typeof input === 'string' ? Buffer.from(input) : input;
    })(),
    stdout: { write: (t: string) => out.push(t) },
    stderr: { write: (t: string) => err.push(t), isTTY: options.tty ?? false },
    env,
    homedir: options.homedir ?? '/nonexistent-home',
    out: () => out.join(''),
    err: () => err.join(''),
  };
}
