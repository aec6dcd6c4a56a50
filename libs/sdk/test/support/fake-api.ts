// A scripted stand-in for the API on 127.0.0.1: each request is recorded and answered by `reply`.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  json?: unknown;
  text?: string;
  /** Never answer (the connection stays open until the server closes). */
  hang?: boolean;
}

export interface FakeApi {
  url: string;
  requests: Recorded[];
  close(): Promise<void>;
}

export const REQUEST_ID = 'req_0123456789abcdef0123456789abcdef';

/** The API's error body for `code`. */
export function apiError(status: number, code: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}): Reply {
  return { status, headers, json: { error: { code, message: `static message of ${code}`, request_id: REQUEST_ID, ...extra } } };
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
      if (r.hang) return;
      const body = r.json !== undefined ? JSON.stringify(r.json) : (r.text ?? '');
      res.writeHead(r.status, {
        'content-type': r.json !== undefined ? 'application/json' : 'text/html',
        'x-request-id': REQUEST_ID,
        ...r.headers,
      });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** A loopback port nothing listens on (bound, then released): a connection to it is refused. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A `sleep` that records each wait and returns at once, so a test sees the schedule without waiting it. */
export function recordingSleep(): { waits: number[]; sleep: (ms: number, signal?: AbortSignal) => Promise<void> } {
  const waits: number[] = [];
  return {
    waits,
    sleep: async (ms, signal) => {
      waits.push(ms);
      if (signal?.aborted) throw signal.reason;
    },
  };
}
