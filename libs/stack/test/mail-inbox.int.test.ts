import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { getFreePort, startMailpit, type RunningMailpit } from '@exs/devinfra';
import { startMailInbox, type RunningMailInbox } from '../src/mail-inbox.js';

const ROOT = join(import.meta.dirname, '../../..');

let dir: string;
let mailpit: RunningMailpit;
let inbox: RunningMailInbox;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'exs-mail-inbox-'));
  mailpit = await startMailpit({ smtpPort: await getFreePort(), httpPort: await getFreePort(), rootDir: ROOT, dataDir: join(dir, 'mailpit') });
  inbox = await startMailInbox({ mailpitUrl: mailpit.webUrl, port: 0, timeoutMs: 2_000 });
}, 300_000);

afterAll(async () => {
  await inbox?.stop();
  await mailpit?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function get(path: string) {
  const res = await fetch(`${inbox.url}${path}`, { signal: AbortSignal.timeout(10_000) });
  return { status: res.status, body: await res.text(), csp: res.headers.get('content-security-policy') };
}

async function send(subject: string, text: string, html?: string) {
  const transport = nodemailer.createTransport({ url: mailpit.smtpUrl, ignoreTLS: true, connectionTimeout: 5_000 } as never);
  await transport.sendMail({ from: 'EXS <no-reply@example.com>', to: 'reader@example.com', subject, text, html });
  transport.close();
}

async function mailpitIds(): Promise<string[]> {
  const res = await fetch(`${mailpit.webUrl}/api/v1/messages`, { signal: AbortSignal.timeout(5_000) });
  return ((await res.json()) as { messages: Array<{ ID: string }> }).messages.map((m) => m.ID);
}

test('the inbox lists a mail sent over SMTP and shows it with its links clickable and its markup escaped', async () => {
  await send('Verify <your> e-mail', 'Open http://127.0.0.1:8090/verify?token=abc&x=1. Then <b>sign in</b>.', '<p>Verify</p>');
  const [id] = await mailpitIds();

  const list = await get('/');
  expect(list.status).toBe(200);
  expect(list.csp).toContain("default-src 'none'");
  expect(list.body).toContain(`<a href="/m/${id}">Verify &lt;your&gt; e-mail</a>`);
  expect(list.body).toContain('EXS &lt;no-reply@example.com&gt;');
  expect(list.body).toContain('reader@example.com');

  const one = await get(`/m/${id}`);
  expect(one.status).toBe(200);
  expect(one.body).toContain('<h1>Verify &lt;your&gt; e-mail</h1>');
  expect(one.body).toContain('<a href="http://127.0.0.1:8090/verify?token=abc&amp;x=1" rel="noreferrer">');
  expect(one.body).toContain('Then &lt;b&gt;sign in&lt;/b&gt;.');
  expect(one.body).toContain(`href="${mailpit.webUrl}/view/${id}.html"`);
});

test('the inbox lists newest first and pages with start and limit', async () => {
  await send('older one', 'a');
  await send('newer one', 'b');
  const first = await get('/?limit=1');
  expect(first.body).toContain('newer one');
  expect(first.body).not.toContain('older one');
  expect(first.body).toContain('href="/?start=1&amp;limit=1">Older</a>');
  const second = await get('/?start=1&limit=1');
  expect(second.body).toContain('older one');
  expect(second.body).toContain('href="/?start=0&amp;limit=1">Newer</a>');
  expect((await get('/?limit=abc')).status).toBe(400);
  expect((await get('/?limit=100000')).status).toBe(400);
});

test('an ID outside Mailpit\'s charset or an unknown one is a 404', async () => {
  expect((await get('/m/..%2F..%2Fapi%2Fv1%2Finfo')).status).toBe(404);
  expect((await get('/m/abc-def')).status).toBe(404);
  expect((await get('/m/' + 'A'.repeat(23))).status).toBe(404);
  expect((await get('/m/' + 'A'.repeat(22))).status).toBe(404);
  expect((await get('/nowhere')).status).toBe(404);
});

test('a Mailpit that accepts but never answers gives a 502 once the deadline passes', async () => {
  const silent = createNetServer(() => {});
  await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
  const hung = await startMailInbox({ mailpitUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`, port: 0, timeoutMs: 500 });
  try {
    const started = Date.now();
    const res = await fetch(`${hung.url}/`, { signal: AbortSignal.timeout(5_000) });
    expect(res.status).toBe(502);
    expect(Date.now() - started).toBeLessThan(2_000);
  } finally {
    await hung.stop();
    silent.close();
  }
});

// Last: it stops the shared Mailpit.
test('a stopped Mailpit gives a 502 page quickly, not a crash', async () => {
  await mailpit.stop();
  const started = Date.now();
  const list = await get('/');
  expect(list.status).toBe(502);
  expect(list.body).toContain('Mailpit is not answering');
  expect(Date.now() - started).toBeLessThan(1_500);
  expect((await get(`/m/${'A'.repeat(22)}`)).status).toBe(502);
  // A malformed ID never reaches Mailpit: still a 404 while it is down.
  expect((await get('/m/abc-def')).status).toBe(404);
});
