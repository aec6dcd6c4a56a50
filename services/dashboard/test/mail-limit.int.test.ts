// Sign-up and reset mail is bounded per target address and per client IP (real Redis, PostgreSQL and
// Mailpit, through the pages). Over the address limit the page is the usual one and no mail goes; over
// the IP limit the request gets 429.
import { randomBytes } from 'node:crypto';
import { Browser, Inbox, type PageResponse } from '../../../test/support/dashboard.js';
import { PrismaClient } from '../src/generated/prisma/client.js';
import { hashPassword } from '../src/auth/passwords.js';
import { FakeClock, startDashboard, type DashboardHarness } from './support.js';

const PER_ADDRESS = 3;
const PER_IP = 5;
const PASSWORD = 'correct horse battery';

let harness: DashboardHarness;
let inbox: Inbox;
const run = randomBytes(4).toString('hex');
let n = 0;
const address = () => `mail-limit-${run}-${++n}@example.com`;
// Redis outlives this harness: every IP is new to it.
const ip = () => `198.51.100.${++n % 250}-${run}`;

beforeAll(async () => {
  // The test is the proxy: its X-Forwarded-For names the client, as an ingress's would.
  harness = await startDashboard({ MAIL_MAX_PER_ADDRESS: String(PER_ADDRESS), MAIL_MAX_PER_IP: String(PER_IP), TRUST_PROXY: 'loopback' }, new FakeClock(), { web: true });
  inbox = new Inbox(harness.mailpit.webUrl);
}, 60_000);

afterAll(async () => {
  await harness?.close();
});

/** A browser from its own client IP (the dashboard trusts X-Forwarded-For, as behind an ingress). */
async function browserFrom(from: string, formPath: string): Promise<Browser> {
  const browser = new Browser(harness.baseUrl!, { 'x-forwarded-for': from });
  await browser.get(formPath);
  return browser;
}

async function signUp(email: string, from = ip()): Promise<PageResponse> {
  return (await browserFrom(from, '/signup')).post('/signup', { email, password: PASSWORD });
}

async function requestReset(email: string, from = ip()): Promise<PageResponse> {
  return (await browserFrom(from, '/reset')).post('/reset', { email });
}

const pageOf = (r: PageResponse) => ({ status: r.status, type: r.headers.get('content-type'), body: r.body });

test(`the ${PER_ADDRESS}rd sign-up mail to an address in the window is sent`, async () => {
  const email = address();
  for (let i = 0; i < PER_ADDRESS; i++) expect((await signUp(email)).status).toBe(200);
  expect(await inbox.waitFor(email, PER_ADDRESS)).toHaveLength(PER_ADDRESS);
});

test(`the ${PER_ADDRESS + 1}th sign-up to an address sends no mail and gets the same page`, async () => {
  const email = address();
  let last: PageResponse | undefined;
  for (let i = 0; i < PER_ADDRESS; i++) last = await signUp(email);
  await inbox.waitFor(email, PER_ADDRESS);
  const over = await signUp(email);
  expect(pageOf(over)).toEqual(pageOf(last!));
  // The mail is sent before the page is answered, so a mail would be in the inbox by now.
  expect(await inbox.messagesTo(email)).toHaveLength(PER_ADDRESS);
});

test(`the ${PER_ADDRESS + 1}th reset request for an address with an account sends no mail and gets the same page`, async () => {
  const email = address();
  await harness.app.get(PrismaClient).user.create({ data: { id: `usr-${run}-${n}`, email, passwordHash: await hashPassword(PASSWORD) } });
  let last: PageResponse | undefined;
  for (let i = 0; i < PER_ADDRESS; i++) last = await requestReset(email);
  await inbox.waitFor(email, PER_ADDRESS);
  const over = await requestReset(email);
  expect(pageOf(over)).toEqual(pageOf(last!));
  expect(await inbox.messagesTo(email)).toHaveLength(PER_ADDRESS);
});

test(`an IP may ask for ${PER_IP} mails across addresses, each sent`, async () => {
  const from = ip();
  const emails = Array.from({ length: PER_IP }, address);
  for (const email of emails) expect((await signUp(email, from)).status).toBe(200);
  for (const email of emails) expect(await inbox.messagesTo(email)).toHaveLength(1);
});

test(`the ${PER_IP + 1}th request from an IP gets 429 and sends no mail; other IPs are not refused`, async () => {
  const from = ip();
  for (let i = 0; i < PER_IP; i++) await requestReset(address(), from);
  const email = address();
  const refused = await signUp(email, from);
  expect(refused.status).toBe(429);
  expect(refused.headers.get('retry-after')).toBe('3600');
  expect(await inbox.messagesTo(email)).toHaveLength(0);
  expect((await signUp(email, ip())).status).toBe(200);
});
