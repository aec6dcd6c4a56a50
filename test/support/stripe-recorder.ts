// A loopback front for stripe-mock that records what billing asks the processor for (stripe-mock sends no
// webhooks, so a test that plays the processor's part needs the ids billing sent: the payment id in a
// checkout's success URL, the customer of a card setup). Give its URL to the stack as STRIPE_API_BASE, then
// setTarget(stack.urls.stripe) once the stack runs.
import { createServer, type Server } from 'node:http';

/** One call billing made to the processor, as received and as stripe-mock answered it. */
export interface ProcessorCall { method: string; path: string; form: URLSearchParams; response: any }

const FORWARDED_HEADERS = ['authorization', 'content-type', 'idempotency-key', 'stripe-version', 'user-agent'];
/** A test makes a few dozen calls; past this the recorder stops keeping them (it still forwards). */
const MAX_CALLS = 1000;

export class StripeRecorder {
  readonly calls: ProcessorCall[] = [];
  private target = '';
  private readonly server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        const headers: Record<string, string> = {};
        for (const h of FORWARDED_HEADERS) if (typeof req.headers[h] === 'string') headers[h] = req.headers[h] as string;
        const upstream = await fetch(`${this.target}${req.url}`, { method: req.method, headers, body: body || undefined, signal: AbortSignal.timeout(10_000) });
        const text = await upstream.text();
        if (this.calls.length < MAX_CALLS) this.calls.push({ method: req.method!, path: (req.url ?? '').split('?')[0]!, form: new URLSearchParams(body), response: JSON.parse(text) });
        res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' }).end(text);
      } catch {
        res.writeHead(502).end();
      }
    });
  });

  /** Listens on 127.0.0.1 and returns the URL to give billing as STRIPE_API_BASE. */
  listen(): Promise<string> {
    return new Promise((resolve) => this.server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(this.server.address() as { port: number }).port}`)));
  }

  /** stripe-mock's address (the stack's `urls.stripe`). */
  setTarget(url: string): void {
    this.target = url;
  }

  /** The Checkout sessions billing created, oldest first: `payment` for top-ups, `setup` for saving a card. */
  checkouts(mode: 'payment' | 'setup'): ProcessorCall[] {
    return this.calls.filter((c) => c.method === 'POST' && c.path === '/v1/checkout/sessions' && c.form.get('mode') === mode);
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
