// Documents named by URL (extract_document over HTTP): the shared SSRF guard refuses private and metadata
// addresses before anything is dialled, and downloads are bounded in size (at the edge) and in time.
// Only the resolver and the dialer are stubbed; the servers that answer run on 127.0.0.1.
import { jest } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TargetGuard, type Resolver } from '@exs/platform';
import { DocumentFetcher, nodeDial, type Dial } from '../src/document-fetcher.js';
import { ToolFailure } from '../src/tool-result.js';

const PRODUCTION = { allowInsecureUrls: false, allowPrivateTargets: false };
const LOCAL = { allowInsecureUrls: true, allowPrivateTargets: true };

/** A dialer that records what it was asked to dial and never opens a socket. */
function recordingDial(): Dial & { calls: string[] } {
  const calls: string[] = [];
  const dial: Dial = async (target) => {
    calls.push(target.addresses.map((a) => a.address).join(','));
    throw new Error('the stub dialer never connects');
  };
  return Object.assign(dial, { calls });
}

const resolvingTo = (...addresses: string[]): Resolver => async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

async function failure(promise: Promise<unknown>): Promise<{ code: string; detail?: string }> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof ToolFailure) return { code: err.code, detail: err.detail };
    throw err;
  }
  throw new Error('expected a ToolFailure');
}

describe('refused before any connection is attempted', () => {
  test.each([
    ['the cloud metadata address', '169.254.169.254'],
    ['a link-local address', '169.254.10.1'],
    ['loopback', '127.0.0.1'],
    ['an RFC 1918 address', '10.1.2.3'],
    ['a CGNAT address', '100.64.0.1'],
    ['IPv6 loopback', '::1'],
    ['an IPv6 unique-local address', 'fd00::1'],
    ['the metadata address inside IPv4-mapped IPv6', '::ffff:169.254.169.254'],
  ])('a host resolving to %s', async (_, address) => {
    const dial = recordingDial();
    const fetcher = new DocumentFetcher({ guard: new TargetGuard(PRODUCTION, resolvingTo(address)), timeoutMs: 1000, maxBytes: 1024, userAgent: 't', dial });
    expect(await failure(fetcher.fetch('https://docs.example.com/invoice.pdf'))).toEqual({ code: 'invalid_schema', detail: expect.stringMatching(/^document_url: url host resolves to a non-public address/) });
    expect(dial.calls).toEqual([]);
  });

  test('a host with one public and one private address', async () => {
    const dial = recordingDial();
    const fetcher = new DocumentFetcher({ guard: new TargetGuard(PRODUCTION, resolvingTo('93.184.215.14', '10.0.0.5')), timeoutMs: 1000, maxBytes: 1024, userAgent: 't', dial });
    expect((await failure(fetcher.fetch('https://docs.example.com/a.pdf'))).code).toBe('invalid_schema');
    expect(dial.calls).toEqual([]);
  });

  test('the metadata address written as a literal, and http:// outside development', async () => {
    const dial = recordingDial();
    const resolver = jest.fn(resolvingTo('93.184.215.14'));
    const fetcher = new DocumentFetcher({ guard: new TargetGuard(PRODUCTION, resolver), timeoutMs: 1000, maxBytes: 1024, userAgent: 't', dial });
    expect(await failure(fetcher.fetch('https://169.254.169.254/latest/meta-data/'))).toMatchObject({ code: 'invalid_schema' });
    expect(await failure(fetcher.fetch('http://docs.example.com/a.pdf'))).toEqual({ code: 'invalid_schema', detail: 'document_url: url must use https' });
    expect(await failure(fetcher.fetch('not a url'))).toMatchObject({ code: 'invalid_schema' });
    expect(dial.calls).toEqual([]);
    expect(resolver).not.toHaveBeenCalled();
  });

  test('a public host is dialled at the address the guard checked', async () => {
    const dial = recordingDial();
    const fetcher = new DocumentFetcher({ guard: new TargetGuard(PRODUCTION, resolvingTo('93.184.215.14')), timeoutMs: 1000, maxBytes: 1024, userAgent: 't', dial });
    expect((await failure(fetcher.fetch('https://docs.example.com/a.pdf'))).code).toBe('unsupported_document');
    expect(dial.calls).toEqual(['93.184.215.14']);
  });
});

