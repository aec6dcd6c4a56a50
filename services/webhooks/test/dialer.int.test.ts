// The real dialer against a receiver on 127.0.0.1: it connects to the checked address it is given and
// never resolves the host name itself (the name below does not exist; a lookup would fail the test).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NodeHttpDialer } from '../src/delivery/dialer.js';
import { Receiver } from './support/harness.js';

let receiver: Receiver;
const dialer = new NodeHttpDialer('exs-webhooks/test');

beforeAll(async () => {
  receiver = await new Receiver().start();
});

afterAll(async () => {
  await receiver?.stop();
});

const targetFor = (path: string) => ({
  url: new URL(`http://hooks.invalid:${receiver.port}${path}?a=1`),
  addresses: [{ address: '127.0.0.1', family: 4 as const }],
});

describe('node http dialer', () => {
  it('connects to the checked address while sending the original host name', async () => {
    receiver.respond = (_req, res) => { res.writeHead(202).end('accepted'); };
    const res = await dialer.send({ target: targetFor('/pinned'), headers: { 'webhook-id': 'msg_1' }, body: '{"a":1}', timeoutMs: 2_000 });

    expect(res).toEqual({ statusCode: 202, bodyPrefix: 'accepted' });
    const [request] = receiver.on('/pinned?a=1');
    expect(request!.headers).toMatchObject({
      host: `hooks.invalid:${receiver.port}`,
      'content-type': 'application/json',
      'user-agent': 'exs-webhooks/test',
      'webhook-id': 'msg_1',
    });
    expect(request!.body).toBe('{"a":1}');
  });

  it('returns a redirect as is instead of following it', async () => {
    receiver.respond = (_req, res) => { res.writeHead(307, { location: `http://127.0.0.1:${receiver.port}/other` }).end(); };
    const res = await dialer.send({ target: targetFor('/redirect'), headers: {}, body: '{}', timeoutMs: 2_000 });

    expect(res.statusCode).toBe(307);
    expect(receiver.on('/other')).toHaveLength(0);
  });

  it('fails with a timeout when the receiver does not answer in time', async () => {
    receiver.respond = () => { /* hang */ };
    await expect(dialer.send({ target: targetFor('/hang'), headers: {}, body: '{}', timeoutMs: 200 })).rejects.toThrow('timed out after 200 ms');
  });

  it('reads at most a small prefix of a large response body', async () => {
    receiver.respond = (_req, res) => { res.writeHead(200).end('y'.repeat(1024 * 1024)); };
    const res = await dialer.send({ target: targetFor('/large'), headers: {}, body: '{}', timeoutMs: 2_000 });
    expect(res.bodyPrefix).toBe('y'.repeat(1024));
  });

  it('sends the endpoint host name as TLS SNI and verifies the certificate against it', async () => {
    // A self-signed certificate for hooks.invalid: the connection goes to 127.0.0.1, the handshake names
    // hooks.invalid, and verification fails because no public CA signed it (so nothing is posted).
    const dir = mkdtempSync(join(tmpdir(), 'exs-wh-tls-'));
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=hooks.invalid',
      '-addext', 'subjectAltName=DNS:hooks.invalid', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
    const serverNames: string[] = [];
    let posted = 0;
    const server = createTlsServer({
      key: readFileSync(join(dir, 'key.pem')),
      cert: readFileSync(join(dir, 'cert.pem')),
      SNICallback: (name, cb) => { serverNames.push(name); cb(null, undefined); },
    }, (_req, res) => { posted++; res.end(); });
    server.on('tlsClientError', () => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      const target = { url: new URL(`https://hooks.invalid:${port}/tls`), addresses: [{ address: '127.0.0.1', family: 4 as const }] };
      await expect(dialer.send({ target, headers: {}, body: '{}', timeoutMs: 2_000 })).rejects.toThrow(/self[- ]signed/i);
      expect(serverNames).toEqual(['hooks.invalid']);
      expect(posted).toBe(0);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
