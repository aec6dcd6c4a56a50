// The dashboard (services/dashboard) against the whole stack as processes, its mail read from a real
// Mailpit: sign-up through the e-mailed link, sign-in, the free grant once, API keys made and revoked
// through the gateway, and the account-security rules (CSRF, sign-in throttling, single-use links, the
// same answers for known and unknown addresses).
import { Browser, Inbox, linkIn } from '../support/dashboard.js';
import { startTestStack, waitFor, type TestStack } from '../support/stack-fixture.js';

const MAX_FAILURES = 3;
const PASSWORD = 'correct horse battery';

let stack: TestStack;
let inbox: Inbox;
let n = 0;
const address = (what: string) => `${what}-${process.pid}-${++n}@example.com`;

beforeAll(async () => {
  // The test acts as the ingress: its X-Forwarded-For names the client (TRUST_PROXY loopback).
  stack = await startTestStack({ LOGIN_MAX_FAILURES_PER_ACCOUNT: String(MAX_FAILURES), LOGIN_MAX_FAILURES_PER_IP: '1000', TRUST_PROXY: 'loopback' });
  inbox = new Inbox(stack.mailUrl!);
}, 180_000);

afterAll(async () => {
  await stack?.dispose();
}, 60_000);

/** Each test its own client IP, so the per-IP limit of one test never meets another's. */
const browser = () => new Browser(stack.dashboardUrl, { 'x-forwarded-for': `10.0.${n % 250}.${(n * 7) % 250}` });

/** A verified user: signed up, the mailed link followed. */
async function verifiedUser(b: Browser, email = address('user')): Promise<string> {
  await b.get('/signup');
  expect((await b.post('/signup', { email, password: PASSWORD })).status).toBe(200);
  const [mail] = await inbox.waitFor(email);
  expect((await b.get(linkIn(mail!, '/verify'))).status).toBe(200);
  return email;
}

async function signIn(b: Browser, email: string, password = PASSWORD) {
  await b.get('/signin');
  return b.post('/signin', { email, password });
}

test('the gateway\'s /status shows the dashboard operational', async () => {
  const res = await fetch(`${stack.gatewayUrl}/status`, { headers: { accept: 'application/json' } });
  const body = (await res.json()) as { components: Array<{ id: string; status: string; checks: Array<{ name: string; status: string }> }> };
  const dashboard = body.components.find((c) => c.id === 'dashboard')!;
  expect(dashboard.status).toBe('operational');
  expect(dashboard.checks).toEqual([expect.objectContaining({ name: 'dashboard', status: 'up' })]);
});