describe('downloads from a server on 127.0.0.1 (the development policy admits loopback)', () => {
  let server: Server;
  let base: string;
  const served = new Map<string, (res: import('node:http').ServerResponse) => void>();

  beforeAll(async () => {
    server = createServer((req, res) => {
      const handler = served.get(req.url ?? '');
      if (handler) handler(res);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const fetcher = (maxBytes: number, timeoutMs = 5000) => new DocumentFetcher({ guard: new TargetGuard(LOCAL, resolvingTo('127.0.0.1')), timeoutMs, maxBytes, userAgent: 'exs-mcp/test', dial: nodeDial });

  test('a body of exactly the size limit is fetched; one byte more is document_too_large (declared length)', async () => {
    served.set('/at-limit', (res) => res.end(Buffer.alloc(100, 1)));
    served.set('/over-limit', (res) => res.end(Buffer.alloc(101, 1)));
    expect((await fetcher(100).fetch(`${base}/at-limit`)).length).toBe(100);
    expect((await failure(fetcher(100).fetch(`${base}/over-limit`))).code).toBe('document_too_large');
  });

  test('a chunked body without a length is cut at the size limit: n bytes pass, n+1 fail', async () => {
    const chunked = (n: number) => (res: import('node:http').ServerResponse) => { res.write(Buffer.alloc(n - 1, 2)); res.end(Buffer.alloc(1, 2)); };
    served.set('/chunked-at', chunked(100));
    served.set('/chunked-over', chunked(101));
    expect((await fetcher(100).fetch(`${base}/chunked-at`)).length).toBe(100);
    expect((await failure(fetcher(100).fetch(`${base}/chunked-over`))).code).toBe('document_too_large');
  });

  test('a server that never answers fails at the deadline, as unsupported_document', async () => {
    served.set('/hangs', () => {});
    expect(await failure(fetcher(100, 300).fetch(`${base}/hangs`))).toEqual({ code: 'unsupported_document', detail: 'document_url: no complete answer within 300 ms' });
  });

  test('a body that stops halfway fails at the deadline too', async () => {
    served.set('/stalls', (res) => { res.writeHead(200, { 'content-length': '100' }); res.write(Buffer.alloc(10)); });
    expect((await failure(fetcher(100, 300).fetch(`${base}/stalls`))).detail).toBe('document_url: no complete answer within 300 ms');
  });

  test('a redirect is not followed, and an error status is unsupported_document', async () => {
    let followed = false;
    served.set('/target', (res) => { followed = true; res.end('x'); });
    served.set('/redirect', (res) => res.writeHead(302, { location: `${base}/target` }).end());
    expect(await failure(fetcher(100).fetch(`${base}/redirect`))).toEqual({ code: 'unsupported_document', detail: 'document_url answered HTTP 302 (a redirect); give the final URL' });
    expect(followed).toBe(false);
    expect(await failure(fetcher(100).fetch(`${base}/missing`))).toEqual({ code: 'unsupported_document', detail: 'document_url answered HTTP 404' });
  });

  test('the request carries the URL\'s host name though the socket goes to the checked address', async () => {
    let host: string | undefined;
    served.set('/named', (res) => res.end('pdf'));
    server.once('request', (req) => { host = req.headers.host; });
    const named = new DocumentFetcher({ guard: new TargetGuard(LOCAL, resolvingTo('127.0.0.1')), timeoutMs: 5000, maxBytes: 100, userAgent: 't', dial: nodeDial });
    const port = new URL(base).port;
    expect(Buffer.from(await named.fetch(`http://docs.test:${port}/named`)).toString()).toBe('pdf');
    expect(host).toBe(`docs.test:${port}`);
  });
});
