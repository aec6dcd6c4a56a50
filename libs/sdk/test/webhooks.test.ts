// Verifying deliveries signed the way services/webhooks signs them (src/delivery/signing.ts: the official
// `standardwebhooks` package's `sign(id, timestamp, body)`), received by a receiver on 127.0.0.1.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { verifyWebhook, WebhookVerificationError, type WebhookEvent } from '../src/index.js';

const secret = `whsec_${randomBytes(32).toString('base64')}`;
const event: WebhookEvent = {
  type: 'job.succeeded',
  timestamp: '2026-08-10T12:00:03.120Z',
  data: { job_id: 'job_0123456789abcdef01234567', request_id: 'req_0123456789abcdef0123456789abcdef', state: 'succeeded', billed_pages: 2, finished_at: '2026-08-10T12:00:03.120Z' },
};
const body = JSON.stringify(event);
const NOW = new Date('2026-08-10T12:00:05Z');
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** The headers services/webhooks sends for one attempt at `at` (signing.ts `signedHeaders`). */
function signed(payload: string, at: Date, key = secret, messageId = 'msg_0123456789abcdef0123456789abcdef') {
  const timestamp = new Date(seconds(at) * 1000);
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(seconds(at)),
    'webhook-signature': new Webhook(key).sign(messageId, timestamp, payload),
  };
}

/** POSTs `payload` with `headers` to a receiver on 127.0.0.1 and returns what the receiver got, raw. */
async function deliver(payload: string, headers: Record<string, string>): Promise<{ headers: IncomingHttpHeaders; raw: Buffer }> {
  let received!: { headers: IncomingHttpHeaders; raw: Buffer };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received = { headers: req.headers, raw: Buffer.concat(chunks) };
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: payload });
  } finally {
    await new Promise<void>((r) => server.close(() => r()));
  }
  return received;
}

test('a delivery as services/webhooks signs it verifies and yields its event', async () => {
  const got = await deliver(body, signed(body, NOW));
  await expect(verifyWebhook({ secret, payload: got.raw, headers: got.headers, now: NOW })).resolves.toEqual(event);
  await expect(verifyWebhook({ secret, payload: got.raw.toString('utf8'), headers: new Headers(signed(body, NOW)), now: NOW })).resolves.toEqual(event);
});

test('a tampered body is refused', async () => {
  const tampered = body.replace('"billed_pages":2', '"billed_pages":1');
  const got = await deliver(tampered, signed(body, NOW));
  await expect(verifyWebhook({ secret, payload: got.raw, headers: got.headers, now: NOW })).rejects.toThrow(new WebhookVerificationError('no signature matches'));
});

test('a tampered webhook-id or timestamp is refused (both are signed)', async () => {
  const headers = signed(body, NOW);
  await expect(verifyWebhook({ secret, payload: body, headers: { ...headers, 'webhook-id': 'msg_other' }, now: NOW })).rejects.toThrow('no signature matches');
  await expect(verifyWebhook({ secret, payload: body, headers: { ...headers, 'webhook-timestamp': String(seconds(NOW) - 1) }, now: NOW })).rejects.toThrow('no signature matches');
});

test('a signature made with another secret is refused', async () => {
  const other = `whsec_${randomBytes(32).toString('base64')}`;
  await expect(verifyWebhook({ secret, payload: body, headers: signed(body, NOW, other), now: NOW })).rejects.toThrow('no signature matches');
});

test('a timestamp exactly the tolerance old verifies; one second older is refused as expired', async () => {
  const atEdge = new Date(NOW.getTime() - 300_000);
  await expect(verifyWebhook({ secret, payload: body, headers: signed(body, atEdge), now: NOW })).resolves.toEqual(event);
  const expired = new Date(NOW.getTime() - 301_000);
  await expect(verifyWebhook({ secret, payload: body, headers: signed(body, expired), now: NOW })).rejects.toThrow('webhook-timestamp is too old');
});

test('a timestamp exactly the tolerance ahead verifies; one second further is refused', async () => {
  await expect(verifyWebhook({ secret, payload: body, headers: signed(body, new Date(NOW.getTime() + 300_000)), now: NOW })).resolves.toEqual(event);
  await expect(verifyWebhook({ secret, payload: body, headers: signed(body, new Date(NOW.getTime() + 301_000)), now: NOW })).rejects.toThrow('webhook-timestamp is in the future');
});

test('any one matching signature of several verifies (secret rotation)', async () => {
  const headers = signed(body, NOW);
  const stale = signed(body, NOW, `whsec_${randomBytes(32).toString('base64')}`)['webhook-signature'];
  await expect(verifyWebhook({ secret, payload: body, headers: { ...headers, 'webhook-signature': `${stale} v2,abc ${headers['webhook-signature']}` }, now: NOW })).resolves.toEqual(event);
});

test('missing signature headers are refused', async () => {
  const { 'webhook-signature': _dropped, ...rest } = signed(body, NOW);
  await expect(verifyWebhook({ secret, payload: body, headers: rest, now: NOW })).rejects.toThrow('missing webhook-id, webhook-timestamp or webhook-signature header');
});
