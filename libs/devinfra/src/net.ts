import net from 'node:net';

export const HOST = '127.0.0.1';

/** Resolves true when something accepts TCP connections on 127.0.0.1:port. */
export function isPortOpen(port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: HOST, port });
    const done = (open: boolean) => {
      socket.removeAllListeners();
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(timeoutMs, () => done(true)); // accepted but silent still means "taken"
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** A port the OS considers free on 127.0.0.1 right now. */
export function getFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Opens a TCP connection, optionally writes `send` after the first chunk (or right away when
 * `sendFirst`), and collects received text until `until(text)` is true. Rejects on timeout/close.
 */
export function tcpExchange(
  port: number,
  opts: { send?: string | Buffer; sendFirst?: boolean; until: (text: string) => boolean; timeoutMs?: number },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: HOST, port });
    let text = '';
    let sent = false;
    const timer = setTimeout(() => finish(new Error(`no answer on ${HOST}:${port} within ${opts.timeoutMs ?? 1000} ms`)), opts.timeoutMs ?? 1000);
    const finish = (err?: Error) => {
      clearTimeout(timer);
      socket.removeAllListeners();
      socket.on('error', () => {});
      socket.destroy();
      if (err) reject(err);
      else resolve(text);
    };
    socket.once('connect', () => {
      if (opts.send !== undefined && opts.sendFirst) {
        sent = true;
        socket.write(opts.send);
      }
    });
    socket.on('data', (chunk) => {
      text += chunk.toString('utf8');
      if (opts.until(text)) return finish();
      if (opts.send !== undefined && !sent) {
        sent = true;
        socket.write(opts.send);
      }
    });
    socket.once('error', (e) => finish(e));
    socket.once('close', () => finish(new Error(`connection to ${HOST}:${port} closed; received: ${JSON.stringify(text.slice(0, 200))}`)));
  });
}

/** Retries `probe` until it resolves true or the deadline passes. */
export async function waitUntil(probe: () => Promise<boolean>, timeoutMs: number, intervalMs = 50, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await probe().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