describe('sign-up, verification, sign-in', () => {
  test('sign-up mails a verification link; following it makes the account, after which sign-in works', async () => {
    const b = browser();
    const email = address('flow');
    await b.get('/signup');
    const signedUp = await b.post('/signup', { email, password: PASSWORD });
    expect(signedUp.status).toBe(200);
    expect(signedUp.body).toContain('Check your inbox');
    // Not an account until the link is followed.
    expect((await signIn(b, email)).status).toBe(401);
    const [mail] = await inbox.waitFor(email);
    expect(mail!.subject).toBe('Verify your e-mail address');
    const verified = await b.get(linkIn(mail!, '/verify'));
    expect(verified.status).toBe(200);
    expect(verified.body).toContain('E-mail verified');
    const signedIn = await signIn(b, email);
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get('location')).toBe('/');
    expect((await b.get('/')).body).toContain(email);
  });

  test('the session cookie is HttpOnly and SameSite, and a new one is issued at each sign-in', async () => {
    const b = browser();
    const email = await verifiedUser(b);
    b.cookies.set('exs_session', 'planted-by-someone-else');
    const first = await signIn(b, email);
    const cookie = first.setCookies.find((c) => c.startsWith('exs_session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(b.cookies.get('exs_session')).not.toBe('planted-by-someone-else');
    const firstSession = b.cookies.get('exs_session');
    await signIn(b, email);
    expect(b.cookies.get('exs_session')).not.toBe(firstSession);
  });

  test('a verification link works once', async () => {
    const b = browser();
    const email = address('once');
    await b.get('/signup');
    await b.post('/signup', { email, password: PASSWORD });
    const link = linkIn((await inbox.waitFor(email))[0]!, '/verify');
    expect((await b.get(link)).status).toBe(200);
    const again = await b.get(link);
    expect(again.status).toBe(400);
    expect(again.body).toContain('expired or was already used');
  });

  test('signing out ends the session', async () => {
    const b = browser();
    await signIn(b, await verifiedUser(b));
    const session = b.cookies.get('exs_session')!;
    await b.get('/');
    expect((await b.post('/signout')).status).toBe(303);
    const replayed = new Browser(stack.dashboardUrl);
    replayed.cookies.set('exs_session', session);
    expect((await replayed.get('/')).status).toBe(303);
  });
});

describe('the free grant, keys and wallet', () => {
  test('the free grant is credited once; a second claim is refused and the balance stays', async () => {
    const b = browser();
    await signIn(b, await verifiedUser(b));
    expect((await b.get('/wallet')).body).toMatch(/id="balance">USD 0\.00</);
    await b.get('/');
    const claimed = await b.post('/grant');
    expect(claimed.status).toBe(200);
    expect(claimed.body).toContain('500 free pages have been added');
    const wallet = await b.get('/wallet');
    expect(wallet.body).toMatch(/id="balance">USD 10\.00</);
    expect(wallet.body).toMatch(/id="price">USD 0\.02</);
    expect(wallet.body).toMatch(/<td>free<\/td>/);
    const again = await b.post('/grant');
    expect(again.status).toBe(409);
    expect((await b.get('/wallet')).body).toMatch(/id="balance">USD 10\.00</);
  });

  test('a new key\'s secret is shown once, authenticates API calls, and a revoked key is refused', async () => {
    const b = browser();
    await signIn(b, await verifiedUser(b));
    await b.get('/keys');
    const created = await b.post('/keys', { name: 'ci', daily_page_limit: '40' });
    expect(created.status).toBe(201);
    const secret = /id="new-key-secret">([^<]+)</.exec(created.body)![1]!;
    const keyId = /data-key-id="([^"]+)"/.exec(created.body)![1]!;
    const listed = await b.get('/keys');
    expect(listed.body).not.toContain(secret);
    expect(listed.body).toContain('<td>40</td>');
    const api = (key: string) => fetch(`${stack.gatewayUrl}/v1/wallet`, { headers: { authorization: `Bearer ${key}` } });
    expect((await api(secret)).status).toBe(200);
    expect((await b.post(`/keys/${keyId}/revoke`)).status).toBe(303);
    expect((await b.get('/keys')).body).toMatch(/revoked \d{4}-/);
    // The gateway that served the revocation drops the key at once.
    expect((await api(secret)).status).toBe(401);
  });

  test('a user cannot revoke another account\'s key', async () => {
    const owner = browser();
    await signIn(owner, await verifiedUser(owner));
    await owner.get('/keys');
    const keyId = /data-key-id="([^"]+)"/.exec((await owner.post('/keys', { name: 'mine' })).body)![1]!;
    const other = browser();
    await signIn(other, await verifiedUser(other));
    await other.get('/keys');
    expect((await other.post(`/keys/${keyId}/revoke`)).status).toBe(404);
    expect((await owner.get('/keys')).body).not.toMatch(/revoked \d{4}-/);
  });
});

