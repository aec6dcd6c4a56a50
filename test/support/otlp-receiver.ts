import { createServer, type Server } from 'node:http';

export interface ReceivedSpan { service: string; traceId: string; spanId: string; parentSpanId: string; name: string; attributes: Record<string, unknown> }

/** A minimal OTLP/HTTP (JSON) trace receiver on 127.0.0.1, standing in for Tempo's collector. */
export class OtlpReceiver {
  readonly spans: ReceivedSpan[] = [];
  private server?: Server;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (req.url === '/v1/traces' && String(req.headers['content-type']).includes('json')) this.ingest(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    return this;
  }

  private ingest(body: { resourceSpans?: Array<{ resource?: { attributes?: Array<{ key: string; value: { stringValue?: string } }> }; scopeSpans?: Array<{ spans?: Array<{ traceId: string; spanId: string; parentSpanId?: string; name: string; attributes?: Array<{ key: string; value: Record<string, unknown> }> }> }> }> }) {
    for (const rs of body.resourceSpans ?? []) {
      const service = rs.resource?.attributes?.find((a) => a.key === 'service.name')?.value.stringValue ?? '';
      for (const ss of rs.scopeSpans ?? []) {
        for (const s of ss.spans ?? []) {
          const attributes = Object.fromEntries((s.attributes ?? []).map((a) => [a.key, Object.values(a.value)[0]]));
          this.spans.push({ service, traceId: s.traceId, spanId: s.spanId, parentSpanId: s.parentSpanId ?? '', name: s.name, attributes });
        }
      }
    }
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