describe('account security', () => {
  test('a form posted without its CSRF token is refused with 403', async () => {
    const b = browser();
    const email = await verifiedUser(b);
    await b.get('/signin');
    expect((await b.post('/signin', { email, password: PASSWORD }, false)).status).toBe(403);
    expect((await b.post('/signin', { email, password: PASSWORD, _csrf: 'forged' })).status).toBe(403);
    await signIn(b, email);
    await b.get('/');
    expect((await b.post('/grant', {}, false)).status).toBe(403);
    expect((await b.get('/')).body).toContain('Claim 500 free pages');
  });

  test(`after ${MAX_FAILURES} wrong passwords the right one is refused too; after ${MAX_FAILURES - 1} it still works`, async () => {
    const b = browser();
    const email = await verifiedUser(b);
    for (let i = 0; i < MAX_FAILURES - 1; i++) expect((await signIn(b, email, 'wrong password!')).status).toBe(401);
    expect((await signIn(b, email)).status).toBe(303);
    for (let i = 0; i < MAX_FAILURES; i++) expect((await signIn(b, email, 'wrong password!')).status).toBe(401);
    const throttled = await signIn(b, email);
    expect(throttled.status).toBe(429);
    expect(throttled.body).toContain('Too many failed sign-ins');
  });

  test('an unknown address is throttled exactly like a known one', async () => {
    const b = browser();
    const email = address('nobody');
    for (let i = 0; i < MAX_FAILURES; i++) expect((await signIn(b, email, 'wrong password!')).status).toBe(401);
    expect((await signIn(b, email)).status).toBe(429);
  });

  test('a password reset link works once; the new password signs in and old sessions end', async () => {
    const b = browser();
    const email = await verifiedUser(b);
    await signIn(b, email);
    const oldSession = b.cookies.get('exs_session')!;
    await b.get('/reset');
    await b.post('/reset', { email });
    const resetMail = (await inbox.waitFor(email, 2)).find((m) => m.subject === 'Reset your exs password')!;
    const link = linkIn(resetMail, '/reset/confirm');
    const token = new URL(link, stack.dashboardUrl).searchParams.get('token')!;
    await b.get(link);
    expect((await b.post('/reset/confirm', { token, password: 'a brand new passphrase' })).status).toBe(200);
    const reused = await b.post('/reset/confirm', { token, password: 'another new passphrase' });
    expect(reused.status).toBe(400);
    expect(reused.body).toContain('expired or was already used');
    expect((await signIn(b, email, 'another new passphrase')).status).toBe(401);
    expect((await signIn(b, email, 'a brand new passphrase')).status).toBe(303);
    const old = new Browser(stack.dashboardUrl);
    old.cookies.set('exs_session', oldSession);
    expect((await old.get('/')).status).toBe(303);
  });

  test('sign-up answers a known and an unknown address with the same page', async () => {
    const b = browser();
    const known = await verifiedUser(b);
    const unknown = address('fresh');
    await b.get('/signup');
    const forKnown = await b.post('/signup', { email: known, password: PASSWORD });
    const forUnknown = await b.post('/signup', { email: unknown, password: PASSWORD });
    expect(forKnown.status).toBe(forUnknown.status);
    expect(forKnown.body.replace(/name="_csrf" value="[^"]+"/, '')).toBe(forUnknown.body.replace(/name="_csrf" value="[^"]+"/, ''));
    // Only the inbox learns the difference.
    expect((await inbox.waitFor(known, 2))[0]!.subject).toBe('You already have an exs account');
  });

  test('a reset request answers a known and an unknown address with the same page', async () => {
    const b = browser();
    const known = await verifiedUser(b);
    await b.get('/reset');
    const forKnown = await b.post('/reset', { email: known });
    const forUnknown = await b.post('/reset', { email: address('stranger') });
    expect(forKnown.status).toBe(forUnknown.status);
    expect(forKnown.body.replace(/name="_csrf" value="[^"]+"/, '')).toBe(forUnknown.body.replace(/name="_csrf" value="[^"]+"/, ''));
  });
});

test('a page whose service is down answers 503 with a static message, and works again once it is back', async () => {
  const b = browser();
  await signIn(b, await verifiedUser(b));
  expect((await b.get('/wallet')).status).toBe(200);
  const billing = stack.services.get('billing')!;
  await billing.stop();
  try {
    const down = await b.get('/wallet');
    expect(down.status).toBe(503);
    expect(down.body).toContain('Temporarily unavailable');
    expect(down.body).not.toMatch(/127\.0\.0\.1|Error:|at /);
  } finally {
    billing.start();
    await stack.waitHealthy(60_000);
  }
  // The dashboard's channel reconnects within its backoff (at most 5 s).
  await waitFor('the wallet page to work again', async () => (await b.get('/wallet')).status === 200, 20_000);
}, 90_000);
